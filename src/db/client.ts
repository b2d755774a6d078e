import { drizzle } from "drizzle-orm/d1";

/** Drizzle over D1; `$client` is the underlying D1 handle for statements drizzle cannot batch (json_each bulk writes). */
export const dbFor = (d1: D1Database) => drizzle(d1);
export type Db = ReturnType<typeof dbFor>;

/**
 * Reads that must see the latest committed write (API key checks after a revocation): a D1 session pinned
 * to the primary, so a read replica can never serve a revoked key.
 */
export const primaryDb = (d1: D1Database): Db =>
  drizzle((typeof d1.withSession === "function" ? d1.withSession("first-primary") : d1) as D1Database);
