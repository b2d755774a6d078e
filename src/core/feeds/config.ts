// A deployment's feed configuration, by the names docs/feeds.md gives: FEEDS, the providers' base URLs, quotas and
// secrets, FEED_LIVE_INTERVAL_S.
import { isProvider, type ProviderName } from "../sources/index";
import { type Provider } from "../sources/contract";
import type { QuotaLimits } from "./quota";

/** The feeds this deployment runs (FEEDS, comma-separated). */
export function feedsOf(env: Env): string[] {
  return String(env.FEEDS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

export const providersOn = (env: Env): ProviderName[] => feedsOf(env).filter(isProvider);

const positive = (v: unknown): number | undefined => {
  const n = Number(v);
  return typeof v === "string" && /^\d+$/.test(v.trim()) && n > 0 ? n : undefined;
};

export function pollerConfig(env: Env, p: Provider): { base: string; quota: QuotaLimits; liveEveryS: number } {
  const vars = env as unknown as Record<string, unknown>;
  const base = String(vars[p.baseVar] ?? "").trim() || p.defaultBase;
  return {
    base: base.replace(/\/+$/, ""),
    quota: {
      perDay: positive(vars[p.quotaVars.perDay]) ?? p.defaultQuota.perDay,
      perMinute: positive(vars[p.quotaVars.perMinute]) ?? p.defaultQuota.perMinute,
    },
    liveEveryS: positive(env.FEED_LIVE_INTERVAL_S) ?? 15,
  };
}
