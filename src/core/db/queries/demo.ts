import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { meta } from "../schema";
import { upsert } from "./bulk";
import { refreshCoverage } from "./coverage";
import { replaceSearch, type Searchable } from "./search-index";

export interface DemoRows {
  leagues: Record<string, unknown>[];
  teams: Record<string, unknown>[];
  matches: Record<string, unknown>[];
  events: Record<string, unknown>[];
  stats: Record<string, unknown>[];
  lineups: Record<string, unknown>[];
  standings: Record<string, unknown>[];
  snapshots: Record<string, unknown>[];
  players: Record<string, unknown>[];
  lines: Record<string, unknown>[];
  seasonStats: Record<string, unknown>[];
  search: Searchable[];
}

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
  const seasons = JSON.stringify([...new Set(rows.matches.map((m) => m.season))]);
  const raw = (text: string, ...params: unknown[]) => db.$client.prepare(text).bind(...params);
  // The demo's own matches go (an earlier day's, and invented seasons real history now replaces); imported history
  // (ids m_of_…, src/import/openfootball/convert.ts) stays, and so do the tables and stats of seasons not written here.
  await db.$client.batch([
    ...upsert(db, "leagues", rows.leagues),
    ...upsert(db, "teams", rows.teams),
    ...upsert(db, "players", rows.players),
    raw("DELETE FROM matches WHERE league_id IN (SELECT value FROM json_each(?)) AND id NOT GLOB 'm_of_*'", leagueIds),
    ...["standings", "player_season_stats"].map((table) =>
      raw(
        `DELETE FROM ${table} WHERE league_id IN (SELECT value FROM json_each(?1)) AND (season IN (SELECT value FROM json_each(?2)) OR NOT EXISTS (SELECT 1 FROM matches m INDEXED BY matches_league_season WHERE m.league_id = ${table}.league_id AND m.season = ${table}.season))`,
        leagueIds,
        seasons,
      ),
    ),
    ...replaceSearch(db, rows.search),
    ...matchRows(db, rows),
    refreshCoverage(
      db,
      rows.leagues.map((l) => String(l.id)),
    ),
    stampStatement(db, stamp),
  ]);
}

const matchRows = (db: Db, rows: DemoRows) => [
  ...upsert(db, "matches", rows.matches),
  ...upsert(db, "match_events", rows.events),
  ...upsert(db, "match_stats", rows.stats),
  ...upsert(db, "match_lineups", rows.lineups),
  ...upsert(db, "standings", rows.standings),
  ...upsert(db, "standings_snapshots", rows.snapshots),
  ...upsert(db, "player_lines", rows.lines),
  ...upsert(db, "player_season_stats", rows.seasonStats),
];

/** Adds more seasons' matches (and their children, standings, snapshots) in one transaction, deleting nothing. */
export async function appendDemo(db: Db, rows: DemoRows): Promise<void> {
  await db.$client.batch(matchRows(db, rows));
}

const stampStatement = (db: Db, stamp: string) =>
  db.$client.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('demo', ?)").bind(stamp);

export async function setDemoStamp(db: Db, stamp: string): Promise<void> {
  await stampStatement(db, stamp).run();
}

/**
 * Before a new day's demo goes through ingest: the demo leagues' own matches (their events, stats, lineups, lines
 * and snapshots cascade), and the tables and season stats of seasons no match is left in. Imported history (ids
 * m_of_…) stays; leagues, teams and players stay (ingest upserts them).
 */
export async function resetDemo(db: Db, leagueIds: string[]): Promise<void> {
  const ids = JSON.stringify(leagueIds);
  const raw = (text: string) => db.$client.prepare(text).bind(ids);
  await db.$client.batch([
    raw("DELETE FROM matches WHERE league_id IN (SELECT value FROM json_each(?)) AND id NOT GLOB 'm_of_*'"),
    ...["standings", "player_season_stats"].map((table) =>
      raw(
        `DELETE FROM ${table} WHERE league_id IN (SELECT value FROM json_each(?)) AND NOT EXISTS (SELECT 1 FROM matches m INDEXED BY matches_league_season WHERE m.league_id = ${table}.league_id AND m.season = ${table}.season)`,
      ),
    ),
  ]);
}
