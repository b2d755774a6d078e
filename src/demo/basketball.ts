// A basketball game played out in advance: quarter scores, key plays, box-score totals.
import { basketballOvertimeCode } from "../core/domain/codes";
import type { Lineup } from "../core/domain/schemas";
import { demoEvent as ev, type DemoEvent } from "./events";
import { int, pick, rngFor } from "./random";

export interface BasketballPlay {
  quarters: [number, number][];
  events: DemoEvent[];
  home: number;
  away: number;
  status: 3 | 10;
  durationMin: number;
}

/** Real minutes: quarters of 28, 2-minute breaks, 15 at half-time, overtimes of 14 after a 2-minute break. */
const QUARTER = 28;
export const periodStartMin = (i: number) => (i < 2 ? i * 30 : i < 4 ? 73 + (i - 2) * 30 : 133 + (i - 4) * 16);
const codeOf = (i: number) => (i < 4 ? 22 + i : basketballOvertimeCode(i - 3));
const label = (i: number) => (i < 4 ? `Q${i + 1}` : `OT${i - 3}`);

export function playBasketball(seed: string, home: Lineup, away: Lineup, strength: [number, number]): BasketballPlay {
  const r = rngFor(`basketball:${seed}`);
  const quarters: [number, number][] = [];
  for (let q = 0; q < 4; q++)
    quarters.push([
      int(r, 19, 31) + Math.round((strength[0] - 1) * 6) + 1,
      int(r, 19, 31) + Math.round((strength[1] - 1) * 6),
    ]);
  const total = () => quarters.reduce((s, [h, a]) => [s[0] + h, s[1] + a], [0, 0]);
  while (total()[0] === total()[1]) quarters.push([int(r, 6, 15), int(r, 6, 15)]);
  const events: DemoEvent[] = [];
  let running: [number, number] = [0, 0];
  quarters.forEach(([h, a], i) => {
    const period = codeOf(i);
    const base = i < 4 ? i * 12 : 48 + (i - 4) * 5;
    const len = i < 4 ? 12 : 5;
    events.push(ev("period_start", base, period, null));
    for (let k = 0; k < 3; k++) {
      const team = pick(r, ["home", "away"] as const);
      const lineup = team === "home" ? home : away;
      const type = pick(r, ["three_pointer", "field_goal", "field_goal", "free_throw", "foul"]);
      const player = pick(r, lineup.starters).name;
      events.push(ev(type, base + int(r, 0, len - 1), period, team, { player, detail: DETAILS[type] ?? null }));
    }
    if (r() < 0.6) events.push(ev("timeout", base + int(r, 2, len - 1), period, pick(r, ["home", "away"] as const)));
    if (i < 4) {
      const team = pick(r, ["home", "away"] as const);
      const l = team === "home" ? home : away;
      events.push(
        ev("substitution", base + int(r, 3, len - 1), period, team, {
          player_in: pick(r, l.substitutes).name,
          player_out: pick(r, l.starters).name,
        }),
      );
    }
    running = [running[0] + h, running[1] + a];
    events.push(
      ev("period_end", base + len, period, null, { detail: `End of ${label(i)}, ${running[0]}–${running[1]}` }),
    );
  });
  events.sort(
    (x, y) =>
      x.minute - y.minute ||
      (x.type === "period_start" ? -1 : 0) - (y.type === "period_start" ? -1 : 0) ||
      (x.type === "period_end" ? 1 : 0) - (y.type === "period_end" ? 1 : 0),
  );
  const [homeTotal, awayTotal] = total();
  return {
    quarters,
    events,
    home: homeTotal,
    away: awayTotal,
    status: quarters.length > 4 ? 10 : 3,
    durationMin: periodStartMin(quarters.length - 1) + (quarters.length > 4 ? 14 : QUARTER),
  };
}

const DETAILS: Record<string, string> = {
  three_pointer: "3PT jump shot",
  field_goal: "Driving layup",
  free_throw: "Free throw 1 of 2",
  foul: "Personal foul",
};

/** State `elapsed` real minutes after tip-off: period code, seconds left, score so far. */
export function basketballAt(play: BasketballPlay, elapsed: number) {
  let home = 0;
  let away = 0;
  for (let i = 0; i < play.quarters.length; i++) {
    const start = periodStartMin(i);
    const len = i < 4 ? QUARTER : 14;
    const [h, a] = play.quarters[i]!;
    if (elapsed < start) return { period: i === 2 ? 30 : codeOf(i - 1), clock: 0, home, away, gameMinute: i * 12 };
    if (elapsed < start + len) {
      const f = (elapsed - start) / len;
      const secs = (i < 4 ? 720 : 300) * (1 - f);
      return {
        period: codeOf(i),
        clock: Math.round(secs),
        home: home + Math.floor(h * f),
        away: away + Math.floor(a * f),
        gameMinute: (i < 4 ? i * 12 : 48 + (i - 4) * 5) + Math.floor((i < 4 ? 12 : 5) * f),
      };
    }
    home += h;
    away += a;
  }
  return { period: codeOf(play.quarters.length - 1), clock: 0, home, away, gameMinute: 48 };
}
