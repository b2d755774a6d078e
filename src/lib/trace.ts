// Hop marks of one traced ingest (docs/operations.md "Tracing an ingest"): where the time between a feed's POST and the
// sockets' frames goes. The route, the Ingestor, each room and each relay stamp their hops and hand the marks back
// with their answers; the route returns them as a Server-Timing header. Untraced calls carry no marks and pay nothing.
//
// Each object stamps on a clock that starts from Date.now() when its call arrives (the runtime sets Date.now() at each
// I/O event and holds it during the event's CPU work) and advances with performance.now() within the call, so a CPU
// hop (planning, the log write, a relay's send loop) shows its length. Across objects the marks share the wall clock:
// exact in one process (local), within clock skew across machines.

/** Hops and their epoch ms, in the order stamped (objects, not tuples: they cross RPC). */
export type Marks = { hop: string; at: number }[];

export interface Tracer {
  marks: Marks;
  mark(hop: string): void;
  /** Adds the marks another object handed back. */
  add(marks: Marks | undefined): void;
}

/** A tracer when `on`; undefined otherwise, so `t?.mark(…)` costs an untraced call nothing. */
export function tracer(on: boolean | undefined): Tracer | undefined {
  if (!on) return undefined;
  const date = Date.now();
  const perf = performance.now();
  const marks: Marks = [];
  return {
    marks,
    mark: (hop) => void marks.push({ hop, at: date + (performance.now() - perf) }),
    add: (more) => void (more && marks.push(...more)),
  };
}

/**
 * The Server-Timing header of a traced request: a `trace` entry whose description is the first mark's epoch ms, then
 * one entry per mark whose `dur` is the milliseconds since the first mark (hops repeat once per room or relay).
 */
export function serverTiming(marks: Marks): string {
  const start = marks[0]?.at ?? 0;
  return [
    `trace;desc="${start.toFixed(3)}"`,
    ...marks.map(({ hop, at }) => `${hop.replace(/[^\w-]/g, "_")};dur=${(at - start).toFixed(2)}`),
  ].join(", ");
}
