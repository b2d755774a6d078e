// Status and period codes of CONTRACT.md ("Status codes", "Period codes").
export const SPORTS = ["football", "basketball"] as const;
export type Sport = (typeof SPORTS)[number];

export const FINISHED_CODES: readonly number[] = [3, 9, 10];
export const isFinished = (code: number) => FINISHED_CODES.includes(code);

/** `?status=` values and the stored `status_group` they select (finished groups 3, 9 and 10). */
export const STATUS_FILTERS = { scheduled: 1, live: 2, finished: 3 } as const;
export type StatusFilter = keyof typeof STATUS_FILTERS;

/** Allowed feed transitions (from → to). Anything else is rejected by ingest. */
export const TRANSITIONS: Record<number, readonly number[]> = {
  1: [2, 4, 5, 6],
  2: [3, 7, 9, 10],
  4: [1],
  7: [2, 8],
};
export const canTransition = (from: number, to: number) => from === to || (TRANSITIONS[from]?.includes(to) ?? false);

export const FOOTBALL_PERIODS: Record<number, string> = {
  12: "1st Half",
  38: "Half-time",
  13: "2nd Half",
  14: "Extra Time 1st Half",
  39: "Extra Time Break",
  15: "Extra Time 2nd Half",
  16: "Penalties",
};

const BASKETBALL_PERIODS: Record<number, string> = { 22: "Q1", 23: "Q2", 24: "Q3", 25: "Q4", 30: "Half-time" };

/** Basketball overtime n: 26–29 for OT1–OT4, then 31… (30 is half-time). */
export const basketballOvertimeCode = (n: number) => (n <= 4 ? 25 + n : 26 + n);

export function periodLabel(sport: Sport, period: number | null): string | null {
  if (period === null) return null;
  if (sport === "football") return FOOTBALL_PERIODS[period] ?? null;
  if (BASKETBALL_PERIODS[period]) return BASKETBALL_PERIODS[period];
  if (period >= 26 && period <= 29) return `OT${period - 25}`;
  if (period >= 31) return `OT${period - 26}`;
  return null;
}

export const SCOPES = ["read:matches", "read:leagues", "stream:websocket", "mcp:invoke"] as const;
export type Scope = (typeof SCOPES)[number];

export const PLANS = ["trial", "starter", "growth", "scale"] as const;
export type Plan = (typeof PLANS)[number];

/** Per-key limits by plan (CONTRACT.md "Rate limits"); `scale` gets per-account values later, these until then. */
export const PLAN_LIMITS: Record<Plan, { restPerMinute: number; websockets: number; mcpPerMinute: number }> = {
  trial: { restPerMinute: 60, websockets: 2, mcpPerMinute: 30 },
  starter: { restPerMinute: 300, websockets: 5, mcpPerMinute: 120 },
  growth: { restPerMinute: 1200, websockets: 20, mcpPerMinute: 600 },
  scale: { restPerMinute: 6000, websockets: 100, mcpPerMinute: 3000 },
};
