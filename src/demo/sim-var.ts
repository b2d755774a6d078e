// The simulator's VAR: the goal scored on the previous tick is reviewed, and now and then disallowed. A feed says so
// the way a real one does: the goal event removed (remove_events), a `var` event in its place, the score put back
// (the match op) and the scorer's line without the goal (player_lines).
// Whether a goal stands is decided by the project's seeded random source from the goal's id: the same goal gets the
// same decision on every review, so a goal that stood is never disallowed later, and tests can tell in advance.
import { chance, rngFor } from "./random";
import type { Side } from "./events";
import type { Row } from "../core/db/queries/ingest";

/** About one goal in ten is disallowed: visible in a demo session, still the exception. */
export const VAR_DISALLOW_RATE = 0.1;

/** The latest goal of a live match, as the simulator's read returns it (src/core/db/queries/feeds.ts). */
export interface ReviewedGoal {
  id: string;
  team: Side;
  minute: number;
  period: number;
  player: string | null;
  player_id: string | null;
}

export const disallowedOnReview = (goalId: string) => chance(rngFor(`var:${goalId}`), VAR_DISALLOW_RATE);

/**
 * The goal VAR disallows in this tick, if any: the match's latest goal, scored on the previous tick (same period, a
 * minute ago at most; in added time the minute stands still) and decided against. An older goal is not reviewed.
 */
export function varReview(m: Row): ReviewedGoal | undefined {
  if (!m.last_goal) return undefined;
  const g = JSON.parse(String(m.last_goal)) as ReviewedGoal;
  const fresh = g.period === Number(m.period) && g.minute >= Number(m.minute ?? 0) - 1;
  return fresh && (g.team === "home" || g.team === "away") && disallowedOnReview(g.id) ? g : undefined;
}
