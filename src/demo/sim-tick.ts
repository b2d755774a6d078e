// What both sports' simulator ticks share: the tick's random source, the event they add, the line-ups they read.
import type { Lineup } from "../core/domain/schemas";
import type { Row } from "../core/db/queries/ingest";
import type { Op } from "../core/ingest/ops";
import { demoEvent, type DemoEvent, type Side } from "./events";
import { rngFor, type Rng } from "./random";

export type EventIn = Extract<Op, { op: "events" }>["events"][number];

/**
 * The tick's random source, seeded by the match and its clock before the tick (each clock state comes once per
 * match): the same match plays the same way every time, so a test can play a day and know what it will see.
 */
export const tickRng = (m: Row, ...clock: unknown[]): Rng => rngFor(`sim:${String(m.id)}:${clock.join(":")}`);

/** A new timeline entry; `n` numbers it within the tick (ids stay unique after VAR withdrew an event). */
export function simEvent(
  m: Row,
  n: number,
  type: string,
  minute: number,
  period: number,
  team: Side | null,
  extra: Partial<DemoEvent> = {},
): EventIn {
  const id = `${m.id}_sim${Number(m.events) + n}_${crypto.randomUUID().slice(0, 8)}`;
  return { id, ...demoEvent(type, minute, period, team, extra) };
}

/** The side's line-up as the live read returns it, if published. */
export function lineupOf(m: Row, side: Side): Lineup | undefined {
  const raw = side === "home" ? m.home_lineup : m.away_lineup;
  return raw ? (JSON.parse(String(raw)) as Lineup) : undefined;
}
