// Fixed-window attempt budgets for unauthenticated endpoints (sign-in, sign-up, client registration), counted in D1.
// An attempt is counted before the work it guards, in the same statement that reads the count (see countAttempt), so
// N parallel attempts use N of the budget and the ones past it do no work at all.
import type { Db } from "../db/client";
import { countAttempt, uncountAttempt } from "../db/queries/counters";

export type Budget = { subject: string; max: number };
export type Attempt =
  | { ok: true; /** Gives the attempt back (e.g. a successful sign-in). */ giveBack: () => Promise<void> }
  | { ok: false; retryAfterSec: number };

export async function attempt(db: Db, windowMs: number, budgets: Budget[], now = Date.now()): Promise<Attempt> {
  const windowStart = now - (now % windowMs);
  const subjects = budgets.map((b) => b.subject);
  const counts = await countAttempt(db, subjects, windowStart);
  if (counts.some((n, i) => n > budgets[i]!.max)) {
    return { ok: false, retryAfterSec: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
  }
  return { ok: true, giveBack: () => uncountAttempt(db, subjects, windowStart) };
}

/** The client's address as Cloudflare reports it; "local" when absent (wrangler dev, tests without the header). */
export const clientIp = (request: Request) => request.headers.get("cf-connecting-ip") || "local";

export const HOUR_MS = 3_600_000;
