// The match list item's columns, and the values a page query binds: shared by the league/sport pages (./matches.ts)
// and the team pages (./team-matches.ts).
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { MatchListItem } from "../../domain/schemas";
import { matches } from "../schema";

/** The one list projection: exactly the keys of the MatchListItem schema (`satisfies` rejects a missing or extra one). */
export const listItemColumns = {
  id: matches.id,
  league_id: matches.leagueId,
  season: matches.season,
  home_team: matches.homeTeam,
  away_team: matches.awayTeam,
  home_team_id: matches.homeTeamId,
  away_team_id: matches.awayTeamId,
  home_score: matches.homeScore,
  away_score: matches.awayScore,
  status_code: matches.statusCode,
  minute: matches.minute,
  kickoff_ts: matches.kickoffTs,
  updated_at: matches.updatedAt,
  seq: matches.seq,
  simulated: matches.simulated,
} satisfies Record<keyof MatchListItem, SQLiteColumn>;

/**
 * A filter's values, or placeholders standing for them (`sql.placeholder`): the same builder makes the query for
 * one call and the SQL text cached per filter shape.
 */
export interface PageValues {
  sport: unknown;
  tracked: unknown;
  leagueId?: unknown;
  /** A season of the league (`?season=` comes with `league_id`). */
  season?: unknown;
  teamId?: unknown;
  statusGroup?: unknown;
  dayStart?: unknown;
  dayEnd?: unknown;
  day: unknown;
  afterTs?: unknown;
  afterId?: unknown;
  take: unknown;
}

// Drizzle's column comparisons take placeholders at run time; their static types only know values.
type Value = string;
export const val = (x: unknown) => x as Value;
