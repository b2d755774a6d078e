import { sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { matches } from "../schema";

/** `leagueCol` is one of the account's tracked leagues. Written `+col` so it never steers the index choice. */
export const trackedBy = (accountId: string, leagueCol: AnySQLiteColumn = matches.leagueId): SQL =>
  sql`+${leagueCol} IN (SELECT league_id FROM tracked_leagues WHERE account_id = ${accountId})`;
