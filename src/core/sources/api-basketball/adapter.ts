// API-Basketball v1: docs/providers.md "API-Basketball". `/games` carries no timeline: the score is
// `scores.*.total`, and each finished quarter becomes a `period_end` event with the running score (its id from the
// game and the quarter). The OT number is not exposed: a new overtime is counted when OT follows a break after an
// overtime, and a game first seen in or after overtime has its number unknown (null), not guessed. A game finished
// level after four quarters with more points in its total went to overtime (status 10) even when the status says FT.
// `timer` is not documented as time left or time played, so `game_clock_secs` stays null.
import { basketballOvertimeCode, STATUS } from "../../domain/codes";
import { matchId, teamId } from "../ids";
import type { Call, EventIn, LeagueIn, Mapping, MatchFields, MatchState, Parsed, PrevLookup, Provider } from "../contract";
import { arr, int, obj, ourSeason, seasonStart, str, teamOf, type Json } from "../common";
import { apiSportsError, apiSportsQuota } from "../api-sports";

/** Our ids for its things: `m_ab_<fixture id>`, `tm_ab_<team id>`, `pl_ab_<player id>` (docs/feeds.md "Ids"). */
const ID_PREFIX = "ab";
const SPORT = "basketball";

/** `status.short` → our status code, and the period while live (undefined: worked out, see `period`). */
export const API_BASKETBALL_STATUS: Record<string, { status: number; period?: number | null }> = {
  NS: { status: 1, period: null },
  Q1: { status: 2, period: 22 },
  Q2: { status: 2, period: 23 },
  Q3: { status: 2, period: 24 },
  Q4: { status: 2, period: 25 },
  OT: { status: 2 }, // OT1, OT2, … counted
  HT: { status: 2, period: 30 },
  BT: { status: 2 }, // a break between other periods: the period before it is kept
  FT: { status: 3, period: null },
  AOT: { status: 10, period: null },
  POST: { status: 4, period: null },
  CANC: { status: 5, period: null },
  SUSP: { status: 7, period: null },
  AWD: { status: 6, period: null },
  ABD: { status: 8, period: null },
};

const games = (kind: Call["kind"], query: Record<string, string>): Call => ({ kind, path: "/games", query });

export const apiBasketball: Provider<"api-basketball"> = {
  name: "api-basketball",
  idPrefix: ID_PREFIX,
  rank: "live",
  sports: [SPORT],
  config: {
    vars: ["API_BASKETBALL_BASE_URL", "API_BASKETBALL_PER_DAY", "API_BASKETBALL_PER_MINUTE"],
    secrets: ["API_SPORTS_KEY"],
  },
  sport: SPORT,
  detailAdds: false,
  liveOnlyListsInPlay: false,
  baseVar: "API_BASKETBALL_BASE_URL",
  quotaVars: { perDay: "API_BASKETBALL_PER_DAY", perMinute: "API_BASKETBALL_PER_MINUTE" },
  defaultBase: "https://v1.basketball.api-sports.io",
  defaultQuota: { perDay: 100, perMinute: 10 },
  headers: (env) => ({ "x-apisports-key": env.API_SPORTS_KEY ?? "" }),
  fixtures: (m) => games("fixtures", { league: m.provider_league, season: m.season }),
  day: (ms, day) => ms.map((m) => games("today", { date: day, league: m.provider_league, season: m.season })),
  // No `live` filter is documented for /games: the days the live games tipped off, per league.
  live: (ms, days) =>
    ms.flatMap((m) =>
      days.map((d) => ({
        ...games("live", { date: d, league: m.provider_league, season: m.season }),
        covers: { leagues: [m.league_id], days: [d] },
      })),
    ),
  detail: (refs) => refs.map((r) => games("followup", { id: r })),
  parse(_call, body, ms, prev) {
    const parsed: Parsed = { matches: [], leagues: [] };
    const named = new Set<string>();
    for (const item of arr(obj(body).response)) {
      const g = obj(item);
      const league = obj(g.league);
      const m = ms.find(
        (x) => x.provider_league === String(league.id ?? "") && seasonStart(x.season) === seasonStart(league.season),
      );
      if (!m) continue;
      if (!named.has(m.league_id)) {
        named.add(m.league_id);
        parsed.leagues.push(leagueRow(league, obj(g.country), m));
      }
      const state = gameState(g, m, prev);
      if (state) parsed.matches.push(state);
    }
    return parsed;
  },
  quota: apiSportsQuota,
  error: (status, body, _h, nowMs) => apiSportsError(status, body, nowMs),
};

function leagueRow(league: Json, country: Json, m: Mapping): LeagueIn {
  return {
    id: m.league_id,
    sport: "basketball",
    name: str(league.name) ?? `League ${m.provider_league}`,
    country: str(country.name) ?? "World",
    season: ourSeason(m.season) ?? "2026/27",
    logo_url: str(league.logo),
    format: String(league.type ?? "").toLowerCase() === "cup" ? "cup" : "league",
  };
}

const QUARTERS = ["quarter_1", "quarter_2", "quarter_3", "quarter_4"] as const;

function gameState(g: Json, m: Mapping, prev: PrevLookup): MatchState | undefined {
  const ref = int(g.id);
  const teams = obj(g.teams);
  const home = obj(teams.home);
  const away = obj(teams.away);
  const homeRef = int(home.id);
  const awayRef = int(away.id);
  if (ref === null || homeRef === null || awayRef === null) return undefined;
  const id = matchId(ID_PREFIX, ref);
  const country = str(obj(g.country).name) ?? "World";
  const team = (t: Json, r: number) =>
    teamOf(ID_PREFIX, SPORT, r, country, { name: t.name, logo: t.logo });
  const short = String(obj(g.status).short ?? "").toUpperCase();
  const state: MatchState = {
    ref: String(ref),
    id,
    sport: "basketball",
    league_id: m.league_id,
    provider_status: short,
    teams: [team(home, homeRef), team(away, awayRef)],
    fields: {},
  };
  const code = API_BASKETBALL_STATUS[short];
  if (!code) return { ...state, problem: `unknown status "${short}"` };
  const before = prev(id);
  const period = periodOf(short, code, before);
  const scores = obj(g.scores);
  const hs = obj(scores.home);
  const as = obj(scores.away);
  const quarters = QUARTERS.map((q) => [int(hs[q]), int(as[q])] as const);
  const total: Pair = [int(hs.total), int(as.total)];
  const ot = overtimePoints(quarters, [int(hs.over_time), int(as.over_time)], total);
  // Finished level after four quarters with points beyond them: it went to overtime, whatever the status says
  // (a real FT at 80–80 after Q4 with totals 108–111, docs/providers.md "API-Basketball: overtime").
  const status = code.status === STATUS.FINISHED && ot !== null ? 10 : code.status;
  const f: MatchFields = {
    season: ourSeason(obj(g.league).season) ?? undefined,
    round: str(g.week) ? `Week ${str(g.week)}` : str(g.stage),
    home_team_id: teamId(ID_PREFIX, homeRef),
    away_team_id: teamId(ID_PREFIX, awayRef),
    kickoff_ts: int(g.timestamp) ?? undefined,
    status_code: status,
    home_score: total[0] ?? 0,
    away_score: total[1] ?? 0,
    period,
    game_clock_secs: null,
    venue: str(g.venue),
  };
  const half = quarters.slice(0, 2);
  if (
    half.every(([h, a]) => h !== null && a !== null) &&
    (code.status !== STATUS.LIVE || period === 30 || (period ?? 0) >= 24)
  ) {
    f.ht_home_score = half[0]![0]! + half[1]![0]!;
    f.ht_away_score = half[0]![1]! + half[1]![1]!;
  }
  for (const k of Object.keys(f) as (keyof MatchFields)[]) if (f[k] === undefined) delete f[k];
  state.fields = f;
  const finished = code.status !== STATUS.LIVE && code.status !== STATUS.SCHEDULED;
  state.events = quarterEnds(
    id,
    quarters,
    quartersOver(short, code.status, period),
    finished ? ot : null,
    overtimesOf(before),
  );
  return state;
}

type Pair = [number | null, number | null];

/**
 * The points scored in overtime, when the game went to overtime: `over_time` (all overtimes together, real answers
 * show), or what the total has beyond four quarters that ended level. Null when it did not (or the answer cannot tell).
 */
function overtimePoints(quarters: (readonly [number | null, number | null])[], over: Pair, total: Pair): Pair | null {
  if (over[0] !== null && over[1] !== null) return over[0] > 0 || over[1] > 0 ? over : null;
  if (quarters.some(([h, a]) => h === null || a === null) || total[0] === null || total[1] === null) return null;
  const regular = quarters.reduce<[number, number]>((s, [h, a]) => [s[0] + h!, s[1] + a!], [0, 0]);
  const beyond: [number, number] = [total[0] - regular[0], total[1] - regular[1]];
  return regular[0] === regular[1] && beyond[0] >= 0 && beyond[1] >= 0 && beyond[0] + beyond[1] > 0 ? beyond : null;
}

/** How many overtimes were played, when this poller followed them (the last period it saw); else null: not guessed. */
function overtimesOf(before: MatchState | undefined): number | null {
  const p = before?.fields.period ?? null;
  if (p === null || p < 26 || p === 30) return null;
  return p <= 29 ? p - 25 : p - 26;
}

/** The live period: the table's, or for OT the overtime's number, or for BT the period before the break. */
function periodOf(short: string, code: { status: number; period?: number | null }, before: MatchState | undefined) {
  if (code.period !== undefined) return code.period;
  const was = before?.fields.period ?? null;
  if (short === "BT") return was ?? undefined;
  // OT: the first after regulation; another one after a break that followed an overtime. First seen in overtime (no
  // earlier state), which one it is is not known: null, not a guess.
  if (was !== null && was >= 26 && was !== 30) return before?.provider_status === "BT" ? nextOvertime(was) : was;
  return was === 25 ? basketballOvertimeCode(1) : null;
}

const nextOvertime = (code: number) => (code === 29 ? 31 : code + 1);

/** How many quarters are over: those before the current one, the one a break follows, or all once finished. */
function quartersOver(short: string, status: number, period: number | null | undefined): number {
  if (status === STATUS.SCHEDULED) return 0;
  if (status !== STATUS.LIVE) return 4;
  if (period === 30) return 2;
  if (period === null || period === undefined) return 0;
  if (period >= 26) return 4;
  return short === "BT" ? period - 21 : period - 22;
}

/**
 * `period_end` events for the quarters that are over, and for the overtime once the game is over: "End of OT2" when
 * this poller followed the overtimes, "End of overtime" (no period, no minute) when it did not: the answer does not
 * say how many were played, and one is not assumed.
 */
function quarterEnds(
  match: string,
  quarters: (readonly [number | null, number | null])[],
  over: number,
  ot: Pair | null,
  overtimes: number | null,
): EventIn[] {
  const out: EventIn[] = [];
  let running: [number, number] = [0, 0];
  for (let i = 0; i < Math.min(over, 4); i++) {
    const [h, a] = quarters[i]!;
    if (h === null || a === null) break;
    running = [running[0] + h, running[1] + a];
    out.push(quarterEnd(match, i + 1, `End of Q${i + 1}, ${running[0]}–${running[1]}`, (i + 1) * 12, 22 + i));
  }
  if (ot !== null && out.length === 4) {
    running = [running[0] + ot[0]!, running[1] + ot[1]!];
    const n = overtimes;
    const label = n === null ? "overtime" : `OT${n}`;
    out.push(
      quarterEnd(
        match,
        5,
        `End of ${label}, ${running[0]}–${running[1]}`,
        n === null ? null : 48 + 5 * n,
        n === null ? null : basketballOvertimeCode(n),
      ),
    );
  }
  return out;
}

function quarterEnd(match: string, n: number, detail: string, minute: number | null, period: number | null): EventIn {
  return {
    id: `${match}_end${n}`,
    type: "period_end",
    minute,
    added_time: null,
    period,
    team: null,
    player: null,
    player_id: null,
    player_in: null,
    player_in_id: null,
    player_out: null,
    player_out_id: null,
    detail,
  };
}
