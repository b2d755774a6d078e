import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../client";
import { abuseCounters } from "../schema";

/** Windows older than this are pruned on the next count (the longest window is an hour). */
const KEEP_MS = 86_400_000;

/**
 * Counts one attempt for each subject in the window starting at `windowStart` and returns the new counts, in order.
 * Each count is one upsert … RETURNING (increment and read in one statement) and all run in one batch (one
 * transaction): N parallel callers see N distinct counts, so no two of them can both pass a limit of N − 1.
 */
export async function countAttempt(db: Db, subjects: string[], windowStart: number): Promise<number[]> {
  const upsert = (subject: string) =>
    db
      .insert(abuseCounters)
      .values({ subject, windowStart, n: 1 })
      .onConflictDoUpdate({
        target: [abuseCounters.subject, abuseCounters.windowStart],
        set: { n: sql`${abuseCounters.n} + 1` },
      })
      .returning({ n: abuseCounters.n });
  const [, ...counted] = await db.batch([
    db.delete(abuseCounters).where(lt(abuseCounters.windowStart, windowStart - KEEP_MS)),
    ...subjects.map(upsert),
  ]);
  return counted.map((rows) => (rows as { n: number }[])[0]!.n);
}

/** Takes one attempt back from each subject's counter in that window (never below zero). */
export async function uncountAttempt(db: Db, subjects: string[], windowStart: number): Promise<void> {
  await db
    .update(abuseCounters)
    .set({ n: sql`max(${abuseCounters.n} - 1, 0)` })
    .where(and(inArray(abuseCounters.subject, subjects), eq(abuseCounters.windowStart, windowStart)));
}
