// The lineups op: a match's two lineups, replaced as a whole when either differs from the stored one.
import { requireMatch, type Planner } from "./context";

export const planLineups: Planner<"lineups"> = (ctx, op, i) => {
  requireMatch(ctx, op.match_id, i);
  const next = { home: JSON.stringify(op.home), away: JSON.stringify(op.away) };
  const existing = ctx.state.lineups.get(op.match_id);
  if (existing && existing.home === next.home && existing.away === next.away) return false;
  ctx.state.lineups.set(op.match_id, next);
  ctx.write("match_lineups", { match_id: op.match_id, ...next, updated_at: ctx.now });
  return true;
};
