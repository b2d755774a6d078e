// Status and period codes (docs/api.md "Status codes", docs/api.md "Period codes").
export const SPORTS = ["football", "basketball"] as const;
export type Sport = (typeof SPORTS)[number];

/** The status codes by name (docs/api.md "Status codes"): code compares with these, never with a bare number. */
export const STATUS = {
  SCHEDULED: 1,
  LIVE: 2,
  FINISHED: 3,
  POSTPONED: 4,
  CANCELLED: 5,
  WALKOVER: 6,
  INTERRUPTED: 7,
  ABANDONED: 8,
  AFTER_PENALTIES: 9,
  AFTER_EXTRA_TIME: 10,
} as const;

export const FINISHED_CODES: readonly number[] = [STATUS.FINISHED, STATUS.AFTER_PENALTIES, STATUS.AFTER_EXTRA_TIME];
export const isFinished = (code: number) => FINISHED_CODES.includes(code);
/** In play: live (2) or interrupted (7, may return to 2). */
export const IN_PLAY_CODES: readonly number[] = [STATUS.LIVE, STATUS.INTERRUPTED];
export const isInPlay = (code: number) => IN_PLAY_CODES.includes(code);
/** Results a league table counts: the finished ones and an awarded match (6) with the score it was awarded. */
export const IN_TABLE_CODES: readonly number[] = [...FINISHED_CODES, STATUS.WALKOVER];
export const countsInTable = (code: number) => IN_TABLE_CODES.includes(code);
/**
 * A knockout round (not in a table): the Champions League's since 2024/25 ("Round of 16", "Quarter-finals", "Knockout
 * Round Play-offs", openfootball's "Finals, …" and "Playoffs, …"), a tournament's after its groups (the World Cup's
 * "Match for third place"), and the qualifying rounds before a group stage ("Qualification round 2", "Preliminary
 * round", "Play-off round"), as the history and the providers name them (docs/providers.md "Rounds").
 */
export const isKnockoutRound = (round: unknown) =>
  typeof round === "string" &&
  /^(finals?\b|playoffs?\b|play-offs?\b|knockout|round of \d|quarter|semi|match for third|3rd place|third place|qualif|preliminary|1\/\d+-finals?)/i.test(
    round.trim(),
  );

/**
 * The group a round belongs to ("Group A, Matchday 1" as the history and football-data.org name it, "Group A - 1" as
 * API-Football does): its matches make that group's table. Null for a round of no group.
 */
export function groupOf(round: unknown): string | null {
  const m = typeof round === "string" ? /^group\s+([A-Z0-9]{1,2})\b/i.exec(round.trim()) : null;
  return m ? `Group ${m[1]!.toUpperCase()}` : null;
}

/**
 * Minutes from kickoff to the final whistle by how a match ended (docs/data.md "Kickoffs"): for a result whose end no
 * source saw (history, a provider's past season), so that tables as of each match follow the order they were played.
 */
const MINUTES_TO_END: Record<Sport, { regular: number; extra: number; shootout: number }> = {
  football: { regular: 115, extra: 150, shootout: 165 },
  basketball: { regular: 135, extra: 155, shootout: 155 },
};
export function estimatedEndTs(sport: Sport, statusCode: number, kickoffTs: number): number {
  const m = MINUTES_TO_END[sport];
  const minutes =
    statusCode === STATUS.AFTER_PENALTIES ? m.shootout : statusCode === STATUS.AFTER_EXTRA_TIME ? m.extra : m.regular;
  return kickoffTs + 60 * minutes;
}

/** `?status=` values and the stored `status_group` they select (finished groups 3, 9 and 10). */
export const STATUS_FILTERS = { scheduled: 1, live: 2, finished: 3 } as const;
export type StatusFilter = keyof typeof STATUS_FILTERS;

/**
 * Allowed feed transitions (from → to). Anything else is rejected by ingest. Beyond the contract's list: a match may be
 * awarded after it was played, interrupted or abandoned (2, 3, 7, 8 → 6: a result decided at the table), and one
 * first reported finished in regular time may turn out to have gone to extra time (3 → 10), as real provider answers
 * do (docs/providers.md "Statuses").
 */
export const TRANSITIONS: Record<number, readonly number[]> = {
  1: [2, 4, 5, 6],
  2: [3, 6, 7, 9, 10],
  3: [6, 10],
  4: [1],
  7: [2, 6, 8],
  8: [6],
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

/**
 * Per-account limits by plan (docs/security-and-limits.md "Plans and rate limits"): requests and MCP calls per minute and
 * concurrent streams (WebSockets, SSE streams and MCP listens together) are counted across all of an account's keys
 * and grants; `keys` is how many active keys it may hold; `replays` how many of its replays may play at once
 * (docs/replays.md).
 */
export const PLAN_LIMITS: Record<
  Plan,
  { restPerMinute: number; streams: number; mcpPerMinute: number; keys: number; replays: number }
> = {
  trial: { restPerMinute: 60, streams: 2, mcpPerMinute: 30, keys: 3, replays: 1 },
  starter: { restPerMinute: 300, streams: 5, mcpPerMinute: 120, keys: 10, replays: 2 },
  growth: { restPerMinute: 1200, streams: 20, mcpPerMinute: 600, keys: 25, replays: 5 },
  scale: { restPerMinute: 6000, streams: 100, mcpPerMinute: 3000, keys: 100, replays: 20 },
};

/** Words for each status code (docs/api.md "Status codes"); the API documents `status_code` with them. */
export const STATUS_DESCRIPTIONS: Record<number, string> = {
  1: "scheduled",
  2: "live",
  3: "finished",
  4: "postponed (kickoff may change)",
  5: "cancelled",
  6: "walkover",
  7: "interrupted (may return to 2)",
  8: "abandoned (score kept)",
  9: "finished after penalties (score = result before the shoot-out)",
  10: "finished after extra time",
};

/** Basketball overtimes documented by code: OT1–OT10 (26–29, 31–36); later ones follow the same rule. */
const DOCUMENTED_OVERTIMES = 10;

/** Words for each period code, both sports (codes do not overlap). */
export const PERIOD_DESCRIPTIONS: Record<number, string> = {
  ...Object.fromEntries(Object.entries(FOOTBALL_PERIODS).map(([code, label]) => [code, `football: ${label}`])),
  ...Object.fromEntries(Object.entries(BASKETBALL_PERIODS).map(([code, label]) => [code, `basketball: ${label}`])),
  ...Object.fromEntries(
    Array.from({ length: DOCUMENTED_OVERTIMES }, (_, i) => [basketballOvertimeCode(i + 1), `basketball: OT${i + 1}`]),
  ),
};

/** Timeline event types (docs/api.md "Events"); both sports share `substitution`, `period_start`, `period_end`. */
export const EVENT_TYPE_DESCRIPTIONS = {
  goal: "football: goal",
  own_goal: "football: own goal (`team` is the side credited, `player` the scorer from the other side)",
  penalty_goal: "football: penalty scored",
  missed_penalty: "football: penalty missed or saved",
  yellow_card: "football: yellow card",
  second_yellow: "football: second yellow card (a sending-off)",
  red_card: "football: straight red card",
  var: "football: VAR review (`detail` says what was checked)",
  field_goal: "basketball: two-point field goal",
  three_pointer: "basketball: three-point field goal",
  free_throw: "basketball: free throw made",
  foul: "basketball: foul",
  timeout: "basketball: timeout",
  substitution: "both: substitution (`player_in`, `player_out`)",
  period_start: "both: a period starts",
  period_end: "both: a period ends",
} as const;
export type EventType = keyof typeof EVENT_TYPE_DESCRIPTIONS;
export const EVENT_TYPES = Object.keys(EVENT_TYPE_DESCRIPTIONS) as [EventType, ...EventType[]];

/**
 * The shortest way through the contract's transitions from one status to another (both ends included), or undefined.
 * A provider may jump where the table has no edge: a result arriving for a league without live coverage (1 → 3), a
 * match abandoned while live (2 → 8); the match passes through the statuses between, in one batch.
 */
export function transitionPath(from: number, to: number): number[] | undefined {
  if (from === to) return [from];
  const back = new Map<number, number>([[from, from]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const next of TRANSITIONS[at] ?? []) {
      if (back.has(next)) continue;
      back.set(next, at);
      if (next === to) {
        const path = [to];
        while (path[0] !== from) path.unshift(back.get(path[0]!)!);
        return path;
      }
      queue.push(next);
    }
  }
  return undefined;
}
