// Request budgets without a Durable Object round trip per request: each isolate takes the budget from the
// account's gate (workers/account-gate.ts) in leases and spends them locally.
// - A lease is granted out of what is left in the current minute, so the object never allows more than the limit.
// - The lease size starts at 1, doubles while leases are used up within FAST_MS and halves for each FAST_MS one
//   lasted (cap: LEASE_CAP, and a twentieth of the limit). So a key making a request now and then asks the object
//   every time, a steady key about once per FAST_MS whatever its rate, and a busy key that goes quiet is back to
//   small leases at its next one. (Until 2026-11 the size fell back to 1 after any
//   lease that lasted over a second: a key at 3 requests a second went 1, 2, 4, 1, … and asked its object on ~40% of
//   its requests.)
// - One isolate (every test, and a single-isolate deployment) is exact: limit + k requests get exactly k refusals,
//   and the headers' remaining is exact.
// - With several isolates, tokens leased to one isolate and not yet spent cannot serve another one: a key can be
//   refused up to (isolates − 1) × lease size requests early within a minute. Never late, and never over the limit.
import type { RateDecision } from "./rate";

const WINDOW_MS = 60_000;
const LEASE_CAP = 64;
const FAST_MS = 5000;

interface Local {
  start: number;
  limit: number;
  /** Leased and not yet spent by this isolate. */
  unused: number;
  /** What the object had left (not leased to anyone) at our last lease. */
  objectRemaining: number;
  want: number;
  lastLeaseAt: number;
  /** The lease request in flight, if any. */
  pending?: Promise<void>;
  /** Credentials that spent from this isolate since its last lease request: reported with the next one. */
  seen: Set<string>;
}

export interface Lease {
  granted: number;
  remaining: number;
  reset: number;
  retryAfter: number;
}

/** The account's gate, as far as this file needs it. */
export interface LeaseSource {
  take(
    bucket: string,
    limit: number,
    want: number,
    now: number,
    settle?: { start: number; unused: number },
    seen?: string[],
  ): Promise<Lease>;
}

const local = new Map<string, Local>();

const windowStart = (now: number) => now - (now % WINDOW_MS);
const capFor = (limit: number) => Math.max(1, Math.min(LEASE_CAP, Math.floor(limit / 20)));

/**
 * Spends one request of `bucket`'s budget for the account behind `source` (`id` names it in this isolate's map);
 * `by` names the credential that spent it (the gate keeps each credential's last use).
 */
export async function spend(
  source: () => LeaseSource,
  id: string,
  bucket: string,
  limit: number,
  now = Date.now(),
  by?: string,
): Promise<RateDecision> {
  const start = windowStart(now);
  const name = `${id}\u0000${bucket}`;
  let s = local.get(name);
  let settle: { start: number; unused: number } | undefined;
  if (!s || s.start !== start || s.limit !== limit) {
    // Unspent tokens (an earlier minute, or a limit that changed with the plan) go back: usage counts what was used.
    if (s && s.unused > 0) settle = { start: s.start, unused: s.unused };
    if (local.size > 10_000) prune(start);
    s = { start, limit, unused: 0, objectRemaining: limit, want: 1, lastLeaseAt: 0, seen: s?.seen ?? new Set() };
    local.set(name, s);
  }
  const reset = Math.ceil((start + WINDOW_MS) / 1000);
  const state = s;
  if (by) state.seen.add(by);
  for (;;) {
    if (state.unused > 0) {
      state.unused--;
      return { allowed: true, limit, remaining: state.objectRemaining + state.unused, reset, retryAfter: 1 };
    }
    // One lease request at a time per key and bucket: concurrent requests wait for it and then spend from it, so a
    // burst in one isolate is counted exactly (none refused while this isolate holds unspent tokens).
    if (state.pending) {
      await state.pending;
      continue;
    }
    const lasted = now - state.lastLeaseAt;
    state.want =
      lasted < FAST_MS
        ? Math.min(state.want * 2, capFor(limit))
        : Math.max(1, Math.floor(state.want / 2 ** Math.min(30, Math.floor(lasted / FAST_MS))));
    state.lastLeaseAt = now;
    const seen = state.seen.size > 0 ? [...state.seen] : undefined;
    state.seen.clear();
    const asked = source().take(bucket, limit, state.want, now, settle, seen);
    settle = undefined;
    state.pending = asked.then(
      () => undefined,
      () => undefined,
    );
    let lease: Lease;
    try {
      lease = await asked;
    } finally {
      state.pending = undefined;
    }
    state.objectRemaining = lease.remaining;
    if (lease.granted === 0) {
      return { allowed: false, limit, remaining: state.unused, reset, retryAfter: lease.retryAfter };
    }
    state.unused += lease.granted;
  }
}

function prune(start: number) {
  for (const [k, v] of local) if (v.start !== start) local.delete(k);
}
