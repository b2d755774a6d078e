// The API-Sports envelope, which API-Football and API-Basketball share (docs/providers.md "API-Football",
// "API-Basketball"): the quota headers and the errors inside a 200.
import { headerNumber, obj, str } from "./common";
import { FeedError, type QuotaHint } from "./contract";

/** API-Sports: `x-ratelimit-requests-*` count per day, `X-RateLimit-*` per minute (docs/feeds.md "Quotas"). */
export function apiSportsQuota(h: Headers): QuotaHint {
  const hint: QuotaHint = {};
  const set = (k: keyof QuotaHint, v: number | undefined) => v !== undefined && (hint[k] = v);
  set("dayLimit", headerNumber(h, "x-ratelimit-requests-limit"));
  set("dayLeft", headerNumber(h, "x-ratelimit-requests-remaining"));
  set("minuteLimit", headerNumber(h, "x-ratelimit-limit"));
  set("minuteLeft", headerNumber(h, "x-ratelimit-remaining"));
  return hint;
}

/** Seconds to the next UTC midnight: when an API-Sports day quota comes back. */
export const secondsToUtcMidnight = (nowMs: number) => Math.ceil((86_400_000 - (nowMs % 86_400_000)) / 1000);

/**
 * An API-Sports answer's error: a non-2xx status, or `errors` non-empty (an array or an object) inside a 200. The keys
 * say which (`requests`: the day's quota, `rateLimit`: the minute's, `token`: the key); the wording is not relied on.
 */
export function apiSportsError(status: number, body: unknown, nowMs: number): FeedError | undefined {
  const b = obj(body);
  if (status === 429) return new FeedError("429 Too Many Requests", "quota", 60);
  if (status === 499) return new FeedError("499 Time Out", "timeout");
  if (status >= 400) return new FeedError(`HTTP ${status}: ${str(b.message) ?? "no message"}`, "provider");
  const errors = b.errors;
  const keys = Array.isArray(errors) ? errors.map((_, i) => String(i)) : Object.keys(obj(errors));
  if (keys.length === 0) {
    if (!Array.isArray(b.response) && !(b.response && typeof b.response === "object"))
      return new FeedError(`HTTP ${status}: the answer has no response`, "provider");
    return undefined;
  }
  const messages = Array.isArray(errors)
    ? errors.map(String)
    : Object.entries(obj(errors)).map(([k, v]) => `${k}: ${v}`);
  const message = messages.join("; ").slice(0, 300);
  if (keys.includes("requests")) return new FeedError(message, "quota", secondsToUtcMidnight(nowMs));
  if (keys.includes("rateLimit")) return new FeedError(message, "quota", 60);
  if (keys.includes("token")) return new FeedError(message, "auth");
  return new FeedError(message, "provider");
}
