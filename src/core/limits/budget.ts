// The second of a request's three steps: spend one call of the plan's budget (REST requests or MCP calls per minute)
// before any data is read, so a refused call does no work (docs/security-and-limits.md "Abuse limits"). Spent from
// the isolate's lease (./lease.ts): a steady account asks its gate about once per 5 s per isolate.
import type { Plan } from "../domain/codes";
import { limitsOf } from "./plans";
import { spend } from "./lease";
import type { RateDecision } from "./rate";

export type BudgetKind = "rest" | "mcp";

const perMinute = (env: Env, plan: Plan, kind: BudgetKind) =>
  kind === "rest" ? limitsOf(env, plan).restPerMinute : limitsOf(env, plan).mcpPerMinute;

/**
 * One call of `kind` from the account's budget under `plan` (a key's record, or for OAuth the plan read at use): every
 * key and grant of the account spends the same budget, in its gate (workers/account-gate.ts).
 */
export function spendBudget(
  env: Env,
  p: { accountId: string; credential: string },
  plan: Plan,
  kind: BudgetKind,
): Promise<RateDecision> {
  const gate = () => env.ACCOUNT_GATE.getByName(p.accountId);
  return spend(gate, p.accountId, kind, perMinute(env, plan, kind), Date.now(), p.credential);
}
