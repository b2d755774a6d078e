// Bulk upserts through json_each: one bound parameter carries many rows, so a large write stays a handful of
// statements (D1 allows 100 bound parameters per statement) and still runs inside one batch/transaction.
// Raw D1 statements: drizzle cannot batch raw SQL with parameters.
import type { Db } from "../client";

const CHUNK_BYTES = 512 * 1024;

/** Statements inserting `rows` (objects keyed by column name) into `table`, replacing rows with the same key. */
export function upsertRows(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): D1PreparedStatement[] {
  const text = `INSERT OR REPLACE INTO ${table} (${columns.join(", ")}) SELECT ${columns
    .map((c) => `value ->> '$.${c}'`)
    .join(", ")} FROM json_each(?)`;
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
