// API-Football v3 (football): docs/providers.md "API-Football". Maps on `status.short` only; events have no ids (ids
// from what identifies them); a shoot-out's kicks are not goals; which side of a `subst` comes on is decided on the
// pitch, not by the field order (./substitutions.ts); a VAR cancellation takes back only a goal it matches; the score
// comes from `goals` (extra time included, shoot-out excluded), never from counting events, and the timeline never
// shows more goals than it.
import { STATUS } from "../../domain/codes";
import { eventIds, matchId, playerId, teamId } from "../ids";
import type {
  Call,
  EventIn,
  LeagueIn,
  LineupsIn,
  Mapping,
  MatchFields,
  MatchState,
  Parsed,
  Provider,
  StatIn,
} from "../contract";
import { AT_THE_END, playerLeaves, vote, type Clue, type Lineup as PitchLineup, type Person } from "../substitutions";
import { arr, footballClock, int, obj, ourSeason, seasonStart, statNumber, str, teamOf, type Json } from "../common";
import { apiSportsError, apiSportsQuota } from "../api-sports";

/** Our ids for its things: `m_af_<fixture id>`, `tm_af_<team id>`, `pl_af_<player id>` (docs/feeds.md "Ids"). */
const ID_PREFIX = "af";
const SPORT = "football";

/** `status.short` → our status code, and the period while live (null: not stated): docs/providers.md "Statuses". */
export const API_FOOTBALL_STATUS: Record<string, { status: number; period?: number | null }> = {
  TBD: { status: 1, period: null },
  NS: { status: 1, period: null },
  "1H": { status: 2, period: 12 },
  HT: { status: 2, period: 38 },
  "2H": { status: 2, period: 13 },
  ET: { status: 2 }, // 14 or 15 by the elapsed minute
  BT: { status: 2, period: 39 },
  P: { status: 2, period: 16 },
  LIVE: { status: 2, period: null },
  SUSP: { status: 7, period: null },
  INT: { status: 7, period: null },
  FT: { status: 3, period: null },
  AET: { status: 10, period: null },
  PEN: { status: 9, period: null },
  PST: { status: 4, period: null },
  CANC: { status: 5, period: null },
  ABD: { status: 8, period: null },
  AWD: { status: 6, period: null },
  WO: { status: 6, period: null },
};

/** Statuses in which the first half is over, so `score.halftime` is the half-time score (it fills during 1H too). */
const PAST_HALF = new Set(["HT", "2H", "ET", "BT", "P", "FT", "AET", "PEN", "AWD", "WO"]);

/** `statistics[].type` → our section and name (the demo's names, docs/feeds.md); others keep theirs under "Other". */
const STATS: Record<string, [string, string]> = {
  "ball possession": ["Summary", "Ball possession"],
  "total shots": ["Summary", "Total shots"],
  "shots on goal": ["Summary", "Shots on target"],
  "corner kicks": ["Summary", "Corner kicks"],
  fouls: ["Summary", "Fouls"],
  offsides: ["Summary", "Offsides"],
  expected_goals: ["Summary", "Expected goals (xG)"],
  "yellow cards": ["Discipline", "Yellow cards"],
  "red cards": ["Discipline", "Red cards"],
  "total passes": ["Passes", "Passes"],
  "passes accurate": ["Passes", "Accurate passes"],
  "passes %": ["Passes", "Pass accuracy (%)"],
  "goalkeeper saves": ["Goalkeeping", "Saves"],
  goals_prevented: ["Goalkeeping", "Goals prevented"],
  "shots off goal": ["Shots", "Shots off target"],
  "blocked shots": ["Shots", "Blocked shots"],
  "shots insidebox": ["Shots", "Shots inside the box"],
  "shots outsidebox": ["Shots", "Shots outside the box"],
};

const lower = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() : "");

function call(kind: Call["kind"], query: Record<string, string>): Call {
  return { kind, path: "/fixtures", query };
}

export const apiFootball: Provider<"api-football"> = {
  name: "api-football",
  idPrefix: ID_PREFIX,
  rank: "live",
  sports: [SPORT],
  config: {
    vars: ["API_FOOTBALL_BASE_URL", "API_FOOTBALL_PER_DAY", "API_FOOTBALL_PER_MINUTE"],
    secrets: ["API_SPORTS_KEY"],
  },
  sport: SPORT,
  detailAdds: true,
  liveOnlyListsInPlay: true,
  baseVar: "API_FOOTBALL_BASE_URL",
  quotaVars: { perDay: "API_FOOTBALL_PER_DAY", perMinute: "API_FOOTBALL_PER_MINUTE" },
  defaultBase: "https://v3.football.api-sports.io",
  defaultQuota: { perDay: 100, perMinute: 10 },
  headers: (env) => ({ "x-apisports-key": env.API_SPORTS_KEY ?? "" }),
  fixtures: (m) => call("fixtures", { league: m.provider_league, season: seasonStart(m.season) ?? m.season }),
  day: (ms, day) =>
    ms.map((m) => call("today", { date: day, league: m.provider_league, season: seasonStart(m.season) ?? m.season })),
  // One call for every live fixture of the mapped leagues, events included (docs/providers.md "API-Football").
  live: (ms) =>
    ms.length === 0
      ? []
      : [
          {
            ...call("live", { live: [...new Set(ms.map((m) => m.provider_league))].join("-") }),
            covers: { leagues: ms.map((m) => m.league_id) },
          },
        ],
  // Up to 20 fixtures per call, with events, lineups and statistics embedded.
  detail: (refs) => {
    const out: Call[] = [];
    for (let i = 0; i < refs.length; i += 20) out.push(call("followup", { ids: refs.slice(i, i + 20).join("-") }));
    return out;
  },
  parse(_call, body, ms) {
    const parsed: Parsed = { matches: [], leagues: [] };
    const named = new Set<string>();
    const items = arr(obj(body).response).map(obj);
    // Substitutions nothing in their match decides go the way this answer's others went (./substitutions.ts).
    const votes = answerVote(items);
    const fallback = votes > 0 ? true : votes < 0 ? false : undefined;
    for (const f of items) {
      const league = obj(f.league);
      const m = mappingOf(ms, league);
      if (!m) continue;
      if (!named.has(m.league_id)) {
        named.add(m.league_id);
        parsed.leagues.push(leagueRow(league, m));
      }
      const state = fixtureState(f, m, fallback);
      if (state) parsed.matches.push(state);
    }
    return parsed;
  },
  quota: apiSportsQuota,
  error: (status, body, _h, nowMs) => apiSportsError(status, body, nowMs),
};

function mappingOf(ms: Mapping[], league: Json): Mapping | undefined {
  const id = String(league.id ?? "");
  const season = seasonStart(league.season);
  return ms.find((m) => m.provider_league === id && seasonStart(m.season) === season);
}

function leagueRow(league: Json, m: Mapping): LeagueIn {
  return {
    id: m.league_id,
    sport: "football",
    name: str(league.name) ?? `League ${m.provider_league}`,
    country: str(league.country) ?? "World",
    season: ourSeason(m.season) ?? "2026/27",
    logo_url: str(league.logo),
    format: /cup|champions|libertadores|copa|world|euro/i.test(String(league.name ?? "")) ? "cup" : "league",
  };
}

function fixtureState(f: Json, m: Mapping, fallback: boolean | undefined): MatchState | undefined {
  const fx = obj(f.fixture);
  const ref = int(fx.id);
  const home = obj(obj(f.teams).home);
  const away = obj(obj(f.teams).away);
  const homeRef = int(home.id);
  const awayRef = int(away.id);
  if (ref === null || homeRef === null || awayRef === null) return undefined;
  const id = matchId(ID_PREFIX, ref);
  const league = obj(f.league);
  const country = str(league.country) ?? "World";
  const team = (t: Json, r: number) => teamOf(ID_PREFIX, SPORT, r, country, { name: t.name, logo: t.logo });
  const st = obj(fx.status);
  const short = String(st.short ?? "").toUpperCase();
  const code = API_FOOTBALL_STATUS[short];
  const state: MatchState = {
    ref: String(ref),
    id,
    sport: "football",
    league_id: m.league_id,
    provider_status: short,
    teams: [team(home, homeRef), team(away, awayRef)],
    fields: {},
  };
  if (!code) return { ...state, problem: `unknown status "${short}"` };
  state.fields = matchFields(f, short, code, homeRef, awayRef);
  const sides = { [homeRef]: "home", [awayRef]: "away" } as Record<number, "home" | "away">;
  if (Array.isArray(f.events))
    state.events = events(
      id,
      f.events,
      sides,
      f.lineups,
      { home: int(obj(f.goals).home), away: int(obj(f.goals).away) },
      fallback,
    );
  if (Array.isArray(f.lineups) && f.lineups.length > 0) {
    const l = lineups(f.lineups, sides);
    if (l) {
      state.lineups = l;
      state.fields.home_formation = l.home.formation;
      state.fields.away_formation = l.away.formation;
    }
  }
  if (Array.isArray(f.statistics) && f.statistics.length > 0) state.stats = stats(f.statistics, sides);
  return state;
}

function matchFields(
  f: Json,
  short: string,
  code: { status: number; period?: number | null },
  home: number,
  away: number,
): MatchFields {
  const fx = obj(f.fixture);
  const st = obj(fx.status);
  const goals = obj(f.goals);
  const score = obj(f.score);
  const ht = obj(score.halftime);
  const pen = obj(score.penalty);
  const elapsed = int(st.elapsed);
  const live = code.status === STATUS.LIVE;
  const period = code.period !== undefined ? code.period : elapsed !== null && elapsed > 105 ? 15 : 14;
  const venue = obj(fx.venue);
  const fields: MatchFields = {
    season: ourSeason(obj(f.league).season) ?? undefined,
    round: str(obj(f.league).round),
    home_team_id: teamId(ID_PREFIX, home),
    away_team_id: teamId(ID_PREFIX, away),
    kickoff_ts: int(fx.timestamp) ?? secondsOf(fx.date),
    status_code: code.status,
    home_score: int(goals.home) ?? 0,
    away_score: int(goals.away) ?? 0,
    period: live ? period : null,
    minute: live ? (short === "HT" ? 45 : short === "P" ? 120 : elapsed) : null,
    added_time: live && int(st.extra) !== null && int(st.extra)! > 0 ? int(st.extra) : null,
    referee: str(fx.referee),
    venue: str(venue.name),
    ht_home_score: PAST_HALF.has(short) ? int(ht.home) : null,
    ht_away_score: PAST_HALF.has(short) ? int(ht.away) : null,
    home_penalties: int(pen.home),
    away_penalties: int(pen.away),
  };
  if (fields.season === undefined) delete fields.season;
  if (fields.kickoff_ts === undefined) delete fields.kickoff_ts;
  return fields;
}

/** An ISO-8601 time with offset as Unix seconds (when `timestamp` is missing). */
function secondsOf(v: unknown): number | undefined {
  const ms = typeof v === "string" ? Date.parse(v) : NaN;
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/** The VAR details that take a goal back: "Goal cancelled", "Goal Disallowed …" (docs/providers.md "API-Football: VAR"). */
const cancelsGoal = (detail: string) => detail.startsWith("goal cancelled") || detail.startsWith("goal disallowed");

/** A goal a VAR cancellation may take back was scored at most this many minutes before the review. */
const VAR_WINDOW_MIN = 5;

type Side = "home" | "away";
/** An event of the answer in our terms, before its id; `at` orders it (45+2 before 46'). */
interface Draft {
  key: string;
  ev: Omit<EventIn, "id">;
  at: number;
  cancelled?: boolean;
  /** A substitution: its two people as the answer names them (which one leaves is decided on the pitch). */
  sub?: { player: Person; assist: Person };
}

const at = (elapsed: number | null, extra: number | null) => (elapsed ?? 0) * 100 + (extra ?? 0);
const person = (v: unknown): Person => ({ id: int(obj(v).id), name: str(obj(v).name) });
const other = (s: Side | null): Side | null => (s === "home" ? "away" : s === "away" ? "home" : null);

/** What the answer's events say about who was on the pitch, for ./substitutions.ts. */
function cluesOf(raw: unknown[], sides: Record<number, Side>): Clue[] {
  const clues: Clue[] = [];
  for (const item of raw) {
    const e = obj(item);
    const type = lower(e.type);
    const detail = lower(e.detail);
    const time = obj(e.time);
    const side = sides[int(obj(e.team).id) ?? -1] ?? null;
    const shootout = lower(e.comments).includes("penalty shootout");
    const when = shootout ? AT_THE_END : at(int(time.elapsed), int(time.extra));
    const on = (who: Person, s: Side | null, strong: boolean) =>
      (who.id !== null || who.name !== null) && clues.push({ kind: "on", side: s, at: when, who, strong });
    if (type === "subst" && side) {
      clues.push({ kind: "sub", side, at: when, player: person(e.player), assist: person(e.assist) });
    } else if (type === "goal") {
      // An own goal is filed under the side it counted for: its scorer plays for the other one.
      on(person(e.player), detail === "own goal" ? other(side) : side, true);
      if (detail !== "missed penalty" && !shootout) on(person(e.assist), side, true);
    } else if (type === "card") on(person(e.player), side, false);
    else if (type === "var") on(person(e.player), side, false);
  }
  return clues;
}

/** The line-ups as ./substitutions.ts reads them. */
function pitchLineups(raw: unknown, sides: Record<number, Side>): Partial<Record<Side, PitchLineup>> | undefined {
  if (!Array.isArray(raw) || raw.length === 0) return undefined;
  const out: Partial<Record<Side, PitchLineup>> = {};
  for (const item of raw) {
    const l = obj(item);
    const side = sides[int(obj(l.team).id) ?? -1];
    const people = (list: unknown) => arr(list).map((x) => person(obj(x).player));
    if (side) out[side] = { starters: people(l.startXI), substitutes: people(l.substitutes) };
  }
  return out;
}

/** How the answer's decided substitutions went, all fixtures together (+: `player` leaves). */
function answerVote(items: Json[]): number {
  let n = 0;
  for (const f of items) {
    if (!Array.isArray(f.events)) continue;
    const sides = sidesOf(f);
    n += vote(cluesOf(f.events, sides), pitchLineups(f.lineups, sides));
  }
  return n;
}

function sidesOf(f: Json): Record<number, Side> {
  const t = obj(f.teams);
  const out: Record<number, Side> = {};
  const h = int(obj(t.home).id);
  const a = int(obj(t.away).id);
  if (h !== null) out[h] = "home";
  if (a !== null) out[a] = "away";
  return out;
}

function events(
  match: string,
  raw: unknown[],
  sides: Record<number, Side>,
  lineupsRaw: unknown,
  score: { home: number | null; away: number | null },
  fallback: boolean | undefined,
): EventIn[] {
  const drafts: Draft[] = [];
  for (const item of raw) {
    const e = obj(item);
    const type = lower(e.type);
    const detail = lower(e.detail);
    const comments = lower(e.comments);
    const time = obj(e.time);
    const elapsed = int(time.elapsed);
    const extra = int(time.extra);
    const side = sides[int(obj(e.team).id) ?? -1] ?? null;
    const p = obj(e.player);
    const a = obj(e.assist);
    // A shoot-out's kicks are `Goal` events with comments "Penalty Shootout": not goals (the score is `score.penalty`).
    if (type === "goal" && comments.includes("penalty shootout")) continue;
    const base = {
      ...footballClock(elapsed, extra),
      team: side,
      player: str(p.name),
      player_id: playerId(ID_PREFIX, int(p.id)),
      player_in: null,
      player_in_id: null,
      player_out: null,
      player_out_id: null,
      detail: null as string | null,
    };
    const when = at(elapsed, extra);
    const push = (ev: Omit<EventIn, "id">, sub?: Draft["sub"]) =>
      drafts.push({ key: `${type}|${side}|${elapsed}|${extra ?? 0}`, ev, at: when, sub });
    if (type === "goal") {
      const t =
        detail === "own goal"
          ? "own_goal"
          : detail === "penalty"
            ? "penalty_goal"
            : detail === "missed penalty"
              ? "missed_penalty"
              : "goal";
      push({ ...base, type: t, detail: str(a.name) && t !== "missed_penalty" ? `Assist: ${str(a.name)}` : null });
    } else if (type === "card") {
      const t = detail.includes("second yellow")
        ? "second_yellow"
        : detail.startsWith("red")
          ? "red_card"
          : "yellow_card";
      push({ ...base, type: t, detail: str(e.comments) });
    } else if (type === "subst") {
      push({ ...base, type: "substitution", player: null, player_id: null }, { player: person(p), assist: person(a) });
    } else if (type === "var") {
      push({ ...base, type: "var", detail: str(e.detail) });
      if (cancelsGoal(detail)) cancelMatchingGoal(drafts, side, person(p), when);
    }
  }
  orientSubstitutions(drafts, raw, sides, lineupsRaw, fallback);
  fitGoalsToScore(drafts, score);
  const ids = eventIds(
    match,
    drafts.map((d) => d.key),
  );
  return drafts.flatMap((d, i) => (d.cancelled ? [] : [{ id: ids[i]!, ...d.ev }]));
}

/** Fills each substitution's `player_in`/`player_out` the way the pitch decides (./substitutions.ts). */
function orientSubstitutions(
  drafts: Draft[],
  raw: unknown[],
  sides: Record<number, Side>,
  lineupsRaw: unknown,
  fallback: boolean | undefined,
) {
  const leaves = playerLeaves(cluesOf(raw, sides), pitchLineups(lineupsRaw, sides), fallback);
  let i = 0;
  for (const d of drafts) {
    if (!d.sub) continue;
    const [out, inn] = (leaves[i++] ?? true) ? [d.sub.player, d.sub.assist] : [d.sub.assist, d.sub.player];
    Object.assign(d.ev, {
      player_out: out.name,
      player_out_id: playerId(ID_PREFIX, out.id),
      player_in: inn.name,
      player_in_id: playerId(ID_PREFIX, inn.id),
    });
  }
}

const GOALS = ["goal", "penalty_goal", "own_goal"];

/**
 * VAR took back a goal: the goal it matches leaves the timeline — the side's latest goal scored at most
 * VAR_WINDOW_MIN minutes before the review, by the player the review names when it names one. The provider often
 * drops the cancelled goal itself first (FC Basel–FC Sion, 3 Sep 2026: the review at 45+2 names Celar, whose 40'
 * goal stands); then nothing matches and nothing is taken back.
 */
function cancelMatchingGoal(drafts: Draft[], side: Side | null, who: Person, when: number) {
  const by = (d: Draft) =>
    (who.id === null || d.ev.player_id === playerId(ID_PREFIX, who.id)) &&
    (who.name === null || who.id !== null || d.ev.player === who.name);
  for (let i = drafts.length - 1; i >= 0; i--) {
    const d = drafts[i]!;
    const minutes = Math.floor(when / 100) + (when % 100) - (Math.floor(d.at / 100) + (d.at % 100));
    if (!GOALS.includes(d.ev.type) || d.cancelled || d.ev.team !== side) continue;
    if (d.at > when || minutes > VAR_WINDOW_MIN || !by(d)) continue;
    d.cancelled = true;
    return;
  }
}

/**
 * The timeline never says more or, after a cancellation, fewer goals than the score (`goals`, the provider's word):
 * a cancellation that would leave a side below its score is undone (latest first), and goal events past a side's
 * score are held back, latest first, until the score counts them (a goal listed at 0–0, seen in real answers).
 */
function fitGoalsToScore(drafts: Draft[], score: { home: number | null; away: number | null }) {
  for (const side of ["home", "away"] as const) {
    const stated = score[side];
    // A score that is no score (missing, or a value validation will drop) decides nothing.
    if (stated === null || stated < 0 || stated > 999) continue;
    const goals = drafts.filter((d) => GOALS.includes(d.ev.type) && d.ev.team === side);
    let standing = goals.filter((d) => !d.cancelled).length;
    for (let i = goals.length - 1; i >= 0 && standing < stated; i--)
      if (goals[i]!.cancelled) ((goals[i]!.cancelled = false), standing++);
    for (let i = goals.length - 1; i >= 0 && standing > stated; i--)
      if (!goals[i]!.cancelled) ((goals[i]!.cancelled = true), standing--);
  }
}

const POSITIONS: Record<string, string> = { G: "G", D: "D", M: "M", F: "F" };

function lineups(raw: unknown[], sides: Record<number, "home" | "away">): LineupsIn | undefined {
  const out: Partial<LineupsIn> = {};
  for (const item of raw) {
    const l = obj(item);
    const side = sides[int(obj(l.team).id) ?? -1];
    if (!side) continue;
    const players = (list: unknown) =>
      arr(list).map((x) => {
        const p = obj(obj(x).player);
        return {
          name: str(p.name) ?? "Unknown",
          number: int(p.number),
          position: POSITIONS[String(p.pos ?? "")] ?? null,
          player_id: playerId(ID_PREFIX, int(p.id)),
        };
      });
    out[side] = {
      formation: str(l.formation),
      coach: str(obj(l.coach).name),
      starters: players(l.startXI),
      substitutes: players(l.substitutes),
    };
  }
  return out.home && out.away ? (out as LineupsIn) : undefined;
}

function stats(raw: unknown[], sides: Record<number, "home" | "away">): StatIn[] {
  const byName = new Map<string, StatIn>();
  for (const item of raw) {
    const t = obj(item);
    const side = sides[int(obj(t.team).id) ?? -1];
    if (!side) continue;
    for (const s of arr(t.statistics)) {
      const type = String(obj(s).type ?? "");
      const value = statNumber(obj(s).value);
      if (!type || value === null) continue;
      const [section, name] = STATS[type.toLowerCase()] ?? ["Other", type];
      const row = byName.get(name) ?? { section, name, home: 0, away: 0 };
      row[side] = value;
      byName.set(name, row);
    }
  }
  return [...byName.values()];
}
