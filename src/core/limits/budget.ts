// The second of a request's three steps: spend one call of the plan's budget (REST requests or MCP calls per minute)
// before any data is read, so a refused call does no work (docs/security-and-limits.md "Abuse limits"). Spent from
// the isolate's lease (./lease.ts): a steady caller asks its limiter object about once per 5 s.
import { PLAN_LIMITS, type Plan } from "../domain/codes";
import { spend } from "./lease";
import type { RateDecision } from "./rate";

export type BudgetKind = "rest" | "mcp";

const perMinute = (plan: Plan, kind: BudgetKind) =>
  kind === "rest" ? PLAN_LIMITS[plan].restPerMinute : PLAN_LIMITS[plan].mcpPerMinute;

/** One call of `kind` from `holder`'s budget (budgetHolder of the Principal) under `plan` (for OAuth, read at use). */
export function spendBudget(env: Env, holder: string, plan: Plan, kind: BudgetKind): Promise<RateDecision> {
  return spend(() => env.KEY_LIMITER.getByName(holder), holder, kind, perMinute(plan, kind));
}
