// The REST budget as Hono middleware: counted by the key's KeyLimiter through the isolate's lease
// (src/core/limits/lease.ts); the rate-limit headers go on whatever response the request gets.
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import { PLAN_LIMITS } from "../core/domain/codes";
import { spend } from "../core/limits/lease";
import { rateHeaders } from "../core/limits/rate";
import type { AppEnv } from "./app-env";
import { problemResponse } from "./problem";
import { setResponseHeaders } from "./respond";

/**
 * Counts the request against the key's REST budget (after the key check), before any other work: a refused request
 * reads no data and reaches no Durable Object but the key's KeyLimiter (docs/security-and-limits.md "Abuse limits").
 * Every counted request, 304s included, uses the budget: a revalidation is a request all the same. Headers go on the
 * response whatever its status. The budget is spent from the isolate's lease (./lease.ts), so most requests make no
 * Durable Object call; one that needs a new lease waits for it.
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
