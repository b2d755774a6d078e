// Which league seasons a batch's finished matches change: their tables (standings) and their players' season stats.
import { countsInTable, groupOf, isFinished } from "../../domain/codes";
import type { Row } from "../../db/queries/ingest";
import type { IngestPlan } from "./context";

/** A finished match whose result or box score changed: its competition season's stats are recomputed. */
export function markStatFinal(plan: IngestPlan, m: Row) {
  if (!isFinished(Number(m.status_code))) return;
  const key = `${m.league_id}|${m.season}`;
  const f = plan.statFinals.get(key) ?? { leagueId: String(m.league_id), season: String(m.season), matchIds: [] };
  if (!f.matchIds.includes(String(m.id))) f.matchIds.push(String(m.id));
  plan.statFinals.set(key, f);
}

/**
 * A match that became finished, or a finished one whose score was corrected: its season's stats are recomputed and,
 * in a league or in a cup's group (a World Cup's "Group A, Matchday 1"), its table.
 */
export function markSeasonFinals(plan: IngestPlan, league: Row, existing: Row | undefined, next: Row) {
  const from = existing ? Number(existing.status_code) : undefined;
  const to = Number(next.status_code);
  // A correction: another score, or other teams (a merge of two teams that were one, docs/identity.md "Merging").
  const corrected =
    from !== undefined &&
    countsInTable(from) &&
    (existing!.home_score !== next.home_score ||
      existing!.away_score !== next.away_score ||
      existing!.home_team_id !== next.home_team_id ||
      existing!.away_team_id !== next.away_team_id);
  if (!countsInTable(to) || !(from === undefined || !countsInTable(from) || corrected)) return;
  markStatFinal(plan, next);
  if (league.format !== "league" && groupOf(next.round) === null) return;
  const leagueId = String(next.league_id);
  const key = `${leagueId}|${next.season}`;
  const f = plan.finals.get(key) ?? { leagueId, season: String(next.season), matchIds: [] };
  f.matchIds.push(String(next.id));
  plan.finals.set(key, f);
}
