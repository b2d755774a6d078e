// A provider's quota as a hard limit (docs/feeds.md "Quotas"): calls in any 60 s window and in the UTC day never
// exceed the lower of the configured plan and what the provider's headers say. Pure: the caller passes the clock.
import type { CallKind, QuotaHint } from "../sources/contract";

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface QuotaLimits {
  perDay: number;
  perMinute: number;
}

export interface QuotaState {
  /** UTC day number of `dayUsed`. */
  day: number;
  dayUsed: number;
  /** When each call of the last 60 s was made. */
  recent: number[];
  /** The provider's last word: its limits, and what was left when it said so (calls since then are subtracted). */
  hint: QuotaHint & { at: number; callsSince: number };
  /** Today's calls by why they were made (the feed status shows them beside the day's plan). */
  byKind?: Partial<Record<CallKind, number>>;
}

export const freshQuota = (now: number): QuotaState => ({
  day: Math.floor(now / DAY),
  dayUsed: 0,
  recent: [],
  hint: { at: 0, callsSince: 0 },
});

function roll(q: QuotaState, now: number) {
  const day = Math.floor(now / DAY);
  if (day !== q.day) {
    q.day = day;
    q.dayUsed = 0;
    q.byKind = {};
    // A new day: the provider's day counters of yesterday say nothing any more.
    delete q.hint.dayLeft;
  }
  while (q.recent.length > 0 && q.recent[0]! <= now - MINUTE) q.recent.shift();
}

/** The limits in force: the configured plan, lowered by the provider's own when it states them. */
export function limitsOf(q: QuotaState, plan: QuotaLimits): QuotaLimits {
  return {
    perDay: Math.min(plan.perDay, q.hint.dayLimit ?? Infinity),
    perMinute: Math.min(plan.perMinute, q.hint.minuteLimit ?? Infinity),
  };
}

/** Calls left now, in the day and in the minute. */
export function left(q: QuotaState, plan: QuotaLimits, now: number): { day: number; minute: number } {
  roll(q, now);
  const lim = limitsOf(q, plan);
  let day = lim.perDay - q.dayUsed;
  let minute = lim.perMinute - q.recent.length;
  if (q.hint.dayLeft !== undefined) day = Math.min(day, q.hint.dayLeft - q.hint.callsSince);
  // A minute count is worth a minute (or the reset the provider gave).
  if (q.hint.minuteLeft !== undefined && now - q.hint.at < hintLife(q))
    minute = Math.min(minute, q.hint.minuteLeft - q.hint.callsSince);
  return { day: Math.max(0, day), minute: Math.max(0, minute) };
}

export const canCall = (q: QuotaState, plan: QuotaLimits, now: number) => {
  const l = left(q, plan, now);
  return l.day > 0 && l.minute > 0;
};

/** Counts a call made at `now` (before its answer: a call that times out still counted at the provider). */
export function record(q: QuotaState, now: number, kind?: CallKind) {
  roll(q, now);
  q.dayUsed++;
  if (kind) (q.byKind ??= {})[kind] = (q.byKind[kind] ?? 0) + 1;
  q.recent.push(now);
  q.hint.callsSince++;
}

/** What an answer's headers said, as of the call just recorded. */
export function observe(q: QuotaState, hint: QuotaHint, now: number) {
  if (Object.keys(hint).length === 0) return;
  q.hint = { ...q.hint, ...hint, at: now, callsSince: 0 };
}

const hintLife = (q: QuotaState) => (q.hint.resetS !== undefined ? q.hint.resetS * 1000 : MINUTE);

/** When the next call is allowed: now, when the minute frees a call, or at the next UTC midnight. */
export function nextAllowed(q: QuotaState, plan: QuotaLimits, now: number): number {
  const l = left(q, plan, now);
  if (l.day <= 0) return (Math.floor(now / DAY) + 1) * DAY;
  if (l.minute > 0) return now;
  const lim = limitsOf(q, plan);
  let t = now + 1000;
  if (q.recent.length >= lim.perMinute) t = Math.max(t, q.recent[q.recent.length - lim.perMinute]! + MINUTE);
  const hinted = q.hint.minuteLeft !== undefined && now - q.hint.at < hintLife(q);
  if (hinted && q.hint.minuteLeft! - q.hint.callsSince <= 0) t = Math.max(t, q.hint.at + hintLife(q));
  return t;
}
