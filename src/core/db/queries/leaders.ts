// League leaders: one ordered index range of player_season_stats per stat, read only as far as the top 20. A per-game
// stat ranks only the players who qualify (docs/api.md "Teams, players and search").
import type { Sport } from "../../domain/codes";
import { mergeScorers } from "../../domain/leaders";
import type { LeaderStat } from "../../domain/people-schemas";
import type { Db } from "../client";
import { trackedSql, type Tracked } from "./visibility";

export const LEADERS_LIMIT = 20;
/**
 * A per-game leader has played at least this percentage of his team's games in the competition's season (the NBA's
 * long-standing minimum for its per-game leaders: 58 of 82): one big night is not a season. The team's games are its
 * `played` in the current table; a competition without a table ranks everyone.
 */
export const MIN_GAMES_PERCENT = 70;

/** The column and index of each stat (stat names come from a zod enum, never from the request as text). */
const STAT: Record<LeaderStat, { column: string; index: string; perGame?: true }> = {
  goals: { column: "goals", index: "pss_goals" },
  assists: { column: "assists", index: "pss_assists" },
  cards: { column: "cards", index: "pss_cards" },
  points: { column: "points", index: "pss_points" },
  rebounds: { column: "rebounds", index: "pss_rebounds" },
  ppg: { column: "ppg", index: "pss_ppg", perGame: true },
};

/** The season asked for (?4), else the league's current one. */
const SEASON = "coalesce(?4, (SELECT season FROM leagues WHERE id = ?1))";
/**
 * The qualifying test of a per-game stat. The table's rows become one `{team_id: played}` object, built once per
 * statement (the subquery does not depend on the row: one primary-key read of the table), and each row of the index
 * range looks its team up in it, so the read still stops at the 20th qualifier.
 */
const QUALIFIES = `matches * 100 >= ${MIN_GAMES_PERCENT} * coalesce(json_extract(
  (SELECT json_group_object(json_extract(t.value, '$.team_id'), json_extract(t.value, '$.played'))
   FROM standings s, json_each(s.rows) t WHERE s.league_id = ?1 AND s.season = ${SEASON}),
  '$."' || team_id || '"'), 0)`;

export interface LeaderRow {
  player_id: string | null;
  player: string;
  team_id: string;
  team: string;
  value: number;
  matches: number;
}

/**
 * The league's name, the season (asked for, or current) and its leaders; undefined for an unknown, other-sport or
 * untracked league. A season without box scores (the history's: its files name scorers, not players' lines) ranks
 * football's goals from the timeline instead: each goal event, not the shoot-out's kicks, counted per scorer as the
 * source names him (one row per person: src/core/domain/leaders.ts mergeScorers) (`player_id` null where the source has no player of ours), `matches` the games he scored in.
 */
export async function getLeaders(
  db: Db,
  sport: Sport,
  leagueId: string,
  stat: LeaderStat,
  tracked: Tracked,
  season?: string,
) {
  const { column, index, perGame } = STAT[stat];
  const d1 = db.$client;
  const [league, rows] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        `SELECT l.name, ${SEASON} AS season, EXISTS (SELECT 1 FROM player_season_stats INDEXED BY ${index} WHERE league_id = ?1 AND season = ${SEASON}) AS lines
         FROM leagues l WHERE l.id = ?1 AND l.sport = ?3 AND ${trackedSql("l.id", "?2")}`,
      )
      .bind(leagueId, tracked, sport, season ?? null),
    d1
      .prepare(
        `SELECT player_id, player_name AS player, team_id, team_name AS team, ${column} AS value, matches
         FROM player_season_stats INDEXED BY ${index}
         WHERE league_id = ?1 AND season = ${SEASON} AND ${column} > 0${perGame ? ` AND ${QUALIFIES}` : ""}
         ORDER BY ${column} DESC, player_name LIMIT ${LEADERS_LIMIT}`,
      )
      .bind(leagueId, null, null, season ?? null),
  ]);
  const l = league!.results[0];
  if (!l) return undefined;
  const found = { season: String(l.season), league: String(l.name), rows: rows!.results as unknown as LeaderRow[] };
  if (l.lines || stat !== "goals") return found;
  return { ...found, rows: await timelineScorers(db, leagueId, found.season) };
}

/** Goals per scorer from the season's finished timelines (one range of the season's matches, their events by match). */
async function timelineScorers(db: Db, leagueId: string, season: string): Promise<LeaderRow[]> {
  const side = (home: string, away: string) => `CASE e.team WHEN 'home' THEN ${home} ELSE ${away} END`;
  const { results } = await db.$client
    .prepare(
      `SELECT max(e.player_id) AS player_id, e.player AS player, ${side("m.home_team_id", "m.away_team_id")} AS team_id,
         max(${side("m.home_team", "m.away_team")}) AS team, count(*) AS value, count(DISTINCT e.match_id) AS matches
       FROM matches m INDEXED BY matches_league_season JOIN match_events e ON e.match_id = m.id
       WHERE m.league_id = ?1 AND m.season = ?2 AND m.status_group = 3 AND e.type IN ('goal', 'penalty_goal')
         AND coalesce(e.period, 0) != ${SHOOTOUT} AND e.player IS NOT NULL
       GROUP BY e.player, team_id`,
    )
    .bind(leagueId, season)
    .all<LeaderRow>();
  // Every scorer of the season (a few hundred at most), one row per person however the files spell him.
  return mergeScorers(results).slice(0, LEADERS_LIMIT);
}

/** Football's period of the shoot-out (src/core/domain/codes.ts): its kicks are not goals of the match. */
const SHOOTOUT = 16;
