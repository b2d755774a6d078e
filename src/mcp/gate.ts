// The gate in front of everything an MCP request runs: a tool call, a resource read, a subscription. The caller
// arrives as a Principal (src/mcp/front.ts); here are the other two steps every surface takes, in order: the plan's
// budget, then the data session. A refused call runs nothing (docs/security-and-limits.md "Abuse limits").
import { env } from "cloudflare:workers";
import { leagueSet, loadEntitlement } from "../core/auth/entitlements";
import { credentialOf, type Principal } from "../core/auth/principal";
import { primaryDb } from "../core/db/client";
import { currentData, sessionDb } from "../core/db/data-view";
import { trackedParam } from "../core/db/queries/visibility";
import { spendBudget } from "../core/limits/budget";
import type { ToolContext } from "./tools/define";

/**
 * API keys: plan and leagues from the key's record (at most 2 s old), data through a session at least as recent
 * (src/core/db/data-view.ts): no D1 call on a warm isolate. OAuth: the account read now from the primary (a grant
 * carries ids only), and the data read there too, as recent as that read.
 */
async function entitlementOf(p: Principal) {
  if (p.type === "key") {
    const data = await currentData(env);
    return {
      db: sessionDb(env, data),
      plan: p.plan,
      leagues: leagueSet(p.tracked),
      version: p.entitlementVersion,
      dataVersion: data.version,
    };
  }
  const db = primaryDb(env.DB);
  const ent = await loadEntitlement(db, p.accountId);
  return (
    ent && { db, plan: ent.plan, leagues: ent.leagues, version: ent.version, dataVersion: ent.dataVersion ?? null }
  );
}

/** Admits one call: the context it runs with, or the refusal worded for the caller. */
export async function admitCall(principal: Principal | undefined): Promise<ToolContext | string> {
  // The Worker authenticates every request before it gets here; no identity means no data.
  if (!principal) return "not authenticated";
  const ent = await entitlementOf(principal);
  if (!ent) return "this account no longer exists";
  const decision = await spendBudget(
    env,
    { accountId: principal.accountId, credential: credentialOf(principal) },
    ent.plan,
    "mcp",
  );
  if (!decision.allowed) {
    return `rate limited: the ${ent.plan} plan allows ${decision.limit} tool calls per minute; retry in ${decision.retryAfter} s`;
  }
  return {
    db: ent.db,
    principal,
    plan: ent.plan,
    leagues: trackedParam([...ent.leagues]),
    entitlementVersion: ent.version,
    dataVersion: ent.dataVersion,
    now: new Date(),
  };
}
