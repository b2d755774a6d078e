// On the final whistle: the league's current table and the snapshot after each newly finished match (and after each
// later one, when a result is corrected). A competition played in groups (a World Cup, a EURO, a cup's group stage)
// has one table per group, of its group matches only; one without has one table of its league phase (its knockout
// rounds are neither its teams nor its results).
import { countsInTable, groupOf, isKnockoutRound, type Sport } from "../domain/codes";
import { TableBuilder } from "../domain/standings";
import type { Db } from "../db/client";
import { seasonMatches, type Row } from "../db/queries/ingest";
import type { IngestPlan } from "./plan";

const ts = (iso: unknown) => Math.floor(Date.parse(String(iso)) / 1000);

export async function standingsWrites(db: Db, plan: IngestPlan, sportOf: (leagueId: string) => Sport) {
  const standings: Row[] = [];
  const snapshots: Row[] = [];
  for (const { leagueId, season, matchIds } of plan.finals.values()) {
    // The season as it will be after this batch: stored rows, overlaid with what the batch changes.
    const all = new Map((await seasonMatches(db, leagueId, season)).map((m) => [String(m.id), m]));
    for (const m of plan.matches.values())
      if (m.league_id === leagueId && m.season === season) all.set(String(m.id), m);
    // A match merged into another counts no more; the snapshots from where it stood on are rewritten.
    const removed = plan.removedMatches.filter((m) => all.delete(String(m.id)) && m.finished_at);
    const removedAt = Math.min(...removed.map((m) => ts(m.finished_at)));
    const grouped = [...all.values()].some((m) => groupOf(m.round) !== null);
    for (const [id, m] of all) if (grouped ? groupOf(m.round) === null : isKnockoutRound(m.round)) all.delete(id);
    const tables = new Map<string | null, TableBuilder>();
    const tableOf = (m: Row) => {
      const group = grouped ? groupOf(m.round) : null;
      let t = tables.get(group);
      if (!t) tables.set(group, (t = new TableBuilder(sportOf(leagueId), [], group)));
      return t;
    };
    for (const m of all.values()) {
      tableOf(m).register(String(m.home_team_id), String(m.home_team));
      tableOf(m).register(String(m.away_team_id), String(m.away_team));
    }
    const rows = () =>
      [...tables.entries()]
        .sort(([a], [b]) => (a ?? "").localeCompare(b ?? "", "en", { numeric: true }))
        .flatMap(([, t]) => t.rows());
    const finished = [...all.values()]
      .filter((m) => countsInTable(Number(m.status_code)) && m.finished_at)
      .sort((a, b) => ts(a.finished_at) - ts(b.finished_at) || Number(a.kickoff_ts) - Number(b.kickoff_ts));
    // Every snapshot from the earliest changed match on: a later match's table includes that result, so a corrected
    // final score (or a result arriving after later ones) changes the tables at kickoff of the matches after it.
    const from = finished.findIndex((m) => matchIds.includes(String(m.id)) || ts(m.finished_at) >= removedAt);
    let asOf = "";
    for (const [i, m] of finished.entries()) {
      tableOf(m).add({
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
        snapshots.push({
          match_id: m.id,
          league_id: leagueId,
          season,
          as_of_ts: ts(asOf),
          as_of: asOf,
          rows: JSON.stringify(rows()),
        });
      }
    }
    standings.push({ league_id: leagueId, season, as_of: asOf, rows: JSON.stringify(rows()) });
  }
  return { standings, snapshots };
}
