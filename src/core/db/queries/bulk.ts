// Bulk upserts through json_each: one bound parameter carries many rows, so a large write stays a handful of
// statements (D1 allows 100 bound parameters per statement) and still runs inside one batch/transaction.
// A real upsert (ON CONFLICT … DO UPDATE), never INSERT OR REPLACE: REPLACE deletes the old row first, which
// would cascade to a match's events and skip the triggers that keep match_counts exact.
// Raw D1 statements: drizzle cannot batch raw SQL with parameters.
import { LINE_COUNTS } from "../../domain/people-schemas";
import type { Db } from "../client";

const CHUNK_BYTES = 512 * 1024;

/** Statements upserting `rows` (objects keyed by column name) into `table`, keyed by `key` columns. */
function upsertRows(
  db: Db,
  table: string,
  columns: readonly string[],
  key: readonly string[],
  rows: readonly Record<string, unknown>[],
): D1PreparedStatement[] {
  const values = columns.map((c) => `value ->> '$.${c}'`).join(", ");
  const updates = columns.filter((c) => !key.includes(c)).map((c) => `${c} = excluded.${c}`);
  const onConflict = updates.length > 0 ? `DO UPDATE SET ${updates.join(", ")}` : "DO NOTHING";
  // `WHERE true` keeps SQLite from reading ON CONFLICT as a join constraint of the SELECT.
  const text = `INSERT INTO ${table} (${columns.join(", ")}) SELECT ${values} FROM json_each(?) WHERE true ON CONFLICT (${key.join(", ")}) ${onConflict}`;
  const out: D1PreparedStatement[] = [];
  let chunk: Record<string, unknown>[] = [];
  let size = 0;
  const flush = () => {
    if (chunk.length > 0) out.push(db.$client.prepare(text).bind(JSON.stringify(chunk)));
    chunk = [];
    size = 0;
  };
  for (const row of rows) {
    const bytes = JSON.stringify(row).length;
    if (size + bytes > CHUNK_BYTES) flush();
    chunk.push(row);
    size += bytes;
  }
  flush();
  return out;
}

/** Columns and keys of the tables written in bulk (seeding and ingest). */
export const COLUMNS = {
  leagues: ["id", "sport", "country", "name", "season", "logo_url", "format", "updated_at"],
  teams: ["id", "sport", "name", "country", "short_name", "venue", "logo_url"],
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
    "player_id",
    "player_in_id",
    "player_out_id",
  ],
  match_stats: ["match_id", "data", "updated_at"],
  match_lineups: ["match_id", "home", "away", "updated_at"],
  standings: ["league_id", "season", "as_of", "rows"],
  standings_snapshots: ["match_id", "league_id", "season", "as_of_ts", "as_of", "rows"],
  players: ["id", "sport", "team_id", "name", "number", "position", "nationality", "birth_date"],
  player_lines: ["match_id", "player_id", "side", "ord", "name", "position", "started", ...LINE_COUNTS],
  player_season_stats: [
    "player_id",
    "league_id",
    "season",
    "player_name",
    "team_id",
    "team_name",
    "matches",
    "starts",
    "minutes",
    "goals",
    "assists",
    "yellow_cards",
    "red_cards",
    "cards",
    "points",
    "rebounds",
    "steals",
    "blocks",
    "turnovers",
    "ppg",
  ],
  search_prefixes: [
    "prefix",
    "sport",
    "kind",
    "class",
    "folded",
    "ref_id",
    "name",
    "team_id",
    "country",
    "l1",
    "l2",
    "l3",
    "l4",
  ],
} as const;

export const KEYS = {
  leagues: ["id"],
  teams: ["id"],
  matches: ["id"],
  match_events: ["id"],
  match_stats: ["match_id"],
  match_lineups: ["match_id"],
  standings: ["league_id", "season"],
  standings_snapshots: ["match_id"],
  players: ["id"],
  player_lines: ["match_id", "player_id"],
  player_season_stats: ["player_id", "season", "league_id"],
  search_prefixes: ["prefix", "sport", "kind", "class", "folded", "ref_id"],
} as const;

export const upsert = (db: Db, table: keyof typeof COLUMNS, rows: readonly Record<string, unknown>[]) =>
  upsertRows(db, table, COLUMNS[table], KEYS[table], rows);
