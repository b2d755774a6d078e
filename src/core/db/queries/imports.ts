// The importer's ledger (migrations/0014): which source files a deployment has imported whole, by content hash.
import { asc, sql } from "drizzle-orm";
import type { Db } from "../client";
import { imports } from "../schema";

export const listImports = (db: Db) =>
  db
    .select({ source: imports.source, sha256: imports.sha256, matches: imports.matches, at: imports.at })
    .from(imports)
    .orderBy(asc(imports.source));

export async function recordImport(db: Db, e: { source: string; sha256: string; matches: number; at: string }) {
  await db
    .insert(imports)
    .values(e)
    .onConflictDoUpdate({
      target: imports.source,
      set: { sha256: sql`excluded.sha256`, matches: sql`excluded.matches`, at: sql`excluded.at` },
    });
}
