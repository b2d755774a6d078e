// Per-key request budgets (docs/security-and-limits.md "Plans and rate limits"), counted by the key's KeyLimiter
// Durable Object.

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch seconds when the window resets. */
  reset: number;
  retryAfter: number;
}

export type UsageMinute = {
  bucket: string;
  /** Window start, epoch ms. */
  start: number;
  allowed: number;
  denied: number;
};

export const RATE_HEADERS = [
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "ratelimit-policy",
  "ratelimit",
];

/** X-RateLimit-* and the IETF RateLimit-Policy / RateLimit fields (draft-ietf-httpapi-ratelimit-headers). */
export function rateHeaders(bucket: string, d: RateDecision, now = Date.now()): Record<string, string> {
  const t = Math.max(0, d.reset - Math.floor(now / 1000));
  return {
    "x-ratelimit-limit": String(d.limit),
    "x-ratelimit-remaining": String(d.remaining),
    "x-ratelimit-reset": String(d.reset),
    "ratelimit-policy": `"${bucket}";q=${d.limit};w=60`,
    ratelimit: `"${bucket}";r=${d.remaining};t=${t}`,
  };
}
