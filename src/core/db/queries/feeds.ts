// Reads of the feed adapters: which leagues to poll, and the simulator's view of today's matches.
import type { Db } from "../client";
import type { Row } from "./ingest";

/** Leagues at least one account tracks: the only ones a production poller fetches. */
export async function trackedLeagueIdsAnyAccount(db: Db): Promise<string[]> {
  const { results } = await db.$client
    .prepare("SELECT DISTINCT league_id FROM tracked_leagues")
    .all<{ league_id: string }>();
  return results.map((r) => r.league_id);
}

/** The status of each of these matches that exists (a provider poller's start of a transition path). */
export async function matchStatuses(db: Db, ids: string[]): Promise<Map<string, number>> {
  const { results } = await db.$client
    .prepare("SELECT id, status_code FROM matches WHERE id IN (SELECT value FROM json_each(?))")
    .bind(JSON.stringify(ids))
    .all<{ id: string; status_code: number }>();
  return new Map(results.map((r) => [r.id, r.status_code]));
}

/**
 * The simulator's live matches in these leagues (its own, in leagues marked simulated: never a provider's or the
 * history's), with their lineups (for scorer names), league format and latest goal (for VAR).
 */
export async function liveMatchesOf(db: Db, leagueIds: string[]): Promise<Row[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT m.id, m.sport, m.league_id, m.home_score, m.away_score, m.status_code, m.period, m.minute, m.added_time,
              m.game_clock_secs, m.ht_home_score, m.ht_away_score, l.format, lu.home AS home_lineup, lu.away AS away_lineup,
              (SELECT count(*) FROM match_events e WHERE e.match_id = m.id) AS events,
              (SELECT json_object('id', e.id, 'team', e.team, 'minute', e.minute, 'period', e.period,
                 'player', e.player, 'player_id', e.player_id)
               FROM match_events e WHERE e.match_id = m.id AND e.type IN ('goal', 'penalty_goal')
               ORDER BY e.seq DESC LIMIT 1) AS last_goal,
              (SELECT json_group_array(json_object('player_id', player_id, 'side', side, 'started', started,
                 'minutes', minutes, 'goals', goals, 'assists', assists, 'shots', shots, 'yellow_cards', yellow_cards,
                 'red_cards', red_cards, 'points', points, 'rebounds', rebounds, 'steals', steals, 'blocks', blocks,
                 'turnovers', turnovers, 'fg_made', fg_made, 'fg_attempted', fg_attempted, 'three_made', three_made,
                 'three_attempted', three_attempted, 'ft_made', ft_made, 'ft_attempted', ft_attempted))
               FROM (SELECT * FROM player_lines pl WHERE pl.match_id = m.id ORDER BY side, ord)) AS lines
       FROM matches m INDEXED BY matches_league_status_kickoff
       JOIN leagues l ON l.id = m.league_id
       LEFT JOIN match_lineups lu ON lu.match_id = m.id
       WHERE m.league_id IN (SELECT value FROM json_each(?)) AND m.status_group = 2 AND m.simulated = 1
         AND l.simulated = 1`,
    )
    .bind(JSON.stringify(leagueIds))
    .all<Row>();
  return results;
}

/** The simulator's next scheduled matches of a sport from `fromTs` on, in kickoff order (its own, as above). */
export async function nextScheduled(
  db: Db,
  leagueIds: string[],
  sport: string,
  fromTs: number,
  n: number,
): Promise<Row[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT id, sport, league_id, home_team_id, away_team_id, kickoff_ts,
              EXISTS (SELECT 1 FROM match_lineups lu WHERE lu.match_id = matches.id) AS has_lineup
       FROM matches INDEXED BY matches_sport_status_kickoff
       WHERE sport = ? AND status_group = 1 AND kickoff_ts >= ? AND simulated = 1
         AND league_id IN (SELECT l.id FROM leagues l JOIN json_each(?) j ON j.value = l.id WHERE l.simulated = 1)
       ORDER BY kickoff_ts, id LIMIT ?`,
    )
    .bind(sport, fromTs, JSON.stringify(leagueIds), n)
    .all<Row>();
  return results;
}
