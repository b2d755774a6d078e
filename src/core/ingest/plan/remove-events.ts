// The remove_events op: a feed withdraws events of a match (a goal disallowed by VAR, a duplicate). Each event the
// match has is deleted in the batch's one write and pushed as event_removed; an id it does not have changes nothing
// (a feed may repeat a removal), an id of another match's event is refused.
// The score is not derived from events: a disallowed goal also needs the match op with the corrected score (which
// recomputes a finished league match's table), and its scorer's line a player_lines op (which recomputes season stats
// and leaders). No other row is derived from an event, so a removal recomputes nothing else.
import { fail, requireMatch, type Planner } from "./context";

export const planRemoveEvents: Planner<"remove_events"> = (ctx, op, i) => {
  const { plan, state } = ctx;
  const m = requireMatch(ctx, op.match_id, i);
  const known = state.events.get(op.match_id);
  let changed = false;
  op.event_ids.forEach((id, j) => {
    const owner = state.eventOwners.get(id);
    if (owner !== undefined && owner !== op.match_id)
      throw fail(i, `event_ids.${j}`, `event ${id} belongs to match ${owner}`);
    if (!known?.delete(id)) return;
    state.eventOwners.delete(id);
    plan.removedEvents.push(id);
    // The deletes run before the batch's event upserts (so a later op may send the id again): an event written by
    // an earlier op of this batch must not be written at all.
    if (plan.writes.match_events) plan.writes.match_events = plan.writes.match_events.filter((e) => e.id !== id);
    ctx.publish(m, { type: "event_removed", data: { id } });
    changed = true;
  });
  return changed;
};
