// On the final whistle (or a corrected result or box score of a finished match): the season stats of every
// player with a line in it, summed again over that competition season's finished matches, in the same batch.
import { isFinished } from "../domain/codes";
import { seasonTotals, type LineCounts } from "../domain/season-stats";
import type { Db } from "../db/client";
import { linesOfMatches, playersWithTeams, seasonLinesOf, type IngestState, type Row } from "../db/queries/ingest";
import type { IngestPlan } from "./plan";

export async function seasonStatsWrites(db: Db, plan: IngestPlan, state: IngestState): Promise<Row[]> {
  const out: Row[] = [];
  for (const { leagueId, season, matchIds } of plan.statFinals.values()) {
    // Players with a line in the finished matches, as the batch leaves them.
    const playerIds = new Set<string>();
    const batchLines = (id: string) => plan.lines.get(id);
    const storedFor = await linesOfMatches(
      db,
      matchIds.filter((id) => !batchLines(id)),
    );
    for (const id of matchIds)
      for (const l of batchLines(id) ?? storedFor.get(id) ?? []) playerIds.add(String(l.player_id));
    if (playerIds.size === 0) continue;
    const ids = [...playerIds];
    // Every line of those players this season: stored lines of matches the batch does not replace, plus the batch's.
    const lines = new Map<string, Row[]>();
    const gone = new Set(plan.removedMatches.map((m) => String(m.id)));
    const add = (l: Row) => {
      if (gone.has(String(l.match_id))) return;
      const m = plan.matches.get(String(l.match_id));
      const status = m ? Number(m.status_code) : Number(l.status_code);
      if (!isFinished(status)) return;
      const list = lines.get(String(l.player_id)) ?? [];
      list.push(l);
      lines.set(String(l.player_id), list);
    };
    for (const l of await seasonLinesOf(db, ids, leagueId, season)) if (!plan.lines.has(String(l.match_id))) add(l);
    for (const [matchId, rows] of plan.lines) {
      const m = plan.matches.get(matchId);
      if (m?.league_id !== leagueId || m.season !== season) continue;
      for (const l of rows) if (playerIds.has(String(l.player_id))) add(l);
    }
    const players = new Map((await playersWithTeams(db, ids)).map((p) => [String(p.id), p]));
    for (const id of ids) {
      // The batch's own player and team ops win over what is stored.
      const known = state.players.get(id);
      const stored = players.get(id);
      const teamId = known?.team_id ?? stored?.team_id;
      const p = {
        id,
        name: known?.name ?? stored?.name ?? id,
        team_id: teamId,
        team_name: state.teams.get(String(teamId))?.name ?? stored?.team_name ?? "",
      };
      out.push({
        player_id: p.id,
        league_id: leagueId,
        season,
        player_name: p.name,
        team_id: p.team_id,
        team_name: p.team_name,
        ...seasonTotals((lines.get(String(p.id)) ?? []) as unknown as LineCounts[]),
      });
    }
  }
  return out;
}
