// League leaders: one ordered index range of player_season_stats per stat, read only as far as the top 20.
import type { Sport } from "../../domain/codes";
import type { LeaderStat } from "../../domain/people-schemas";
import type { Db } from "../client";
import { trackedSql, type Tracked } from "./visibility";

export const LEADERS_LIMIT = 20;

/** The column and index of each stat (stat names come from a zod enum, never from the request as text). */
const STAT: Record<LeaderStat, { column: string; index: string }> = {
  goals: { column: "goals", index: "pss_goals" },
  assists: { column: "assists", index: "pss_assists" },
  cards: { column: "cards", index: "pss_cards" },
  points: { column: "points", index: "pss_points" },
  rebounds: { column: "rebounds", index: "pss_rebounds" },
  ppg: { column: "ppg", index: "pss_ppg" },
};

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
  const { column, index } = STAT[stat];
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
         WHERE league_id = ?1 AND season = (SELECT season FROM leagues WHERE id = ?1) AND ${column} > 0
         ORDER BY ${column} DESC, player_name LIMIT ${LEADERS_LIMIT}`,
      )
      .bind(leagueId),
  ]);
  const l = league!.results[0];
  if (!l) return undefined;
  return { season: String(l.season), league: String(l.name), rows: rows!.results as unknown as LeaderRow[] };
}
