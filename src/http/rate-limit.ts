// The REST budget step and its headers: X-RateLimit-* and RateLimit fields go on whatever response the request
// gets, errors included.
import type { Context } from "hono";
import { credentialOf, type ApiPrincipal } from "../core/auth/principal";
import { spendBudget } from "../core/limits/budget";
import { rateHeaders } from "../core/limits/rate";
import type { AppEnv } from "./app-env";
import { problemResponse } from "./problem";
import { setResponseHeaders } from "./respond";

/**
 * Counts the request against the REST budget, before any other work: a refused request reads no data and reaches
 * no Durable Object but the limiter (docs/security-and-limits.md "Abuse limits"). Every counted request, 304s
 * included, uses the budget: a revalidation is a request all the same. The 429 to answer, or undefined.
 */
export async function spendRest(c: Context<AppEnv>, p: ApiPrincipal): Promise<Response | undefined> {
  if ((c.env.RATE_LIMITING as string) === "off") return undefined;
  const decision = await spendBudget(c.env, { accountId: p.accountId, credential: credentialOf(p) }, p.plan, "rest");
  c.set("rate", rateHeaders("rest", decision));
  if (decision.allowed) return undefined;
  const detail = `the ${p.plan} plan allows ${decision.limit} requests per minute per account`;
  return problemResponse(429, "rate_limited", detail, c.get("requestId"), {
    "retry-after": String(decision.retryAfter),
  });
}

/** Puts the rate headers decided for this request on the response (success or error). */
export const applyRateHeaders = (c: Context<AppEnv>) => {
  const h = c.get("rate");
  if (h) setResponseHeaders(c, Object.entries(h));
};
