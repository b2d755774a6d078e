// The merge_match op (the operator's, docs/identity.md "Merging"): two stored matches are one real match. `into`
// stays; what it lacks comes from `from` through the other planners (the fields it has no value for; the timeline,
// statistics, line-ups and box score when it has none), so its room hears them as any source's. `from` is deleted
// first in the batch's write (its events, lines and snapshots go with it), and its league season's table and its
// players' season stats are recomputed without it (./finals.ts, src/core/ingest/standings.ts).
import { countsInTable, groupOf } from "../../domain/codes";
import { COLUMNS } from "../../db/queries/bulk";
import type { Row } from "../../db/queries/ingest";
import type { Op } from "../ops";
import { fail, type PlanContext, type Planner } from "./context";
import { planEvents } from "./events";
import { markStatFinal } from "./finals";
import { planLineups } from "./lineups";
import { planMatch } from "./match";
import { storeLines } from "./player-lines";
import { planStats } from "./stats";

/** Fields `into` takes from `from` when it has no value (never the teams, the score, the status or the clock). */
const FILLED = [
  "round",
  "ht_home_score",
  "ht_away_score",
  "home_penalties",
  "away_penalties",
  "home_formation",
  "away_formation",
  "referee",
  "venue",
  "attendance",
] as const;

export const planMergeMatch: Planner<"merge_match"> = (ctx, op, i) => {
  const { state, plan } = ctx;
  const from = state.matches.get(op.from);
  const into = state.matches.get(op.into);
  if (!from) throw fail(i, "from", `unknown match ${op.from}`);
  if (!into) throw fail(i, "into", `unknown match ${op.into}`);
  if (op.from === op.into) throw fail(i, "into", "a match cannot be merged into itself");
  if (from.sport !== into.sport) throw fail(i, "into", `${op.into} is a ${into.sport} match`);
  if (from.home_team_id !== into.home_team_id || from.away_team_id !== into.away_team_id)
    throw fail(
      i,
      "into",
      `${op.into} is ${into.home_team_id}–${into.away_team_id}, ${op.from} is ${from.home_team_id}–${from.away_team_id}: merge the teams first`,
    );
  // `from` is gone for the rest of the batch: its rows are deleted before anything is written.
  state.matches.delete(op.from);
  plan.removedMatches.push(from);
  const events = state.events.get(op.from);
  state.events.delete(op.from);
  for (const [id, owner] of state.eventOwners) if (owner === op.from) state.eventOwners.delete(id);
  const stats = state.stats.get(op.from);
  const lineups = state.lineups.get(op.from);
  const lines = state.lines.get(op.from);
  for (const m of [state.stats, state.lineups, state.lines]) m.delete(op.from);
  // Its table and its players' season stats, recomputed without it (and the snapshots after it).
  if (countsInTable(Number(from.status_code))) {
    markStatFinal(plan, from);
    const key = `${from.league_id}|${from.season}`;
    const league = state.leagues.get(String(from.league_id));
    if (league?.format === "league" || groupOf(from.round) !== null) {
      const f = plan.finals.get(key) ?? { leagueId: String(from.league_id), season: String(from.season), matchIds: [] };
      f.matchIds.push(op.from);
      plan.finals.set(key, f);
    }
  }
  // What `into` lacks, through the planners every source's ops go through.
  const fills = Object.fromEntries(FILLED.filter((c) => into[c] == null && from[c] != null).map((c) => [c, from[c]]));
  const sub = (o: Op) => planOpOf(ctx, o, i);
  if (Object.keys(fills).length > 0)
    sub({ op: "match", id: op.into, sport: into.sport, league_id: into.league_id, ...fills } as Op);
  if (events?.size && !state.events.get(op.into)?.size) {
    const moved = [...events.values()]
      .sort((a, b) => Number(a.seq) - Number(b.seq))
      .map(({ match_id: _m, seq: _s, ...e }) => e);
    sub({ op: "events", match_id: op.into, events: moved } as Op);
  }
  if (stats && !state.stats.has(op.into)) sub({ op: "stats", match_id: op.into, data: JSON.parse(stats) } as Op);
  if (lineups && !state.lineups.has(op.into))
    sub({ op: "lineups", match_id: op.into, home: JSON.parse(lineups.home), away: JSON.parse(lineups.away) } as Op);
  if (lines && !state.lines.has(op.into)) movedLines(ctx, op.into, lines);
  return true;
};

function planOpOf(ctx: PlanContext, op: Op, i: number) {
  if (op.op === "match") return planMatch(ctx, op, i);
  if (op.op === "events") return planEvents(ctx, op, i);
  if (op.op === "stats") return planStats(ctx, op, i);
  if (op.op === "lineups") return planLineups(ctx, op, i);
  return false;
}

/** `from`'s box score as `into`'s: its rows as stored (their players were checked then), on the other match. */
function movedLines(ctx: PlanContext, into: string, key: string) {
  const rows: Row[] = (JSON.parse(key) as unknown[][]).map((values) => ({
    ...Object.fromEntries(COLUMNS.player_lines.map((c, k) => [c, values[k]])),
    match_id: into,
  }));
  return storeLines(ctx, ctx.state.matches.get(into)!, rows);
}
