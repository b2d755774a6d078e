import { drizzle } from "drizzle-orm/d1";

/** Drizzle over D1; `$client` is the underlying D1 handle for statements drizzle cannot batch (json_each bulk writes). */
export const dbFor = (d1: D1Database) => drizzle(d1);
export type Db = ReturnType<typeof dbFor>;

/**
 * Reads that must see the latest committed write (API key checks after a revocation; the data version the response
 * cache keys on). Queries made without the Sessions API always run on the primary database, replication or not ("To
 * use read replication, you must use the D1 Sessions API, otherwise all queries will continue to be executed only by
 * the primary database", D1 docs), so this is the plain handle: a `withSession("first-primary")` session gave the
 * same guarantee at an extra cost on every request. Should reads ever move to replicas through sessions, these
 * callers must stay off them.
 */
export const primaryDb = (d1: D1Database): Db => drizzle(d1);
