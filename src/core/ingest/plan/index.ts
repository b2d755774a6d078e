// Turns validated ops into row writes and live updates against the current state. Pure: no I/O.
// Ops apply in order and see each other (a league op, then its team and match ops, in one request).
import type { IngestState } from "../../db/queries/ingest";
import type { PlanOp } from "../ops";
import { planContext, type IngestPlan, type PlanContext } from "./context";
import { planEvents } from "./events";
import { planLeague } from "./league";
import { planLineups } from "./lineups";
import { planMatch } from "./match";
import { planMergeMatch } from "./merge-match";
import { planPlayer } from "./player";
import { planPlayerLines } from "./player-lines";
import { planRemoveEvents } from "./remove-events";
import { planStats } from "./stats";
import { planTeam } from "./team";

export type { IngestPlan } from "./context";

export function planIngest(ops: PlanOp[], state: IngestState, now: string): IngestPlan {
  const ctx = planContext(state, now);
  ops.forEach((op, i) => (planOp(ctx, op, i) ? ctx.plan.applied++ : ctx.plan.unchanged++));
  return ctx.plan;
}

function planOp(ctx: PlanContext, op: PlanOp, i: number): boolean {
  switch (op.op) {
    case "league":
      return planLeague(ctx, op, i);
    case "team":
      return planTeam(ctx, op, i);
    case "player":
      return planPlayer(ctx, op, i);
    case "player_lines":
      return planPlayerLines(ctx, op, i);
    case "match":
      return planMatch(ctx, op, i);
    case "events":
      return planEvents(ctx, op, i);
    case "remove_events":
      return planRemoveEvents(ctx, op, i);
    case "stats":
      return planStats(ctx, op, i);
    case "lineups":
      return planLineups(ctx, op, i);
    case "merge_match":
      return planMergeMatch(ctx, op, i);
  }
}
