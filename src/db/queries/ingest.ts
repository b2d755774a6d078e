// Reads ingest needs before it plans a batch, and the batch write itself.
import type { Db } from "../client";
import { upsert, type COLUMNS } from "./bulk";

export type Row = Record<string, unknown>;

export interface IngestState {
  leagues: Map<string, Row>;
  teams: Map<string, Row>;
  matches: Map<string, Row>;
  /** Existing events per match, by event id. */
  events: Map<string, Map<string, Row>>;
  stats: Map<string, string>;
  lineups: Map<string, { home: string; away: string }>;
  /** Match of each event id the ops mention that already exists (event ids are global). */
  eventOwners: Map<string, string>;
}

const byId = (rows: Row[], key = "id") => new Map(rows.map((r) => [String(r[key]), r]));

/** Everything the ops reference, in one round trip (every lookup is a primary-key or index seek). */
export async function loadIngestState(
  db: Db,
  ids: { leagues: string[]; teams: string[]; matches: string[]; events: string[] },
): Promise<IngestState> {
  const q = (sql: string, list: string[]) => db.$client.prepare(sql).bind(JSON.stringify(list));
  const [leagues, teams, matches, events, stats, lineups, owners] = await db.$client.batch<Row>([
    q("SELECT * FROM leagues WHERE id IN (SELECT value FROM json_each(?))", ids.leagues),
    q("SELECT * FROM teams WHERE id IN (SELECT value FROM json_each(?))", ids.teams),
    q(
      "SELECT id, sport, league_id, season, round, home_team_id, away_team_id, home_team, away_team, home_score, away_score, status_code, period, minute, added_time, game_clock_secs, ht_home_score, ht_away_score, home_penalties, away_penalties, home_formation, away_formation, referee, venue, attendance, kickoff_ts, finished_at, updated_at FROM matches WHERE id IN (SELECT value FROM json_each(?))",
      ids.matches,
    ),
    q("SELECT * FROM match_events WHERE match_id IN (SELECT value FROM json_each(?))", ids.matches),
    q("SELECT match_id, data FROM match_stats WHERE match_id IN (SELECT value FROM json_each(?))", ids.matches),
    q("SELECT match_id, home, away FROM match_lineups WHERE match_id IN (SELECT value FROM json_each(?))", ids.matches),
    q("SELECT id, match_id FROM match_events WHERE id IN (SELECT value FROM json_each(?))", ids.events),
  ]);
  const eventMap = new Map<string, Map<string, Row>>();
  for (const e of events!.results) {
    const m = eventMap.get(String(e.match_id)) ?? new Map<string, Row>();
    m.set(String(e.id), e);
    eventMap.set(String(e.match_id), m);
  }
  return {
    leagues: byId(leagues!.results),
    teams: byId(teams!.results),
    matches: byId(matches!.results),
    events: eventMap,
    stats: new Map(stats!.results.map((r) => [String(r.match_id), String(r.data)])),
    lineups: new Map(lineups!.results.map((r) => [String(r.match_id), { home: String(r.home), away: String(r.away) }])),
    eventOwners: new Map(owners!.results.map((r) => [String(r.id), String(r.match_id)])),
  };
}

/** All matches of a league season (the table needs every team and every finished result). */
export async function seasonMatches(db: Db, leagueId: string, season: string): Promise<Row[]> {
  const { results } = await db.$client
    .prepare(
      "SELECT id, home_team_id, away_team_id, home_team, away_team, home_score, away_score, status_code, kickoff_ts, finished_at FROM matches WHERE league_id = ? AND season = ?",
    )
    .bind(leagueId, season)
    .all<Row>();
  return results;
}

export type Writes = Partial<Record<keyof typeof COLUMNS, Row[]>>;

/** One D1 batch: all of it is applied or none of it. */
export async function writeIngest(db: Db, writes: Writes): Promise<void> {
  const order: (keyof typeof COLUMNS)[] = [
    "leagues",
    "teams",
    "matches",
    "match_events",
    "match_stats",
    "match_lineups",
    "standings",
    "standings_snapshots",
  ];
  const statements = order.flatMap((t) => (writes[t]?.length ? upsert(db, t, writes[t]!) : []));
  if (statements.length > 0) await db.$client.batch(statements);
}
