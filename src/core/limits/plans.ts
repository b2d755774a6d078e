// What a plan allows, for this deployment: the fixed numbers of trial, starter and growth, and the scale plan's,
// which a deployment sets for its large customers (SCALE_PLAN_* vars; the defaults where unset or not a positive
// whole number).
import { PLAN_LIMITS, type Plan } from "../domain/codes";

export type PlanLimits = (typeof PLAN_LIMITS)[Plan];

export type ScaleVars = Partial<
  Pick<Env, "SCALE_PLAN_KEYS" | "SCALE_PLAN_REST_PER_MINUTE" | "SCALE_PLAN_MCP_PER_MINUTE" | "SCALE_PLAN_STREAMS">
>;

const positive = (raw: string | undefined, fallback: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

let known: { vars: string; limits: PlanLimits } | undefined;

export function limitsOf(env: ScaleVars, plan: Plan): PlanLimits {
  const base = PLAN_LIMITS[plan];
  if (plan !== "scale") return base;
  const vars = `${env.SCALE_PLAN_KEYS}|${env.SCALE_PLAN_REST_PER_MINUTE}|${env.SCALE_PLAN_MCP_PER_MINUTE}|${env.SCALE_PLAN_STREAMS}`;
  if (known?.vars !== vars)
    known = {
      vars,
      limits: {
        keys: positive(env.SCALE_PLAN_KEYS, base.keys),
        restPerMinute: positive(env.SCALE_PLAN_REST_PER_MINUTE, base.restPerMinute),
        mcpPerMinute: positive(env.SCALE_PLAN_MCP_PER_MINUTE, base.mcpPerMinute),
        streams: positive(env.SCALE_PLAN_STREAMS, base.streams),
        replays: base.replays,
      },
    };
  return known.limits;
}
