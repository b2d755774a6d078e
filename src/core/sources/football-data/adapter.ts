// football-data.org v4 (football): docs/providers.md "football-data.org". No envelope; the period is not exposed
// (inferred from halfTime and duration); `fullTime` is the running score and, after a shoot-out, counts the
// shoot-out's goals, so the score is regularTime + extraTime when both are set, else fullTime − penalties. Goals, bookings and substitutions come only
// on plans that carry them (single-match resource); their absence is not an empty timeline.
import { eventIds, matchId, playerId, teamId } from "../ids";
import {
  FeedError,
  type Call,
  type EventIn,
  type LeagueIn,
  type Mapping,
  type MatchFields,
  type MatchState,
  type Parsed,
  type Provider,
} from "../contract";
import { arr, footballClock, int, obj, ourSeason, seasonStart, str, teamOf, withinScore, type Json } from "../common";
import { footballDataQuota } from "./quota";

/** Our ids for its things: `m_fd_<fixture id>`, `tm_fd_<team id>`, `pl_fd_<player id>` (docs/feeds.md "Ids"). */
const ID_PREFIX = "fd";
const SPORT = "football";

/** `status` → our status code (FINISHED by `duration`); the period is inferred (docs/feeds.md "Status and period mapping"). */
export const FOOTBALL_DATA_STATUS: Record<string, number> = {
  SCHEDULED: 1,
  TIMED: 1,
  IN_PLAY: 2,
  PAUSED: 2,
  EXTRA_TIME: 2,
  PENALTY_SHOOTOUT: 2,
  FINISHED: 3, // 10 when duration is EXTRA_TIME, 9 when PENALTY_SHOOTOUT
  SUSPENDED: 7,
  POSTPONED: 4,
  CANCELLED: 5,
  AWARDED: 6,
};

const matches = (m: Mapping, query: Record<string, string>, kind: Call["kind"]): Call => ({
  kind,
  path: `/competitions/${encodeURIComponent(m.provider_league)}/matches`,
  query,
});

export const footballData: Provider<"football-data"> = {
  name: "football-data",
  idPrefix: ID_PREFIX,
  rank: "live",
  sports: [SPORT],
  config: {
    vars: ["FOOTBALL_DATA_BASE_URL", "FOOTBALL_DATA_PER_DAY", "FOOTBALL_DATA_PER_MINUTE"],
    secrets: ["FOOTBALL_DATA_TOKEN"],
  },
  sport: SPORT,
  detailAdds: true,
  liveOnlyListsInPlay: false,
  baseVar: "FOOTBALL_DATA_BASE_URL",
  quotaVars: { perDay: "FOOTBALL_DATA_PER_DAY", perMinute: "FOOTBALL_DATA_PER_MINUTE" },
  defaultBase: "https://api.football-data.org/v4",
  // The free plan: 10 calls a minute (policies page); no day limit is documented for a token.
  defaultQuota: { perDay: 14_400, perMinute: 10 },
  headers: (env) => ({ "X-Auth-Token": env.FOOTBALL_DATA_TOKEN ?? "" }),
  fixtures: (m) => matches(m, { season: seasonStart(m.season) ?? m.season }, "fixtures"),
  day: (ms, day) => ms.map((m) => matches(m, { dateFrom: day, dateTo: day }, "today")),
  live: (ms, days) => {
    if (days.length === 0) return [];
    const from = days.reduce((a, b) => (a < b ? a : b));
    const to = days.reduce((a, b) => (a > b ? a : b));
    return ms.map((m) => ({
      ...matches(m, { dateFrom: from, dateTo: to }, "live"),
      covers: { leagues: [m.league_id], days },
    }));
  },
  detail: (refs) => refs.map((r) => ({ kind: "followup", path: `/matches/${encodeURIComponent(r)}`, query: {} })),
  parse(_call, body, ms) {
    const b = obj(body);
    const list = Array.isArray(b.matches) ? b.matches : b.id !== undefined ? [b] : [];
    const parsed: Parsed = { matches: [], leagues: [] };
    const named = new Set<string>();
    for (const item of list) {
      const x = obj(item);
      const comp = { ...obj(b.competition), ...obj(x.competition) };
      const m = mappingOf(ms, comp, obj(x.season));
      if (!m) continue;
      if (!named.has(m.league_id)) {
        named.add(m.league_id);
        parsed.leagues.push(leagueRow(comp, obj(x.area), m));
      }
      const state = matchState(x, m);
      if (state) parsed.matches.push(state);
    }
    return parsed;
  },
  quota: footballDataQuota,
  error(status, body, headers) {
    const b = obj(body);
    const message = str(b.message) ?? `HTTP ${status}`;
    if (status === 429) {
      const reset = int(headers.get("x-requestcounter-reset")) ?? int(/wait (\d+) seconds/i.exec(message)?.[1]) ?? 60;
      return new FeedError(message, "quota", reset);
    }
    if (status === 401 || status === 403) return new FeedError(message, "auth");
    if (status >= 400) return new FeedError(`HTTP ${status}: ${message}`, "provider");
    if (b.errorCode !== undefined) return new FeedError(message, "provider");
    return undefined;
  },
};

function mappingOf(ms: Mapping[], comp: Json, season: Json): Mapping | undefined {
  const start = seasonStart(String(season.startDate ?? "").slice(0, 4));
  return ms.find(
    (m) =>
      (m.provider_league === String(comp.id ?? "") || m.provider_league === String(comp.code ?? "")) &&
      (start === null || seasonStart(m.season) === start),
  );
}

function leagueRow(comp: Json, area: Json, m: Mapping): LeagueIn {
  return {
    id: m.league_id,
    sport: "football",
    name: str(comp.name) ?? m.provider_league,
    country: str(area.name) ?? "World",
    season: ourSeason(m.season) ?? "2026/27",
    logo_url: str(comp.emblem),
    format: comp.type === "LEAGUE" ? "league" : "cup",
  };
}

/**
 * `stage` → our round's name, as the history names it (openfootball: "Round of 16", "Match for third place", "Group A,
 * Matchday 1"), so a knockout round is one (`isKnockoutRound`) and a group's matches make its table.
 */
const STAGES: Record<string, string> = {
  LAST_64: "Round of 64",
  LAST_32: "Round of 32",
  LAST_16: "Round of 16",
  QUARTER_FINALS: "Quarter-finals",
  SEMI_FINALS: "Semi-finals",
  THIRD_PLACE: "Match for third place",
  BRONZE: "Match for third place",
  FINAL: "Final",
  PLAYOFFS: "Playoffs",
  PLAYOFF_ROUND: "Play-off round",
  PLAYOFF_ROUND_1: "Play-off round 1",
  PLAYOFF_ROUND_2: "Play-off round 2",
  PRELIMINARY_ROUND: "Preliminary round",
  PRELIMINARY_SEMI_FINALS: "Preliminary round, Semi-finals",
  PRELIMINARY_FINAL: "Preliminary round, Final",
  QUALIFICATION: "Qualification",
  QUALIFICATION_ROUND_1: "Qualification round 1",
  QUALIFICATION_ROUND_2: "Qualification round 2",
  QUALIFICATION_ROUND_3: "Qualification round 3",
  ROUND_1: "Round 1",
  ROUND_2: "Round 2",
  ROUND_3: "Round 3",
  ROUND_4: "Round 4",
};

/**
 * The round: a group's matchday ("Group A, Matchday 1"), a league phase's ("League, Matchday 3"), a season's
 * ("Matchday 12"), or the knockout stage's name. A knockout's `matchday` is not used: the World Cup numbers its
 * rounds 4–8 with it, the Champions League its legs 1–2 (docs/providers.md "Rounds").
 */
export function roundOf(x: Json): string | null {
  const stage = String(x.stage ?? "");
  const md = int(x.matchday);
  const group = /^GROUP_([A-Z0-9]{1,2})$/.exec(String(x.group ?? ""))?.[1];
  const day = md !== null ? `Matchday ${md}` : null;
  if (group) return day ? `Group ${group}, ${day}` : `Group ${group}`;
  if (stage in STAGES) return STAGES[stage]!;
  if (stage === "LEAGUE_STAGE") return day ? `League, ${day}` : "League";
  if (stage === "REGULAR_SEASON" || stage === "GROUP_STAGE" || stage === "") return day;
  const words = stage.toLowerCase().replace(/_/g, " ");
  return words ? words[0]!.toUpperCase() + words.slice(1) + (day ? `, ${day}` : "") : day;
}

type Pair = { home: number | null; away: number | null };
const pair = (v: unknown): Pair => ({ home: int(obj(v).home), away: int(obj(v).away) });
const set = (p: Pair) => p.home !== null && p.away !== null;

/** The score without shoot-out goals: `fullTime` counts them after a shoot-out (docs/providers.md "football-data.org"). */
function scoreOf(score: Json): Pair {
  const full = pair(score.fullTime);
  if (score.duration !== "PENALTY_SHOOTOUT") return full;
  const reg = pair(score.regularTime);
  const et = pair(score.extraTime);
  if (set(reg) && set(et)) return { home: reg.home! + et.home!, away: reg.away! + et.away! };
  const pen = pair(score.penalties);
  if (set(full) && set(pen))
    return { home: Math.max(0, full.home! - pen.home!), away: Math.max(0, full.away! - pen.away!) };
  return full;
}

function matchState(x: Json, m: Mapping): MatchState | undefined {
  const ref = int(x.id);
  const home = obj(x.homeTeam);
  const away = obj(x.awayTeam);
  const homeRef = int(home.id);
  const awayRef = int(away.id);
  if (ref === null || homeRef === null || awayRef === null) return undefined;
  const id = matchId(ID_PREFIX, ref);
  const country = str(obj(x.area).name) ?? "World";
  const team = (t: Json, r: number) =>
    teamOf(ID_PREFIX, SPORT, r, country, { name: t.name, short_name: t.shortName, logo: t.crest });
  const status = String(x.status ?? "");
  const state: MatchState = {
    ref: String(ref),
    id,
    sport: "football",
    league_id: m.league_id,
    provider_status: status,
    teams: [team(home, homeRef), team(away, awayRef)],
    fields: {},
  };
  if (FOOTBALL_DATA_STATUS[status] === undefined) return { ...state, problem: `unknown status "${status}"` };
  state.fields = fields(x, status, homeRef, awayRef);
  if (Array.isArray(x.goals) || Array.isArray(x.bookings) || Array.isArray(x.substitutions))
    state.events = withinScore(events(id, x, { [homeRef]: "home", [awayRef]: "away" }), {
      home: state.fields.home_score ?? null,
      away: state.fields.away_score ?? null,
    });
  return state;
}

function fields(x: Json, status: string, home: number, away: number): MatchFields {
  const score = obj(x.score);
  const duration = String(score.duration ?? "REGULAR");
  const ht = pair(score.halfTime);
  const pen = pair(score.penalties);
  const minute = "minute" in x ? int(x.minute) : undefined;
  let code = FOOTBALL_DATA_STATUS[status]!;
  if (status === "FINISHED") code = duration === "PENALTY_SHOOTOUT" ? 9 : duration === "EXTRA_TIME" ? 10 : 3;
  const live = code === 2;
  const extra = duration === "EXTRA_TIME" || status === "EXTRA_TIME";
  const period = !live
    ? null
    : status === "PENALTY_SHOOTOUT" || duration === "PENALTY_SHOOTOUT"
      ? 16
      : status === "PAUSED"
        ? extra
          ? 39
          : 38
        : extra
          ? minute !== undefined && minute !== null && minute > 105
            ? 15
            : 14
          : set(ht)
            ? 13
            : 12;
  const { home: hs, away: as } = scoreOf(score);
  const referee = arr(x.referees)
    .map(obj)
    .find((r) => r.type === "REFEREE");
  const f: MatchFields = {
    season: ourSeason(String(obj(x.season).startDate ?? "").slice(0, 4)) ?? undefined,
    round: roundOf(x),
    home_team_id: teamId(ID_PREFIX, home),
    away_team_id: teamId(ID_PREFIX, away),
    kickoff_ts:
      typeof x.utcDate === "string" && !Number.isNaN(Date.parse(x.utcDate))
        ? Math.floor(Date.parse(x.utcDate) / 1000)
        : undefined,
    status_code: code,
    home_score: hs ?? 0,
    away_score: as ?? 0,
    period,
    ht_home_score: ht.home,
    ht_away_score: ht.away,
    home_penalties: pen.home,
    away_penalties: pen.away,
    referee: referee ? str(referee.name) : null,
  };
  if (!live) Object.assign(f, { minute: null, added_time: null });
  else if (minute !== undefined) Object.assign(f, { minute, added_time: int(x.injuryTime) || null });
  if ("venue" in x) f.venue = str(x.venue);
  if ("attendance" in x) f.attendance = int(x.attendance);
  for (const k of Object.keys(f) as (keyof MatchFields)[]) if (f[k] === undefined) delete f[k];
  return f;
}

const GOAL_TYPES: Record<string, string> = { REGULAR: "goal", OWN: "own_goal", PENALTY: "penalty_goal" };
const CARD_TYPES: Record<string, string> = { YELLOW: "yellow_card", YELLOW_RED: "second_yellow", RED: "red_card" };

function events(match: string, x: Json, sides: Record<number, "home" | "away">): EventIn[] {
  const drafts: { key: string; ev: Omit<EventIn, "id">; at: number }[] = [];
  const base = (e: Json) => {
    const minute = int(e.minute);
    const extra = int(e.injuryTime);
    return {
      ...footballClock(minute, extra),
      team: sides[int(obj(e.team).id) ?? -1] ?? null,
      player: null as string | null,
      player_id: null as string | null,
      player_in: null,
      player_in_id: null,
      player_out: null,
      player_out_id: null,
      detail: null as string | null,
    };
  };
  const at = (e: Omit<EventIn, "id">) => (e.minute ?? 0) * 100 + (e.added_time ?? 0);
  for (const g of arr(x.goals).map(obj)) {
    const b = base(g);
    const scorer = obj(g.scorer);
    const assist = str(obj(g.assist).name);
    const ev = {
      ...b,
      type: GOAL_TYPES[String(g.type)] ?? "goal",
      player: str(scorer.name),
      player_id: playerId(ID_PREFIX, int(scorer.id)),
      detail: assist ? `Assist: ${assist}` : null,
    };
    drafts.push({ key: `goal|${b.team}|${b.minute}|${b.added_time ?? 0}`, ev, at: at(ev) });
  }
  for (const c of arr(x.bookings).map(obj)) {
    const b = base(c);
    const p = obj(c.player);
    const ev = {
      ...b,
      type: CARD_TYPES[String(c.card)] ?? "yellow_card",
      player: str(p.name),
      player_id: playerId(ID_PREFIX, int(p.id)),
    };
    drafts.push({ key: `card|${b.team}|${b.minute}|${b.added_time ?? 0}`, ev, at: at(ev) });
  }
  for (const s of arr(x.substitutions).map(obj)) {
    const b = base(s);
    const out = obj(s.playerOut);
    const inn = obj(s.playerIn);
    const ev = {
      ...b,
      type: "substitution",
      player_out: str(out.name),
      player_out_id: playerId(ID_PREFIX, int(out.id)),
      player_in: str(inn.name),
      player_in_id: playerId(ID_PREFIX, int(inn.id)),
    };
    drafts.push({ key: `subst|${b.team}|${b.minute}|${b.added_time ?? 0}`, ev, at: at(ev) });
  }
  drafts.sort((a, b) => a.at - b.at);
  const ids = eventIds(
    match,
    drafts.map((d) => d.key),
  );
  return drafts.map((d, i) => ({ id: ids[i]!, ...d.ev }));
}
