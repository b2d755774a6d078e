// A deployment's feed configuration, by the names docs/feeds.md gives: FEEDS, the providers' base URLs, quotas and
// secrets, FEED_LIVE_INTERVAL_S.
import { isProvider, type Provider, type ProviderName } from "./model";
import type { QuotaLimits } from "./quota";

/** The feeds this deployment runs (FEEDS, comma-separated). */
export function feedsOf(env: Env): string[] {
  return String(env.FEEDS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

export const providersOn = (env: Env): ProviderName[] => feedsOf(env).filter(isProvider);

const VAR_PREFIX: Record<ProviderName, "API_FOOTBALL" | "API_BASKETBALL" | "FOOTBALL_DATA"> = {
  "api-football": "API_FOOTBALL",
  "api-basketball": "API_BASKETBALL",
  "football-data": "FOOTBALL_DATA",
};

const positive = (v: unknown): number | undefined => {
  const n = Number(v);
  return typeof v === "string" && /^\d+$/.test(v.trim()) && n > 0 ? n : undefined;
};

export function pollerConfig(env: Env, p: Provider): { base: string; quota: QuotaLimits; liveEveryS: number } {
  const prefix = VAR_PREFIX[p.name];
  const vars = env as unknown as Record<string, unknown>;
  const base = String(vars[p.baseVar] ?? "").trim() || p.defaultBase;
  return {
    base: base.replace(/\/+$/, ""),
    quota: {
      perDay: positive(vars[`${prefix}_PER_DAY`]) ?? p.defaultQuota.perDay,
      perMinute: positive(vars[`${prefix}_PER_MINUTE`]) ?? p.defaultQuota.perMinute,
    },
    liveEveryS: positive(env.FEED_LIVE_INTERVAL_S) ?? 15,
  };
}
