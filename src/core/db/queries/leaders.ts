// League leaders: one ordered index range of player_season_stats per stat, read only as far as the top 20. A per-game
// stat ranks only the players who qualify (docs/api.md "Teams, players and search").
import type { Sport } from "../../domain/codes";
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

const SEASON = "(SELECT season FROM leagues WHERE id = ?1)";
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
  player_id: string;
  player: string;
  team_id: string;
  team: string;
  value: number;
  matches: number;
}

/** The league's name, current season and leaders; undefined for an unknown, other-sport or untracked league. */
export async function getLeaders(db: Db, sport: Sport, leagueId: string, stat: LeaderStat, tracked: Tracked) {
  const { column, index, perGame } = STAT[stat];
  const d1 = db.$client;
  const [league, rows] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        `SELECT l.season, l.name FROM leagues l WHERE l.id = ?1 AND l.sport = ?3 AND ${trackedSql("l.id", "?2")}`,
      )
      .bind(leagueId, tracked, sport),
    d1
      .prepare(
        `SELECT player_id, player_name AS player, team_id, team_name AS team, ${column} AS value, matches
         FROM player_season_stats INDEXED BY ${index}
         WHERE league_id = ?1 AND season = ${SEASON} AND ${column} > 0${perGame ? ` AND ${QUALIFIES}` : ""}
         ORDER BY ${column} DESC, player_name LIMIT ${LEADERS_LIMIT}`,
      )
      .bind(leagueId),
  ]);
  const l = league!.results[0];
  if (!l) return undefined;
  return { season: String(l.season), league: String(l.name), rows: rows!.results as unknown as LeaderRow[] };
}
