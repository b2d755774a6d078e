// API-Football v3 (football): PROVIDERS.md §1. Maps on `status.short` only; events have no ids (ids from what
// identifies them); a shoot-out's kicks are not goals; in a `subst`, `player` leaves and `assist` comes on; the score
// comes from `goals` (extra time included, shoot-out excluded), never from counting events.
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
} from "../model";
import {
  apiSportsError,
  apiSportsQuota,
  arr,
  footballClock,
  int,
  obj,
  ourSeason,
  seasonStart,
  statNumber,
  str,
  teamOf,
  type Json,
} from "./common";

/** `status.short` → our status code, and the period while live (null: not stated). PROVIDERS.md §1.5, §1.8. */
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

export const apiFootball: Provider = {
  name: "api-football",
  sport: "football",
  liveOnlyListsInPlay: true,
  baseVar: "API_FOOTBALL_BASE_URL",
  defaultBase: "https://v3.football.api-sports.io",
  defaultQuota: { perDay: 100, perMinute: 10 },
  headers: (env) => ({ "x-apisports-key": env.API_SPORTS_KEY ?? "" }),
  fixtures: (m) => call("fixtures", { league: m.provider_league, season: seasonStart(m.season) ?? m.season }),
  day: (ms, day) =>
    ms.map((m) => call("today", { date: day, league: m.provider_league, season: seasonStart(m.season) ?? m.season })),
  // One call for every live fixture of the mapped leagues, events included (PROVIDERS.md §1.3).
  live: (ms) =>
    ms.length === 0 ? [] : [call("live", { live: [...new Set(ms.map((m) => m.provider_league))].join("-") })],
  // Up to 20 fixtures per call, with events, lineups and statistics embedded.
  detail: (refs) => {
    const out: Call[] = [];
    for (let i = 0; i < refs.length; i += 20) out.push(call("followup", { ids: refs.slice(i, i + 20).join("-") }));
    return out;
  },
  parse(_call, body, ms) {
    const parsed: Parsed = { matches: [], leagues: [] };
    const named = new Set<string>();
    for (const item of arr(obj(body).response)) {
      const f = obj(item);
      const league = obj(f.league);
      const m = mappingOf(ms, league);
      if (!m) continue;
      if (!named.has(m.league_id)) {
        named.add(m.league_id);
        parsed.leagues.push(leagueRow(league, m));
      }
      const state = fixtureState(f, m);
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

function fixtureState(f: Json, m: Mapping): MatchState | undefined {
  const fx = obj(f.fixture);
  const ref = int(fx.id);
  const home = obj(obj(f.teams).home);
  const away = obj(obj(f.teams).away);
  const homeRef = int(home.id);
  const awayRef = int(away.id);
  if (ref === null || homeRef === null || awayRef === null) return undefined;
  const id = matchId("api-football", ref);
  const league = obj(f.league);
  const country = str(league.country) ?? "World";
  const team = (t: Json, r: number) => teamOf("api-football", "football", r, country, { name: t.name, logo: t.logo });
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
  if (Array.isArray(f.events)) state.events = events(id, f.events, sides);
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
  const live = code.status === 2;
  const period = code.period !== undefined ? code.period : elapsed !== null && elapsed > 105 ? 15 : 14;
  const venue = obj(fx.venue);
  const fields: MatchFields = {
    season: ourSeason(obj(f.league).season) ?? undefined,
    round: str(obj(f.league).round),
    home_team_id: teamId("api-football", home),
    away_team_id: teamId("api-football", away),
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

/** The VAR details that take a goal back (PROVIDERS.md §1.6: "Goal cancelled", "Goal Disallowed - offside", …). */
const cancelsGoal = (detail: string) => detail.startsWith("goal cancelled") || detail.startsWith("goal disallowed");

function events(match: string, raw: unknown[], sides: Record<number, "home" | "away">): EventIn[] {
  type Draft = { key: string; ev: Omit<EventIn, "id">; cancelled?: boolean };
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
      player_id: playerId("api-football", int(p.id)),
      player_in: null,
      player_in_id: null,
      player_out: null,
      player_out_id: null,
      detail: null as string | null,
    };
    let ev: Omit<EventIn, "id"> | undefined;
    if (type === "goal") {
      const t =
        detail === "own goal"
          ? "own_goal"
          : detail === "penalty"
            ? "penalty_goal"
            : detail === "missed penalty"
              ? "missed_penalty"
              : "goal";
      ev = { ...base, type: t, detail: str(a.name) && t !== "missed_penalty" ? `Assist: ${str(a.name)}` : null };
    } else if (type === "card") {
      const t = detail.includes("second yellow")
        ? "second_yellow"
        : detail.startsWith("red")
          ? "red_card"
          : "yellow_card";
      ev = { ...base, type: t, detail: str(e.comments) };
    } else if (type === "subst") {
      ev = {
        ...base,
        type: "substitution",
        player: null,
        player_id: null,
        player_out: str(p.name),
        player_out_id: playerId("api-football", int(p.id)),
        player_in: str(a.name),
        player_in_id: playerId("api-football", int(a.id)),
      };
    } else if (type === "var") {
      ev = { ...base, type: "var", detail: str(e.detail) };
      if (cancelsGoal(detail)) cancelLatestGoal(drafts, side, elapsed ?? 0);
    }
    if (ev) drafts.push({ key: `${type}|${side}|${elapsed}|${extra ?? 0}`, ev });
  }
  const ids = eventIds(
    match,
    drafts.map((d) => d.key),
  );
  return drafts.flatMap((d, i) => (d.cancelled ? [] : [{ id: ids[i]!, ...d.ev }]));
}

/** VAR took back a goal: the side's latest goal at or before that minute leaves the timeline (the score is `goals`). */
function cancelLatestGoal(
  drafts: { ev: Omit<EventIn, "id">; cancelled?: boolean }[],
  side: string | null,
  minute: number,
) {
  for (let i = drafts.length - 1; i >= 0; i--) {
    const d = drafts[i]!;
    const goal = ["goal", "penalty_goal", "own_goal"].includes(d.ev.type);
    if (goal && !d.cancelled && d.ev.team === side && (d.ev.minute ?? 0) <= minute) {
      d.cancelled = true;
      return;
    }
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
          player_id: playerId("api-football", int(p.id)),
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
