import { drizzle } from "drizzle-orm/d1";

/** Drizzle over D1; `$client` is the underlying D1 handle for statements drizzle cannot batch (json_each bulk writes). */
export const dbFor = (d1: D1Database) => drizzle(d1);
export type Db = ReturnType<typeof dbFor>;

/**
 * Reads that must see the latest committed write (OAuth grants and entitlements read at use, socket holders' reloads,
 * the change signal). Queries made without the Sessions API always run on the primary database ("To use read
 * replication, you must use the D1 Sessions API, otherwise all queries will continue to be executed only by the primary
 * database", D1 docs), so this is the plain handle. The read API's data goes through sessions instead
 * (src/core/db/data-view.ts), and its key records are read with `withSession("first-primary")` (src/core/auth/key-records.ts),
 * which also gives the bookmark those sessions start from.
 */
export const primaryDb = (d1: D1Database): Db => drizzle(d1);
