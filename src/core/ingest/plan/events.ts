// The events op: a match's events, upserted by id; a new one is numbered after the match's last and pushed live as
// event_added, a known one whose fields changed (a corrected scorer or minute) keeps its seq and is pushed as
// event_updated.
// Nothing else is derived from events: box scores (and so season stats and leaders) come from player_lines ops, the
// score and the table from match ops, so a correction of those arrives, and is recomputed, through those ops.
import type { Event } from "../../domain/schemas";
import { COLUMNS } from "../../db/queries/bulk";
import type { Row } from "../../db/queries/ingest";
import { fail, requireMatch, same, type Planner } from "./context";

export const planEvents: Planner<"events"> = (ctx, op, i) => {
  const { state } = ctx;
  const m = requireMatch(ctx, op.match_id, i);
  const known = state.events.get(op.match_id) ?? new Map<string, Row>();
  state.events.set(op.match_id, known);
  let seq = Math.max(0, ...[...known.values()].map((e) => Number(e.seq)));
  let changed = false;
  for (const e of op.events) {
    const existing = known.get(e.id);
    const owner = state.eventOwners.get(e.id);
    // Event ids are global: an id of another match's event must not silently move it here.
    if (owner !== undefined && owner !== op.match_id) {
      throw fail(i, `events.${op.events.indexOf(e)}.id`, `event ${e.id} belongs to match ${owner}`);
    }
    state.eventOwners.set(e.id, op.match_id);
    const row: Row = { ...e, match_id: op.match_id, seq: existing ? existing.seq : ++seq };
    if (same(existing, row, COLUMNS.match_events)) continue;
    changed = true;
    known.set(e.id, row);
    ctx.write("match_events", row);
    const data = { ...e, seq: Number(row.seq) } as Event;
    ctx.publish(m, existing ? { type: "event_updated", data } : { type: "event_added", data });
  }
  return changed;
};
