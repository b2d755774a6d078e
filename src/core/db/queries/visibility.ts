import { sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { matches } from "../schema";

/** `leagueCol` is one of the account's tracked leagues. Written `+col` so it never steers the index choice. */
export const trackedBy = (accountId: string, leagueCol: AnySQLiteColumn = matches.leagueId): SQL =>
  sql`+${leagueCol} IN (SELECT league_id FROM tracked_leagues WHERE account_id = ${accountId})`;

/**
 * The competitions a team plays this season: the leagues in which it has a match of the league's current season.
 * The one definition of team (and player) visibility: the team and player reads narrow it to the account's tracked
 * leagues, search keeps its result on each search row. `team` is an SQL expression; `and` narrows `c.league_id`.
 * Driven by the team's few per-league counters (any day), each checked by primary-key seeks: reads stay
 * proportional to the team's competitions, not to how many leagues exist or the account tracks.
 */
export const seasonLeaguesOf = (team: string, and = "", columns = "c.league_id") =>
  `SELECT DISTINCT ${columns} FROM team_match_counts c JOIN leagues l ON l.id = c.league_id
   WHERE c.team_id = ${team} AND c.day = -1 AND c.n > 0 ${and}
     AND EXISTS (SELECT 1 FROM team_matches tm INDEXED BY team_matches_leagues
       WHERE tm.team_id = c.team_id AND tm.league_id = c.league_id AND tm.season = l.season)`;
