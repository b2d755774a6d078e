// On the final whistle: the league's current table and the snapshot after each newly finished match (and after each
// later one, when a result is corrected).
import { countsInTable, isKnockoutRound, type Sport } from "../domain/codes";
import { TableBuilder } from "../domain/standings";
import type { Db } from "../db/client";
import { seasonMatches, type Row } from "../db/queries/ingest";
import type { Plan } from "./plan";

const ts = (iso: unknown) => Math.floor(Date.parse(String(iso)) / 1000);

export async function standingsWrites(db: Db, plan: Plan, sportOf: (leagueId: string) => Sport) {
  const standings: Row[] = [];
  const snapshots: Row[] = [];
  for (const { leagueId, season, matchIds } of plan.finals.values()) {
    // The season as it will be after this batch: stored rows, overlaid with what the batch changes.
    const all = new Map((await seasonMatches(db, leagueId, season)).map((m) => [String(m.id), m]));
    for (const m of plan.matches.values())
      if (m.league_id === leagueId && m.season === season) all.set(String(m.id), m);
    const teams = new Map<string, string>();
    // A league phase's table: its knockout rounds are neither its teams nor its results.
    for (const [id, m] of all) if (isKnockoutRound(m.round)) all.delete(id);
    for (const m of all.values())
      teams.set(String(m.home_team_id), String(m.home_team)).set(String(m.away_team_id), String(m.away_team));
    const table = new TableBuilder(
      sportOf(leagueId),
      [...teams].map(([id, name]) => ({ id, name })),
    );
    const finished = [...all.values()]
      .filter((m) => countsInTable(Number(m.status_code)) && m.finished_at)
      .sort((a, b) => ts(a.finished_at) - ts(b.finished_at) || Number(a.kickoff_ts) - Number(b.kickoff_ts));
    // Every snapshot from the earliest changed match on: a later match's table includes that result, so a corrected
    // final score (or a result arriving after later ones) changes the tables at kickoff of the matches after it.
    const from = finished.findIndex((m) => matchIds.includes(String(m.id)));
    let asOf = "";
    for (const [i, m] of finished.entries()) {
      table.add({
        homeTeamId: String(m.home_team_id),
        awayTeamId: String(m.away_team_id),
        homeTeam: String(m.home_team),
        awayTeam: String(m.away_team),
        homeScore: Number(m.home_score),
        awayScore: Number(m.away_score),
        statusCode: Number(m.status_code),
        kickoffTs: Number(m.kickoff_ts),
      });
      asOf = String(m.finished_at);
      if (from >= 0 && i >= from) {
        const rows = JSON.stringify(table.rows());
        snapshots.push({ match_id: m.id, league_id: leagueId, season, as_of_ts: ts(asOf), as_of: asOf, rows });
      }
    }
    standings.push({ league_id: leagueId, season, as_of: asOf, rows: JSON.stringify(table.rows()) });
  }
  return { standings, snapshots };
}
