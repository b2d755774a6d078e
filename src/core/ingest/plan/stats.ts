// The stats op: a match's team statistics, replaced as a whole when they differ from the stored ones.
import { requireMatch, type Planner } from "./context";

export const planStats: Planner<"stats"> = (ctx, op, i) => {
  requireMatch(ctx, op.match_id, i);
  const data = JSON.stringify(op.data);
  if (ctx.state.stats.get(op.match_id) === data) return false;
  ctx.state.stats.set(op.match_id, data);
  ctx.write("match_stats", { match_id: op.match_id, data, updated_at: ctx.now });
  return true;
};
