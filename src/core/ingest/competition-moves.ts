// Which teams' current competitions a batch changed without writing a new match for them (plan.ts adds those).
import type { IngestState } from "../db/queries/ingest";

/** What decides a team's current competitions: each league's season, each match's season and teams. */
export const competitionsOf = (state: IngestState) => ({
  leagues: new Map([...state.leagues].map(([id, l]) => [id, String(l.season)])),
  matches: new Map(
    [...state.matches].map(([id, m]) => [id, [m.season, m.home_team_id, m.away_team_id].map(String)] as const),
  ),
});
type Competitions = ReturnType<typeof competitionsOf>;

/**
 * Leagues moved to another season, and the teams (before and after) of matches moved to another season or between
 * teams, or removed. Search shows a team while it plays a current season, like the team and player reads: these teams' search
 * rows, and the moved leagues' teams', get their leagues recomputed in the same batch.
 */
export function competitionMoves(before: Competitions, after: Competitions) {
  const leagues = [...before.leagues].filter(([id, season]) => after.leagues.get(id) !== season).map(([id]) => id);
  const teams = [...before.matches].flatMap(([id, [season, home, away]]) => {
    const now = after.matches.get(id);
    // A match merged into another (merge_match) is gone: its teams may play one current competition fewer.
    if (!now) return [home!, away!];
    return season === now[0] && home === now[1] && away === now[2] ? [] : [home!, away!, now[1]!, now[2]!];
  });
  return { leagues, teams };
}
