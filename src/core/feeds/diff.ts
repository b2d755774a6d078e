// Only changes become ops (docs/feeds.md "Changes only"): what a provider says about a match now, against what the
// poller last applied for it. Sparse match ops carry only the fields that changed; an event the provider no longer
// lists is withdrawn (remove_events), a changed one is re-sent under its id (event_updated).
import { transitionPath } from "../domain/codes";
import type { Op } from "../ingest/ops";
import type { EventIn, MatchFields, MatchState } from "../sources/contract";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The ops that take the service from `prev` (undefined: nothing applied yet) to `next`. Teams first. `storedStatus`:
 * the match's status here when the poller has applied nothing of it (the start of the transition path).
 */
export function matchOps(
  prev: MatchState | undefined,
  next: MatchState,
  knownTeams: ReadonlySet<string>,
  storedStatus?: number,
): Op[] {
  const ops: Op[] = [];
  for (const t of next.teams) if (!knownTeams.has(t.id)) ops.push({ op: "team", ...t });
  const head = { op: "match" as const, id: next.id, sport: next.sport, league_id: next.league_id };
  const changed: MatchFields = {};
  for (const [k, v] of Object.entries(next.fields) as [keyof MatchFields, unknown][]) {
    if (v === undefined) continue;
    if (prev && same(prev.fields[k], v)) continue;
    (changed as Record<string, unknown>)[k] = v;
  }
  const from = prev?.fields.status_code ?? storedStatus;
  const to = next.fields.status_code;
  if (from !== undefined && to !== undefined && from !== to) {
    const path = transitionPath(from, to);
    if (!path) throw new Error(`status ${from} → ${to} has no way through the contract's transitions`);
    for (const step of path.slice(1, -1)) ops.push({ ...head, status_code: step });
  }
  if (Object.keys(changed).length > 0) ops.push({ ...head, ...changed });
  if (next.events !== undefined) {
    const before = new Map((prev?.events ?? []).map((e) => [e.id, e]));
    const now = new Set(next.events.map((e) => e.id));
    const gone = [...before.keys()].filter((id) => !now.has(id));
    if (gone.length > 0) ops.push({ op: "remove_events", match_id: next.id, event_ids: gone });
    const fresh = next.events.filter((e) => !same(before.get(e.id), e));
    if (fresh.length > 0) ops.push({ op: "events", match_id: next.id, events: fresh });
  }
  if (next.lineups !== undefined && !same(prev?.lineups, next.lineups))
    ops.push({ op: "lineups", match_id: next.id, ...next.lineups });
  if (next.stats !== undefined && next.stats.length > 0 && !same(prev?.stats, next.stats))
    ops.push({ op: "stats", match_id: next.id, data: next.stats });
  return ops;
}

/**
 * What the poller keeps after applying `next`: the fields over the previous ones (an answer that does not state a
 * field keeps it), and the timeline, lineups and stats of the latest answer that carried them.
 */
export function merged(prev: MatchState | undefined, next: MatchState): MatchState {
  if (!prev) return next;
  const fields = { ...prev.fields };
  for (const [k, v] of Object.entries(next.fields)) if (v !== undefined) (fields as Record<string, unknown>)[k] = v;
  return {
    ...next,
    fields,
    events: next.events ?? prev.events,
    lineups: next.lineups ?? prev.lineups,
    stats: next.stats !== undefined && next.stats.length > 0 ? next.stats : prev.stats,
  };
}

export type { EventIn };
