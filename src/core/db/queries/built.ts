// Queries whose SQL drizzle builds once (with placeholders for the values) and D1 then runs as a prepared statement
// bound to each call's values. For the hottest statements: building a drizzle query costs more than running it here
// (benchmark P3, docs/benchmarks.md "What each row measures").
import { Placeholder } from "drizzle-orm";
import type { Db } from "../client";

export interface BuiltQuery {
  sql: string;
  params: unknown[];
}

/** The cached SQL bound to `values` (by placeholder name) on `db`'s D1 handle or session. */
export function bindBuilt(db: Db, q: BuiltQuery, values: Record<string, unknown>): D1PreparedStatement {
  const params = q.params.map((p) => (p instanceof Placeholder ? values[p.name] : p));
  return db.$client.prepare(q.sql).bind(...params);
}

/** Builds `make()` on first use and keeps its SQL (the query must not depend on anything but placeholders). */
export function builtOnce(make: () => { toSQL(): BuiltQuery }): () => BuiltQuery {
  let built: BuiltQuery | undefined;
  return () => (built ??= make().toSQL());
}
