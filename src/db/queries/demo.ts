import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { meta } from "../schema";
import { upsertRows } from "./bulk";

export interface DemoRows {
  leagues: Record<string, unknown>[];
  teams: Record<string, unknown>[];
  matches: Record<string, unknown>[];
  events: Record<string, unknown>[];
  stats: Record<string, unknown>[];
  lineups: Record<string, unknown>[];
  standings: Record<string, unknown>[];
  snapshots: Record<string, unknown>[];
}

const COLUMNS = {
  leagues: ["id", "sport", "country", "name", "season", "logo_url", "format", "updated_at"],
  teams: ["id", "sport", "name", "country"],
  matches: [
    "id",
    "sport",
    "league_id",
    "season",
    "round",
    "home_team_id",
    "away_team_id",
    "home_team",
    "away_team",
    "home_score",
    "away_score",
    "status_code",
    "period",
    "minute",
    "added_time",
    "game_clock_secs",
    "ht_home_score",
    "ht_away_score",
    "home_penalties",
    "away_penalties",
    "home_formation",
    "away_formation",
    "referee",
    "venue",
    "attendance",
    "kickoff_ts",
    "finished_at",
    "updated_at",
  ],
  match_events: [
    "id",
    "match_id",
    "seq",
    "type",
    "minute",
    "added_time",
    "period",
    "team",
    "player",
    "player_in",
    "player_out",
    "detail",
  ],
  match_stats: ["match_id", "data", "updated_at"],
  match_lineups: ["match_id", "home", "away", "updated_at"],
  standings: ["league_id", "season", "as_of", "rows"],
  standings_snapshots: ["match_id", "league_id", "season", "as_of_ts", "as_of", "rows"],
} as const;

/** What the demo data was generated for ("<UTC day>:<league ids>"), if any. */
export const demoStamp = async (db: Db) =>
  (await db.select({ value: meta.value }).from(meta).where(eq(meta.key, "demo")))[0]?.value;

/**
 * Replaces the demo leagues' matches (children cascade) and writes everything in one transaction, so a
 * reader sees either the old demo season or the new one. Leagues and teams are upserted, never deleted:
 * accounts tracking them keep doing so.
 */
export async function writeDemo(db: Db, stamp: string, rows: DemoRows): Promise<void> {
  const leagueIds = JSON.stringify(rows.leagues.map((l) => l.id));
  const raw = (text: string, ...params: unknown[]) => db.$client.prepare(text).bind(...params);
  await db.$client.batch([
    ...upsertRows(db, "leagues", COLUMNS.leagues, rows.leagues),
    ...upsertRows(db, "teams", COLUMNS.teams, rows.teams),
    raw("DELETE FROM matches WHERE league_id IN (SELECT value FROM json_each(?))", leagueIds),
    raw("DELETE FROM standings WHERE league_id IN (SELECT value FROM json_each(?))", leagueIds),
    ...upsertRows(db, "matches", COLUMNS.matches, rows.matches),
    ...upsertRows(db, "match_events", COLUMNS.match_events, rows.events),
    ...upsertRows(db, "match_stats", COLUMNS.match_stats, rows.stats),
    ...upsertRows(db, "match_lineups", COLUMNS.match_lineups, rows.lineups),
    ...upsertRows(db, "standings", COLUMNS.standings, rows.standings),
    ...upsertRows(db, "standings_snapshots", COLUMNS.standings_snapshots, rows.snapshots),
    raw("INSERT OR REPLACE INTO meta (key, value) VALUES ('demo', ?)", stamp),
  ]);
}
