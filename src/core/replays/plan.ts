// A replay's plan (docs/replays.md): a finished match's timeline as the ops that play it again as a new match,
// each step due at kickoff + (its minute × 60 / speed) seconds. Pure: the source match and its events in, timed ops
// out; a replay's scheduler (its Durable Object) sends each step through ingest when it is due.
//
// What the plan holds of the source: every event in the timeline's order, each with the score it left (a goal moves
// the score in the same step as its event); the periods the timeline shows, and the ones a match that ended that way
// must have passed (half-time at 45, extra time at 90 and 105, the shoot-out at 120 for football; quarters for
// basketball) where its events do not name them; and the end as the source ended: score, half-time score, penalties
// and status. The source's minute ticks are not replayed one by one: the clock moves with each event and period.
import { STATUS, type Sport } from "../domain/codes";
import type { OpIn } from "../sources/contract";

/** A source event as the timeline holds it (the public Event without `seq`). */
export interface SourceEvent {
  id: string;
  type: string;
  minute: number | null;
  added_time: number | null;
  period: number | null;
  team: "home" | "away" | null;
  player: string | null;
  player_in: string | null;
  player_out: string | null;
  detail: string | null;
}

/** The source match as it ended. */
export interface SourceMatch {
  sport: Sport;
  status_code: number;
  round: string | null;
  home_team_id: string;
  away_team_id: string;
  home_score: number;
  away_score: number;
  ht_home_score: number | null;
  ht_away_score: number | null;
  home_penalties: number | null;
  away_penalties: number | null;
  venue: string | null;
}

/** The replay's own match: its id and league (the account's private replay league), and when it kicks off. */
export interface ReplayTarget {
  matchId: string;
  leagueId: string;
  season: string;
  kickoffMs: number;
  speed: number;
}

/** One step: ops due `atMs` after kickoff, sent as one ingest batch. */
export interface Step {
  atMs: number;
  /** The source minute it stands for (for logs and the replay's listing). */
  minute: number;
  ops: OpIn[];
}

/** What each scoring event adds, by sport: football goals 1; basketball by the kind of basket. */
const POINTS: Record<string, number> = {
  goal: 1,
  penalty_goal: 1,
  own_goal: 1,
  field_goal: 2,
  three_pointer: 3,
  free_throw: 1,
};

/** A period's first minute, by code (football 12–16, basketball quarters 22–25): where a period without events starts. */
const FOOTBALL_STARTS: Record<number, number> = { 12: 0, 13: 45, 14: 90, 15: 105, 16: 120 };
const BASKETBALL_STARTS: Record<number, number> = { 22: 0, 23: 12, 24: 24, 25: 36 };

/** The football periods a match that ended with `status` passed through, in order. */
function footballPeriods(status: number, events: readonly SourceEvent[]): number[] {
  const extra =
    status === STATUS.AFTER_EXTRA_TIME ||
    status === STATUS.AFTER_PENALTIES ||
    events.some((e) => (e.period ?? 0) >= 14 && (e.period ?? 0) <= 15);
  const periods = [12, 13];
  if (extra) periods.push(14, 15);
  if (status === STATUS.AFTER_PENALTIES) periods.push(16);
  return periods;
}

/** Basketball: the four quarters, then each overtime the events name (code order: 26–29, 31…). */
function basketballPeriods(events: readonly SourceEvent[]): number[] {
  const overtimes = [...new Set(events.map((e) => e.period ?? 0).filter((p) => p >= 26))].sort((a, b) => a - b);
  return [22, 23, 24, 25, ...overtimes];
}

/** Where a period starts, in minutes: the table above, an overtime after the last regular or earlier overtime. */
function periodStart(sport: Sport, period: number, events: readonly SourceEvent[]): number {
  const table = sport === "football" ? FOOTBALL_STARTS : BASKETBALL_STARTS;
  if (table[period] !== undefined) return table[period]!;
  const first = events.filter((e) => e.period === period && e.minute !== null).map((e) => e.minute!);
  return first.length > 0 ? Math.min(...first) : 48;
}

/** The minute an event happened at, added time included: the clock the plan runs on. */
const clockOf = (e: SourceEvent) => (e.minute ?? 0) + (e.added_time ?? 0);

/** The half-time break's code, football's and basketball's. */
const HALF_TIME: Record<Sport, number> = { football: 38, basketball: 30 };

/**
 * The steps of a replay of `source`, whose timeline is `events` (in the timeline's order): kickoff first, the end
 * last, each step's time never before the one before it (an event listed later never arrives earlier).
 */
export function replayPlan(source: SourceMatch, events: readonly SourceEvent[], to: ReplayTarget): Step[] {
  const sport = source.sport;
  const periods = sport === "football" ? footballPeriods(source.status_code, events) : basketballPeriods(events);
  const match = (fields: Partial<Record<string, unknown>>): OpIn =>
    ({ op: "match", id: to.matchId, sport, league_id: to.leagueId, ...fields }) as OpIn;

  // The timeline as (clock, what happens): events, and each period's start where no event of it came first.
  type Item = { clock: number; period: number; event?: SourceEvent };
  const items: Item[] = [];
  let period = periods[0]!;
  for (const e of events) {
    const p = e.period ?? period;
    items.push({ clock: clockOf(e), period: p, event: e });
    period = p;
  }
  const named = new Set(items.map((i) => i.period));
  for (const p of periods.slice(1)) {
    if (named.has(p)) continue;
    // Before the first event of a later period, after every event of an earlier one.
    const start = periodStart(sport, p, events);
    const at = items.findIndex((i) => periods.indexOf(i.period) > periods.indexOf(p));
    items.splice(at === -1 ? items.length : at, 0, { clock: start, period: p });
  }

  const steps: Step[] = [];
  const push = (minute: number, ops: OpIn[]) => {
    const due = Math.round((minute * 60_000) / to.speed);
    const atMs = Math.max(due, steps.at(-1)?.atMs ?? 0);
    const last = steps.at(-1);
    if (last && last.atMs === atMs) last.ops.push(...ops);
    else steps.push({ atMs, minute, ops });
  };

  push(0, [
    match({
      season: to.season,
      round: source.round,
      home_team_id: source.home_team_id,
      away_team_id: source.away_team_id,
      kickoff_ts: Math.floor(to.kickoffMs / 1000),
      venue: source.venue,
      status_code: STATUS.LIVE,
      period: periods[0],
      minute: 0,
      home_score: 0,
      away_score: 0,
      // Not a real match being played now: marked as the simulator's are (`simulated` in every list), and never
      // matched by the crosswalk to a provider's real match of the same teams.
      simulated: true,
    }),
  ]);

  let [home, away] = [0, 0];
  let n = 0;
  let current = periods[0]!;
  let clock = 0;
  for (const item of items) {
    clock = Math.max(clock, item.clock);
    const ops: OpIn[] = [];
    if (item.period !== current) {
      // Leaving the first half (or the basketball first half) passes through half-time with its score.
      if (periods.indexOf(item.period) === 1 && source.ht_home_score !== null && sport === "football") {
        push(clock, [
          match({
            period: HALF_TIME[sport],
            ht_home_score: source.ht_home_score,
            ht_away_score: source.ht_away_score ?? 0,
          }),
        ]);
      }
      current = item.period;
      ops.push(match({ period: current, minute: item.clock }));
    }
    const e = item.event;
    if (e) {
      const points = e.period === 16 ? 0 : (POINTS[e.type] ?? 0);
      if (points > 0 && e.team === "home") home += points;
      if (points > 0 && e.team === "away") away += points;
      // Event ids are global: the replay's own, in the timeline's order.
      ops.push({ op: "events", match_id: to.matchId, events: [{ ...e, id: `${to.matchId}_e${++n}` }] });
      ops.push(
        match({
          minute: e.minute ?? clock,
          ...(e.added_time !== null ? { added_time: e.added_time } : {}),
          ...(points > 0 ? { home_score: home, away_score: away } : {}),
        }),
      );
    }
    if (ops.length > 0) push(clock, ops);
  }

  // The end, as the source ended: its score (what a timeline left out or withdrew is set right here), half-time,
  // penalties and status.
  const endMinute = Math.max(clock, sport === "football" ? (periods.includes(14) ? 120 : 90) : 48);
  push(endMinute, [
    match({
      status_code: source.status_code,
      home_score: source.home_score,
      away_score: source.away_score,
      ...(source.ht_home_score !== null
        ? { ht_home_score: source.ht_home_score, ht_away_score: source.ht_away_score ?? 0 }
        : {}),
      ...(source.home_penalties !== null
        ? { home_penalties: source.home_penalties, away_penalties: source.away_penalties ?? 0 }
        : {}),
      minute: endMinute,
      finished_at: new Date(to.kickoffMs + Math.round((endMinute * 60_000) / to.speed)).toISOString(),
    }),
  ]);
  return steps;
}
