// What a league's current season has (docs/data.md "Coverage"): one UPDATE, in the same D1 batch as the writes that
// change it, for the leagues a batch touched. Each flag is an EXISTS over the season's matches (index
// matches_league_season) and a primary-key or index seek per match; a flag already right is not written again (an
// unchanged row would still bump the data version through its trigger).
import type { Db } from "../client";

const seasonMatch = (cond: string) =>
  `EXISTS (SELECT 1 FROM matches m INDEXED BY matches_league_season WHERE m.league_id = l.id AND m.season = l.season AND ${cond})`;

const FLAGS = {
  // Sticky for the season (a finished season was followed live); planLeague resets it when the season changes.
  has_live: `CASE WHEN l.has_live = 1 THEN 1 ELSE ${seasonMatch("m.status_code IN (2, 7)")} END`,
  has_events: seasonMatch("EXISTS (SELECT 1 FROM match_events e WHERE e.match_id = m.id)"),
  has_lineups: seasonMatch("EXISTS (SELECT 1 FROM match_lineups x WHERE x.match_id = m.id)"),
  has_stats: seasonMatch("EXISTS (SELECT 1 FROM match_stats x WHERE x.match_id = m.id)"),
  has_players: seasonMatch(
    "(EXISTS (SELECT 1 FROM players p WHERE p.team_id = m.home_team_id) OR EXISTS (SELECT 1 FROM players p WHERE p.team_id = m.away_team_id))",
  ),
};
const names = Object.keys(FLAGS);

/**
 * Recomputes the flags of `leagueIds` and of the leagues `teamIds` play in (a squad written on its own), each by
 * primary key. Runs after the batch's upserts, so it sees them.
 */
export function refreshCoverage(db: Db, leagueIds: readonly string[], teamIds: readonly string[] = []) {
  const text = `UPDATE leagues SET ${names.map((n) => `${n} = c.${n}`).join(", ")}
FROM (SELECT l.id, ${names.map((n) => `${FLAGS[n as keyof typeof FLAGS]} AS ${n}`).join(", ")} FROM leagues l
  WHERE l.id IN (SELECT value FROM json_each(?1)
    UNION SELECT tm.league_id FROM team_matches tm WHERE tm.team_id IN (SELECT value FROM json_each(?2)))) AS c
WHERE leagues.id = c.id AND (${names.map((n) => `leagues.${n}`).join(", ")}) <> (${names.map((n) => `c.${n}`).join(", ")})`;
  return db.$client.prepare(text).bind(JSON.stringify(leagueIds), JSON.stringify(teamIds));
}
