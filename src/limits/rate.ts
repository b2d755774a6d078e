// Per-key request budgets (CONTRACT.md "Rate limits"), counted by the key's KeyLimiter Durable Object.
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import { PLAN_LIMITS } from "../domain/codes";
import type { AppEnv } from "../env";
import { problemResponse } from "../errors";
import { setResponseHeaders } from "../routes/respond";
import { spend } from "./lease";

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

/**
 * Counts the request against the key's REST budget (after the key check), before any other work: a refused request
 * reads no data and reaches no Durable Object but the key's KeyLimiter (CONTRACT.md "Abuse limits"). Every counted
 * request, 304s included, uses the budget: a revalidation is a request all the same. Headers go on the response
 * whatever its status. The budget is spent from the isolate's lease (./lease.ts), so most requests make no Durable
 * Object call; one that needs a new lease waits for it.
 */
export const limitRest = createMiddleware<AppEnv>(async (c, next) => {
  if ((c.env.RATE_LIMITING as string) === "off") return next();
  const auth = c.get("auth");
  const limit = PLAN_LIMITS[auth.plan].restPerMinute;
  const keyId = auth.keyId!;
  const decision = await spend(() => c.env.KEY_LIMITER.getByName(keyId), keyId, "rest", limit);
  c.set("rate", rateHeaders("rest", decision));
  if (!decision.allowed) {
    const detail = `the ${auth.plan} plan allows ${limit} requests per minute per key`;
    return problemResponse(429, "rate_limited", detail, c.get("requestId"), {
      "retry-after": String(decision.retryAfter),
    });
  }
  await next();
});

/** Puts the rate headers decided for this request on the response (success or error). */
export const applyRateHeaders = (c: Context<AppEnv>) => {
  const h = c.get("rate");
  if (h) setResponseHeaders(c, Object.entries(h));
};
