// The day's plan (docs/feeds.md "Quotas"): how often each kind of call can be made so that what is left of today's
// quota lasts until midnight UTC. Degradation order when short: the rest (season fixtures, follow-ups) waits first,
// then today's other matches are polled less often, and only then the live matches.
export interface Demand {
  /** Calls one live poll makes, and the seconds of live play still expected today (kickoffs + a match's length). */
  liveCalls: number;
  liveSeconds: number;
  /** Calls one poll of today's matches makes, and the seconds until today's last kickoff. */
  todayCalls: number;
  todaySeconds: number;
  /** Fixture and follow-up calls due today. */
  restCalls: number;
  /** Calls kept back whatever happens: one follow-up for each of today's matches still to finish (its result). */
  reserve: number;
}

export interface DayPlan {
  liveEveryS: number;
  todayEveryS: number | null;
  rest: boolean;
  /** Empty when nothing is cut; otherwise what the plan gave up, in words for the feed status. */
  degraded: string;
  /** The calls this plan makes between now and midnight UTC (the reserve for results included). */
  projected: number;
}

/** A poll of today's matches is at most this slow before it stops altogether (the live poll still sees kickoffs). */
const TODAY_SLOWEST_S = 3 * 3600;

/**
 * `all`: calls left today; `perMinute`: the minute's limit in force. One live poll's calls must fit the minute with a
 * call to spare (results, today's matches): when they do not, live polls are spaced out, and the status says so.
 */
export function planDay(
  all: number,
  d: Demand,
  base: { liveEveryS: number; todayEveryS: number },
  perMinute = Infinity,
): DayPlan {
  const paced = d.liveCalls > 0 ? Math.ceil((d.liveCalls * 60) / Math.max(1, perMinute - 1)) : 0;
  const liveEveryS = Math.max(base.liveEveryS, paced);
  const minute = liveEveryS > base.liveEveryS ? `live matches every ${liveEveryS} s (${perMinute} calls a minute)` : "";
  const plan = planCalls(all, d, { liveEveryS, todayEveryS: base.todayEveryS });
  const live =
    d.liveSeconds > 0 && Number.isFinite(plan.liveEveryS)
      ? d.liveCalls * Math.ceil(d.liveSeconds / plan.liveEveryS)
      : 0;
  const today =
    plan.todayEveryS === null || d.todaySeconds <= 0 ? 0 : d.todayCalls * Math.ceil(d.todaySeconds / plan.todayEveryS);
  const projected = live + today + (plan.rest ? d.restCalls : 0) + d.reserve;
  return { ...plan, projected, degraded: [minute, plan.degraded].filter(Boolean).join("; ") };
}

function planCalls(
  all: number,
  d: Demand,
  base: { liveEveryS: number; todayEveryS: number },
): Omit<DayPlan, "projected"> {
  const left = Math.max(0, all - d.reserve);
  const live = (every: number) => (d.liveSeconds > 0 ? d.liveCalls * Math.ceil(d.liveSeconds / every) : 0);
  const today = (every: number | null) =>
    every === null || d.todaySeconds <= 0 ? 0 : d.todayCalls * Math.ceil(d.todaySeconds / every);
  const full = live(base.liveEveryS) + today(base.todayEveryS) + d.restCalls;
  if (full <= left) return { liveEveryS: base.liveEveryS, todayEveryS: base.todayEveryS, rest: true, degraded: "" };
  const noRest = live(base.liveEveryS) + today(base.todayEveryS);
  if (noRest <= left)
    return {
      liveEveryS: base.liveEveryS,
      todayEveryS: base.todayEveryS,
      rest: false,
      degraded: "season fixtures and follow-ups wait for tomorrow's quota",
    };
  const forToday = left - live(base.liveEveryS);
  if (forToday > 0 && d.todayCalls > 0) {
    const every = Math.max(base.todayEveryS, Math.ceil((d.todayCalls * d.todaySeconds) / forToday));
    if (every <= TODAY_SLOWEST_S)
      return {
        liveEveryS: base.liveEveryS,
        todayEveryS: every,
        rest: false,
        degraded: `fixtures wait; today's matches every ${Math.round(every / 60)} min`,
      };
  }
  if (live(base.liveEveryS) <= left)
    return { liveEveryS: base.liveEveryS, todayEveryS: null, rest: false, degraded: "only live matches are polled" };
  const every = left > 0 ? Math.max(base.liveEveryS, Math.ceil((d.liveCalls * d.liveSeconds) / left)) : Infinity;
  return {
    liveEveryS: every,
    todayEveryS: null,
    rest: false,
    degraded: Number.isFinite(every)
      ? `only live matches, every ${every} s`
      : "today's quota is spent: polling resumes at 00:00 UTC",
  };
}
