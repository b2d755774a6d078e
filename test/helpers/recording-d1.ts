/** A D1 handle that records every statement the code under test prepares (SQL text and bound params). */
export interface Recorded {
  sql: string;
  params: unknown[];
}

export function recordingD1(d1: D1Database): { db: D1Database; log: Recorded[] } {
  const log: Recorded[] = [];
  const wrapStmt = (stmt: D1PreparedStatement, entry: Recorded): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") {
          return (...params: unknown[]) => {
            entry.params = params;
            return wrapStmt(target.bind(...params), entry);
          };
        }
        const v = Reflect.get(target, prop, target);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
  const unwrap = (s: D1PreparedStatement) => s;
  // The handle and its Sessions API sessions (src/core/db/data-view.ts) alike: every statement either prepares is logged.
  const wrapHandle = <H extends D1Database | D1DatabaseSession>(handle: H): H =>
    new Proxy(handle, {
      get(target, prop) {
        if (prop === "prepare") {
          return (sql: string) => {
            const entry = { sql, params: [] };
            log.push(entry);
            return wrapStmt(target.prepare(sql), entry);
          };
        }
        if (prop === "batch") return (stmts: D1PreparedStatement[]) => target.batch(stmts.map(unwrap));
        if (prop === "withSession")
          return (c?: string) => wrapHandle((target as D1Database).withSession(c as D1SessionBookmark));
        const v = Reflect.get(target, prop, target);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
  return { db: wrapHandle(d1), log };
}
