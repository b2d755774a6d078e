import { sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { matches } from "../schema";

/**
 * Which leagues a caller may read: the one source is the caller's entitlement as its request read it once (a key's
 * record, at most 2 s old; an OAuth caller's account read at the call: src/core/auth/entitlements.ts), handed to every
 * statement as one bound text, `,id,id,`. No read looks the account's tracked leagues up again on its own, so a
 * request sees one set of leagues throughout, the same its response caches are filed under. The test is an `instr`
 * on that text: no subquery, no index choice steered, and no rows read for it (a list subquery read every tracked
 * league's row once per statement).
 */
export type Tracked = string & { readonly __tracked: unique symbol };

/** A caller's tracked leagues (a record's comma-separated list, or ids) as the statements bind them. */
export const trackedParam = (leagues: string | readonly string[]): Tracked =>
  `,${(typeof leagues === "string" ? leagues.split(",") : leagues).filter(Boolean).join(",")},` as Tracked;

/** The ids again, for a statement that is driven by them (the list of tracked leagues itself). */
export const trackedIds = (tracked: Tracked): string[] => tracked.split(",").filter(Boolean);

/** `leagueCol` is one of the caller's tracked leagues. */
export const trackedBy = (tracked: Tracked | SQL, leagueCol: AnySQLiteColumn = matches.leagueId): SQL =>
  sql`instr(${tracked}, ',' || ${leagueCol} || ',') > 0`;

/** The same test as plain SQL, for statements written by hand: `col` is one of the leagues bound at `param`. */
export const trackedSql = (col: string, param: string) => `instr(${param}, ',' || ${col} || ',') > 0`;

/**
 * The competitions a team plays this season: the leagues in which it has a match of the league's current season.
 * The one definition of team (and player) visibility: the team and player reads narrow it to the account's tracked
 * leagues, search keeps its result on each search row. `team` is an SQL expression; `and` narrows `c.league_id`.
 * Driven by the team's few per-league counters (any day), each checked by primary-key seeks: reads stay
 * proportional to the team's competitions, not to how many leagues exist or the account tracks. `LIMIT 1` keeps the
 * EXISTS a probe: without it SQLite may flatten it into a join that reads every match of the team's season.
 */
export const seasonLeaguesOf = (team: string, and = "", columns = "c.league_id") =>
  `SELECT DISTINCT ${columns} FROM team_match_counts c JOIN leagues l ON l.id = c.league_id
   WHERE c.team_id = ${team} AND c.day = -1 AND c.n > 0 ${and}
     AND EXISTS (SELECT 1 FROM team_matches tm INDEXED BY team_matches_leagues
       WHERE tm.team_id = c.team_id AND tm.league_id = c.league_id AND tm.season = l.season LIMIT 1)`;

/**
 * An account's private replay leagues (docs/replays.md), one per sport: where its replays' matches live. Every
 * read of what an account tracks includes them (trackedListSql), and no other account's does, so a replay is its
 * account's alone on every surface that reads tracked leagues — REST, streams, the changes feed, MCP, webhooks —
 * without a path of its own. The ids are derived from the account's, so they are in the set before the first replay
 * and never change it (no entitlement version to bump, no holder to tell).
 */
export const REPLAY_LEAGUE_PREFIX = { football: "rpf_", basketball: "rpb_" } as const;
export const replayLeagueId = (sport: keyof typeof REPLAY_LEAGUE_PREFIX, accountId: string) =>
  `${REPLAY_LEAGUE_PREFIX[sport]}${accountId}`;

/** SQL: the account `account` (an SQL expression) tracks these league ids, comma-separated: its choice, then its replay leagues. */
export const trackedListSql = (account: string) =>
  `(coalesce((SELECT group_concat(league_id) FROM tracked_leagues WHERE account_id = ${account}) || ',', '')
     || '${REPLAY_LEAGUE_PREFIX.football}' || ${account} || ',${REPLAY_LEAGUE_PREFIX.basketball}' || ${account})`;

/** SQL: the account `account` tracks the league `league` (both SQL expressions): a primary-key probe, or its replay league. */
export const tracksSql = (account: string, league: string) =>
  `(EXISTS (SELECT 1 FROM tracked_leagues t WHERE t.account_id = ${account} AND t.league_id = ${league})
     OR ${league} IN ('${REPLAY_LEAGUE_PREFIX.football}' || ${account}, '${REPLAY_LEAGUE_PREFIX.basketball}' || ${account}))`;
