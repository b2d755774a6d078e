// The REST budget step: its X-RateLimit-* and RateLimit fields go on whatever response the request gets, errors
// included (set by the one finishing step, ./finish.ts).
import type { Context } from "hono";
import { credentialOf, type ApiPrincipal } from "../core/auth/principal";
import { spendBudget } from "../core/limits/budget";
import { rateHeaders } from "../core/limits/rate";
import type { AppEnv } from "./app-env";
import { problemResponse } from "./problem";

/**
 * Counts the request against the REST budget, before any other work: a refused request reads no data and reaches
 * no Durable Object but the limiter (docs/security-and-limits.md "Abuse limits"). Every counted request, 304s
 * included, uses the budget: a revalidation is a request all the same. The 429 to answer, or undefined.
 */
export async function spendRest(c: Context<AppEnv>, p: ApiPrincipal): Promise<Response | undefined> {
  const { rate, refused } = await restBudget(c.env, p, c.get("requestId"));
  if (rate) c.set("rate", rate);
  return refused;
}

/** The same step outside the app (src/api/warm-read.ts): the rate headers (none with limiting off) and any 429. */
export async function restBudget(
  env: Env,
  p: ApiPrincipal,
  requestId: string,
): Promise<{ rate?: Record<string, string>; refused?: Response }> {
  if ((env.RATE_LIMITING as string) === "off") return {};
  const decision = await spendBudget(env, { accountId: p.accountId, credential: credentialOf(p) }, p.plan, "rest");
  const rate = rateHeaders("rest", decision);
  if (decision.allowed) return { rate };
  const detail = `the ${p.plan} plan allows ${decision.limit} requests per minute per account`;
  return {
    rate,
    refused: problemResponse(429, "rate_limited", detail, requestId, { "retry-after": String(decision.retryAfter) }),
  };
}
