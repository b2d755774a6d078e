// Bulk upserts through json_each: one bound parameter carries many rows, so a large write stays a handful of
// statements (D1 allows 100 bound parameters per statement) and still runs inside one batch/transaction.
// A real upsert (ON CONFLICT … DO UPDATE), never INSERT OR REPLACE: REPLACE deletes the old row first, which
// would cascade to a match's events and skip the triggers that keep match_counts exact.
// Raw D1 statements: drizzle cannot batch raw SQL with parameters.
import { getTableName, type InferInsertModel } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import type { Db } from "../client";
import {
  leagues,
  matchEvents,
  matches,
  matchLineups,
  matchStats,
  playerLines,
  players,
  playerSeasonStats,
  searchPrefixes,
  standings,
  standingsSnapshots,
  teams,
} from "../schema";

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

/** The tables written in bulk (seeding and ingest). */
const TABLES = [
  leagues,
  teams,
  matches,
  matchEvents,
  matchStats,
  matchLineups,
  standings,
  standingsSnapshots,
  players,
  playerLines,
  playerSeasonStats,
  searchPrefixes,
] as const;
type BulkTable = (typeof TABLES)[number];
type TableName = BulkTable["_"]["name"];
type TableNamed<N extends TableName> = Extract<BulkTable, { _: { name: N } }>;
/** A table's stored columns by SQL name: generated columns are left out (SQLite computes them). */
type StoredColumn<T extends BulkTable> = keyof InferInsertModel<T, { dbColumnNames: true; override: false }> & string;

/**
 * Columns a row upsert never writes: `matches.seq` belongs to the commit that numbers the match's stream messages
 * (`matchSeqs` in ./ingest.ts); an upsert leaves it as it is (0 for a new match). A league's `has_*` flags but
 * `has_live` are derived from its data by the statement of ./coverage.ts.
 */
const OWNED_ELSEWHERE = new Set([
  "matches.seq",
  "leagues.has_events",
  "leagues.has_lineups",
  "leagues.has_stats",
  "leagues.has_players",
]);
const stored = (t: BulkTable) =>
  getTableConfig(t)
    .columns.filter((c) => !c.generated && !OWNED_ELSEWHERE.has(`${getTableName(t)}.${c.name}`))
    .map((c) => c.name);
/** The primary key's columns: a composite key in its declared order, else the one primary column. */
const primaryKey = (t: BulkTable) => {
  const { primaryKeys, columns } = getTableConfig(t);
  return (primaryKeys[0]?.columns ?? columns.filter((c) => c.primary)).map((c) => c.name);
};
const byTable = (f: (t: BulkTable) => readonly string[]) =>
  Object.fromEntries(TABLES.map((t) => [getTableName(t), f(t)])) as unknown as {
    readonly [N in TableName]: readonly StoredColumn<TableNamed<N>>[];
  };

/** Stored columns of each table written in bulk, by table name, in the drizzle table's order. */
export const COLUMNS = byTable(stored);
/** Primary key columns of each table written in bulk (the upsert's conflict target). */
export const KEYS = byTable(primaryKey);

export const upsert = (db: Db, table: keyof typeof COLUMNS, rows: readonly Record<string, unknown>[]) =>
  upsertRows(db, table, COLUMNS[table], KEYS[table], rows);
