// The gate in front of everything an MCP request runs: a tool call, a resource read, a subscription.
import { env } from "cloudflare:workers";
import { leagueSet, loadEntitlement } from "../core/auth/entitlements";
import { PLAN_LIMITS } from "../core/domain/codes";
import { primaryDb } from "../core/db/client";
import { currentData, sessionDb } from "../core/db/data-view";
import type { Principal } from "../http/app-env";
import { spend } from "../core/limits/lease";
import type { ToolContext } from "./tools";

/**
 * The per-call gate of every tool call, resource read and subscription: the caller's entitlement read now, and the
 * plan's MCP budget spent (per key for API keys, per account for OAuth). A refused call runs nothing
 * (docs/security-and-limits.md "Abuse limits"); the isolate's lease decides most calls without a Durable Object round
 * trip. A string is the refusal, worded for the caller.
 */
export async function admit(principal: Principal | undefined): Promise<ToolContext | string> {
  // The Worker authenticates every request before it gets here; no identity means no data.
  if (!principal) return "not authenticated";
  // API keys: plan and leagues from the key's record (at most 2 s old, src/core/auth/key-records.ts), data through a session
  // at least as recent (src/core/db/data-view.ts): no D1 call on a warm isolate. OAuth: the account read now from the
  // primary (a grant carries ids only), and the data read there too, as recent as that read.
  const apiKey = principal.plan !== undefined && principal.tracked !== undefined;
  const data = apiKey ? await currentData(env) : undefined;
  const db = data ? sessionDb(env, data) : primaryDb(env.DB);
  const ent = apiKey
    ? {
        plan: principal.plan!,
        leagues: leagueSet(principal.tracked),
        version: principal.entitlementVersion,
        dataVersion: data!.version,
      }
    : await loadEntitlement(db, principal.accountId);
  if (!ent) return "this account no longer exists";
  const plan = ent.plan;
  const limit = PLAN_LIMITS[plan].mcpPerMinute;
  const holder = principal.keyId ?? `account:${principal.accountId}`;
  const decision = await spend(() => env.KEY_LIMITER.getByName(holder), holder, "mcp", limit);
  if (!decision.allowed) {
    return `rate limited: the ${plan} plan allows ${limit} tool calls per minute; retry in ${decision.retryAfter} s`;
  }
  return {
    db,
    auth: {
      type: principal.type,
      accountId: principal.accountId,
      keyId: principal.keyId,
      plan,
      scopes: ["mcp:invoke" as const],
      entitlementVersion: ent.version,
    },
    tracked: [...ent.leagues],
    dataVersion: ent.dataVersion ?? null,
    now: new Date(),
  };
}
