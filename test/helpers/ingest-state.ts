// Planning without a database: stored rows as the ingest state query returns them, an IngestState built from them,
// and planIngest run on ops parsed as the ingest route parses them (defaults and sparse nulls filled in).
import { linesKey, type IngestState, type Row } from "../../src/core/db/queries/ingest";
import { Op } from "../../src/core/ingest/ops";
import { planIngest, type IngestPlan } from "../../src/core/ingest/plan";

/** The batch's time, as apply.ts passes it. */
export const NOW = "2026-03-01T12:00:00Z";
/** When the stored rows were last written. */
export const BEFORE = "2026-03-01T11:00:00Z";

export const leagueRow = (over: Row = {}): Row => ({
  id: "lg_fb_eng1",
  sport: "football",
  country: "England",
  name: "Premier League",
  season: "2026/27",
  logo_url: null,
  format: "league",
  updated_at: BEFORE,
  simulated: 0,
  has_live: 0,
  ...over,
});

export const teamRow = (over: Row = {}): Row => ({
  id: "tm_fb_arsenal",
  sport: "football",
  name: "Arsenal",
  country: "England",
  short_name: null,
  venue: null,
  logo_url: null,
  ...over,
});

export const playerRow = (over: Row = {}): Row => ({
  id: "pl_saka",
  sport: "football",
  team_id: "tm_fb_arsenal",
  name: "Bukayo Saka",
  number: 7,
  position: "F",
  nationality: null,
  birth_date: null,
  ...over,
});

/** A stored match, every column: live unless told, Arsenal 0–0 Chelsea at minute 30. */
export const matchRow = (over: Row = {}): Row => ({
  id: "m_test",
  sport: "football",
  league_id: "lg_fb_eng1",
  season: "2026/27",
  round: null,
  home_team_id: "tm_fb_arsenal",
  away_team_id: "tm_fb_chelsea",
  home_team: "Arsenal",
  away_team: "Chelsea",
  home_score: 0,
  away_score: 0,
  status_code: 2,
  period: 12,
  minute: 30,
  added_time: null,
  game_clock_secs: null,
  ht_home_score: null,
  ht_away_score: null,
  home_penalties: null,
  away_penalties: null,
  home_formation: null,
  away_formation: null,
  referee: null,
  venue: null,
  attendance: null,
  kickoff_ts: 1_772_364_600,
  finished_at: null,
  updated_at: BEFORE,
  ...over,
});

/** A stored event of match `m_test` (every column). */
export const eventRow = (over: Row = {}): Row => ({
  id: "ev_stored",
  match_id: "m_test",
  seq: 1,
  type: "goal",
  minute: 5,
  added_time: null,
  period: 12,
  team: "home",
  player: null,
  player_in: null,
  player_out: null,
  detail: null,
  player_id: null,
  player_in_id: null,
  player_out_id: null,
  ...over,
});

export interface Stored {
  leagues?: Row[];
  teams?: Row[];
  players?: Row[];
  matches?: Row[];
  events?: Row[];
  stats?: Record<string, string>;
  lineups?: Record<string, { home: string; away: string }>;
  /** Stored box-score rows per match. */
  lines?: Record<string, Row[]>;
}

/**
 * The state loadIngestState would return for these stored rows. Unless told otherwise the world is a football
 * league (lg_fb_eng1), a football cup (lg_fb_facup), a basketball league (lg_bb_euroleague), Arsenal and Chelsea
 * (football), Olympiacos (basketball), and no matches.
 */
export function ingestState(stored: Stored = {}): IngestState {
  const byId = (rows: Row[]) => new Map(rows.map((r) => [String(r.id), { ...r }]));
  const events = new Map<string, Map<string, Row>>();
  for (const e of stored.events ?? []) {
    const m = events.get(String(e.match_id)) ?? new Map<string, Row>();
    events.set(String(e.match_id), m.set(String(e.id), { ...e }));
  }
  return {
    leagues: byId(
      stored.leagues ?? [
        leagueRow(),
        leagueRow({ id: "lg_fb_facup", name: "FA Cup", format: "cup" }),
        leagueRow({ id: "lg_bb_euroleague", sport: "basketball", country: "Europe", name: "EuroLeague" }),
      ],
    ),
    teams: byId(
      stored.teams ?? [
        teamRow(),
        teamRow({ id: "tm_fb_chelsea", name: "Chelsea" }),
        teamRow({ id: "tm_bb_olympiacos", sport: "basketball", name: "Olympiacos", country: "Greece" }),
      ],
    ),
    matches: byId(stored.matches ?? []),
    events,
    stats: new Map(Object.entries(stored.stats ?? {})),
    lineups: new Map(Object.entries(stored.lineups ?? {})),
    eventOwners: new Map((stored.events ?? []).map((e) => [String(e.id), String(e.match_id)])),
    players: byId(stored.players ?? []),
    lines: new Map(Object.entries(stored.lines ?? {}).map(([id, rows]) => [id, linesKey(rows)])),
  };
}

/** Plans `ops` (parsed as the ingest route parses them) against `state` at NOW. */
export const plan = (ops: unknown[], state: IngestState = ingestState()): IngestPlan =>
  planIngest(Op.array().parse(ops), state, NOW);

/** The 400 planning throws for `ops`, as `{ status, code, detail }`; fails the test if planning succeeds. */
export function refusal(ops: unknown[], state: IngestState = ingestState()) {
  try {
    plan(ops, state);
  } catch (e) {
    const { status, code, detail } = e as { status: number; code: string; detail: string };
    return { status, code, detail };
  }
  throw new Error("planning succeeded");
}
