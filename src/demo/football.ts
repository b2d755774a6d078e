// A football match played out in advance: result, timeline (cast onto who is on the pitch, ./football-cast.ts),
// its team statistics in ./team-stats.ts. `clockAt` gives the state at a live minute.
import { STATUS } from "../core/domain/codes";
import type { Lineup } from "../core/domain/schemas";
import { demoEvent, type DemoEvent, type Side } from "./events";
import { castTimeline } from "./football-cast";
import { chance, int, pick, poisson, rngFor, type Rng } from "./random";

export interface FootballPlay {
  events: DemoEvent[];
  home: number;
  away: number;
  htHome: number;
  htAway: number;
  status: 3 | 9 | 10;
  homePens: number | null;
  awayPens: number | null;
  /** Real minutes from kickoff to the final whistle. */
  durationMin: number;
  addedFirst: number;
  addedSecond: number;
}

const PERIOD_ORDER: Record<number, number> = { 12: 1, 38: 2, 13: 3, 14: 4, 39: 5, 15: 6, 16: 7 };
const periodOf = (minute: number) => (minute <= 45 ? 12 : minute <= 90 ? 13 : minute <= 105 ? 14 : 15);
export const eventOrder = (e: { period: number; minute: number; added_time: number | null }) =>
  PERIOD_ORDER[e.period]! * 100000 + e.minute * 100 + (e.added_time ?? 0);

const outfield = (l: Lineup) => l.starters.filter((p) => p.position !== "G");
const attackers = (l: Lineup) => l.starters.filter((p) => p.position === "F" || p.position === "M");

const ev = (type: string, minute: number, team: Side | null, extra: Partial<DemoEvent> = {}) =>
  demoEvent(type, minute, periodOf(minute), team, extra);

function goals(r: Rng, n: number, side: "home" | "away", own: Lineup, other: Lineup, lo: number, hi: number) {
  const out: DemoEvent[] = [];
  for (let i = 0; i < n; i++) {
    const minute = int(r, lo, hi);
    const kind = r();
    if (kind < 0.04)
      out.push(ev("own_goal", minute, side, { player: pick(r, outfield(other)).name, detail: "Own goal" }));
    else if (kind < 0.14)
      out.push(ev("penalty_goal", minute, side, { player: pick(r, attackers(own)).name, detail: "Penalty" }));
    else
      out.push(
        ev("goal", minute, side, {
          player: pick(r, attackers(own)).name,
          detail: pick(r, ["Right foot", "Left foot", "Header"]),
        }),
      );
  }
  return out;
}

/**
 * Plays a whole match. `knockout` forces a winner (extra time, then penalties); `force` pins the outcome
 * so the demo always has an after-extra-time and an after-penalties case.
 */
export function playFootball(
  seed: string,
  home: Lineup,
  away: Lineup,
  strength: [number, number],
  knockout: boolean,
  force?: "extra_time" | "penalties",
): FootballPlay {
  const r = rngFor(`football:${seed}`);
  const addedFirst = int(r, 1, 4);
  const addedSecond = int(r, 2, 7);
  let h = poisson(r, 1.5 * (strength[0] / strength[1]));
  let a = poisson(r, 1.15 * (strength[1] / strength[0]));
  if (force) a = h;
  const events: DemoEvent[] = [...goals(r, h, "home", home, away, 1, 90), ...goals(r, a, "away", away, home, 1, 90)];
  let status: 3 | 9 | 10 = 3;
  let homePens: number | null = null;
  let awayPens: number | null = null;
  let durationMin = 45 + addedFirst + 15 + 45 + addedSecond;
  if (knockout && h === a) {
    let eh = poisson(r, 0.35);
    let ea = poisson(r, 0.3);
    if (force === "extra_time" && eh === ea) eh = ea + 1;
    if (force === "penalties") eh = ea = 0;
    events.push(...goals(r, eh, "home", home, away, 91, 120), ...goals(r, ea, "away", away, home, 91, 120));
    h += eh;
    a += ea;
    durationMin += 5 + 30 + 2;
    status = 10;
    if (h === a) {
      status = 9;
      [homePens, awayPens] = shootout(r);
      durationMin += 15;
    }
  }
  const side = (t: "home" | "away") => (t === "home" ? home : away);
  for (const t of ["home", "away"] as const) {
    for (let i = poisson(r, 1.8); i > 0; i--)
      events.push(ev("yellow_card", int(r, 8, 90), t, { player: pick(r, outfield(side(t))).name }));
    if (chance(r, 0.04)) events.push(ev("red_card", int(r, 30, 89), t, { player: pick(r, outfield(side(t))).name }));
    if (chance(r, 0.03))
      events.push(ev("second_yellow", int(r, 60, 89), t, { player: pick(r, outfield(side(t))).name }));
    const subs = int(r, 3, 5);
    const outs = [...outfield(side(t))].sort(() => r() - 0.5).slice(0, subs);
    const ins = side(t)
      .substitutes.filter((p) => p.position !== "G")
      .slice(0, subs);
    outs.forEach((p, i) =>
      events.push(ev("substitution", int(r, 55, 88), t, { player_in: ins[i]?.name ?? null, player_out: p.name })),
    );
  }
  if (chance(r, 0.05))
    events.push(ev("missed_penalty", int(r, 10, 85), pick(r, ["home", "away"] as const), { detail: "Saved" }));
  if (chance(r, 0.1))
    events.push(ev("var", int(r, 10, 88), pick(r, ["home", "away"] as const), { detail: "Goal disallowed – offside" }));
  events.push(
    ev("period_start", 0, null, { period: 12 }),
    ev("period_end", 45, null, { period: 12, added_time: addedFirst }),
    ev("period_start", 45, null, { period: 13 }),
    ev("period_end", 90, null, { period: 13, added_time: addedSecond }),
  );
  if (status !== STATUS.FINISHED) {
    events.push(
      ev("period_start", 90, null, { period: 14 }),
      ev("period_end", 105, null, { period: 14, added_time: 1 }),
      ev("period_start", 105, null, { period: 15 }),
      ev("period_end", 120, null, { period: 15, added_time: 2 }),
    );
  }
  if (status === STATUS.AFTER_PENALTIES) {
    events.push(
      ev("period_start", 120, null, { period: 16 }),
      ev("period_end", 120, null, { period: 16, detail: `Penalties ${homePens}–${awayPens}` }),
    );
  }
  events.sort((x, y) => eventOrder(x) - eventOrder(y));
  const timeline = castTimeline(events, home, away, rngFor(`cast:${seed}`));
  const ht = (t: "home" | "away") => timeline.filter((e) => isGoal(e) && e.team === t && e.period === 12).length;
  return {
    events: timeline,
    home: h,
    away: a,
    htHome: ht("home"),
    htAway: ht("away"),
    status,
    homePens,
    awayPens,
    durationMin,
    addedFirst,
    addedSecond,
  };
}

function shootout(r: Rng): [number, number] {
  let h = 0;
  let a = 0;
  for (let i = 0; i < 5; i++) ((h += chance(r, 0.76) ? 1 : 0), (a += chance(r, 0.74) ? 1 : 0));
  while (h === a) ((h += chance(r, 0.75) ? 1 : 0), (a += chance(r, 0.72) ? 1 : 0));
  return [h, a];
}

export const isGoal = (e: DemoEvent) => e.type === "goal" || e.type === "penalty_goal" || e.type === "own_goal";

/** Match clock `elapsed` real minutes after kickoff: period, minute, added time. */
export function clockAt(play: FootballPlay, elapsed: number) {
  const firstEnd = 45 + play.addedFirst;
  if (elapsed < firstEnd) {
    const m = Math.floor(elapsed);
    return m < 45 ? { period: 12, minute: m, added: null } : { period: 12, minute: 45, added: m - 44 };
  }
  if (elapsed < firstEnd + 15) return { period: 38, minute: 45, added: null };
  const s = elapsed - firstEnd - 15;
  const m = Math.floor(s);
  return m < 45
    ? { period: 13, minute: 45 + m, added: null }
    : { period: 13, minute: 90, added: Math.min(m - 44, play.addedSecond) };
}
