// Box scores that agree with the match: football goals per side come from the timeline (so they equal the score
// minus the other side's own goals), basketball points per side add up to the score.
import type { Lineup, Player } from "../core/domain/schemas";
import type { DemoEvent, Side } from "./events";
import { Pitch } from "./pitch";
import { chance, int, pick, type Rng } from "./random";

export type LineRow = Record<string, unknown>;

const blank = (p: Player, side: Side, ord: number, started: boolean) => ({
  player_id: p.player_id,
  side,
  ord,
  name: p.name,
  position: p.position,
  started: started ? 1 : 0,
  minutes: 0,
  goals: 0,
  assists: 0,
  shots: 0,
  yellow_cards: 0,
  red_cards: 0,
  points: 0,
  rebounds: 0,
  steals: 0,
  blocks: 0,
  turnovers: 0,
  fg_made: 0,
  fg_attempted: 0,
  three_made: 0,
  three_attempted: 0,
  ft_made: 0,
  ft_attempted: 0,
});
type Line = ReturnType<typeof blank>;

/** Event player names → ids, per side (an own goal's player is from the other side). */
export function withPlayerIds(events: DemoEvent[], home: Lineup, away: Lineup): DemoEvent[] {
  const ids = { home: idsOf(home), away: idsOf(away) };
  const other = (s: Side): Side => (s === "home" ? "away" : "home");
  return events.map((e) => {
    if (!e.team) return e;
    const side = e.type === "own_goal" ? other(e.team) : e.team;
    return {
      ...e,
      player_id: e.player ? (ids[side].get(e.player) ?? null) : null,
      player_in_id: e.player_in ? (ids[e.team].get(e.player_in) ?? null) : null,
      player_out_id: e.player_out ? (ids[e.team].get(e.player_out) ?? null) : null,
    };
  });
}

const idsOf = (l: Lineup) => new Map([...l.starters, ...l.substitutes].map((p) => [p.name, p.player_id]));

/** Football lines after `now` match minutes (90 or 120 once over), from the timeline so far. */
export function footballLines(r: Rng, events: DemoEvent[], home: Lineup, away: Lineup, now: number): LineRow[] {
  const out: Line[] = [];
  for (const [side, l] of [
    ["home", home],
    ["away", away],
  ] as const) {
    const mine = events.filter((e) => e.team === side);
    // Minutes on the pitch: substitutions and sendings-off end a spell, a substitute's starts when he comes on.
    const pitch = new Pitch(l);
    for (const e of mine) pitch.apply(e);
    const lines = new Map<string, Line>();
    pitch
      .played()
      .forEach((p, i) =>
        lines.set(p.name, { ...blank(p, side, i, i < l.starters.length), minutes: pitch.minutes(p.name, now) ?? 0 }),
      );
    const outfield = [...lines.values()].filter((x) => x.position !== "G");
    for (const e of mine) {
      const who = lines.get(e.player ?? "");
      if (e.type === "goal" || e.type === "penalty_goal") {
        if (!who) continue;
        who.goals++;
        who.shots++;
        const mates = outfield.filter((x) => x !== who);
        if (e.type === "goal" && mates.length && chance(r, 0.7)) pick(r, mates).assists++;
      } else if (e.type === "yellow_card" && who) who.yellow_cards++;
      else if ((e.type === "red_card" || e.type === "second_yellow") && who) who.red_cards++;
    }
    for (const x of outfield) x.shots += int(r, 0, x.position === "F" ? 3 : 1);
    out.push(...lines.values());
  }
  return out;
}

/** Basketball lines adding up to `score`, minutes scaled by how much of the game is played. */
export function basketballLines(r: Rng, score: [number, number], home: Lineup, away: Lineup, played: number) {
  const out: Line[] = [];
  for (const [i, side, l] of [
    [0, "home", home],
    [1, "away", away],
  ] as const) {
    const players = [...l.starters, ...l.substitutes.slice(0, 5)];
    const lines = players.map((p, ord) => blank(p, side, ord, ord < l.starters.length));
    const weights = lines.map((x) => (x.started ? 3 + r() * 2 : 0.5 + r()));
    const spread = (n: number, add: (x: Line) => void) => {
      const total = weights.reduce((a, b) => a + b, 0);
      for (let k = 0; k < n; k++) {
        let t = r() * total;
        let j = 0;
        while (t > weights[j]! && j < lines.length - 1) t -= weights[j++]!;
        add(lines[j]!);
      }
    };
    const points = score[i]!;
    const threes = Math.floor((points * 0.3) / 3);
    let fts = Math.round(points * 0.17);
    if ((points - threes * 3 - fts) % 2 !== 0) fts++;
    const twos = Math.max(0, (points - threes * 3 - fts) / 2);
    spread(threes, (x) => ((x.three_made++, x.fg_made++), (x.points += 3)));
    spread(twos, (x) => (x.fg_made++, (x.points += 2)));
    spread(fts, (x) => (x.ft_made++, x.points++));
    for (const x of lines) {
      x.three_attempted = x.three_made + int(r, 0, x.three_made + 2);
      x.fg_attempted = x.fg_made + (x.three_attempted - x.three_made) + int(r, 0, x.fg_made);
      x.ft_attempted = x.ft_made + int(r, 0, 2);
      const share = x.started ? 0.75 + r() * 0.2 : 0.2 + r() * 0.25;
      x.minutes = Math.round(40 * share * played);
      x.rebounds = Math.round(int(r, 0, x.position === "C" || x.position === "PF" ? 12 : 6) * played);
      x.assists = Math.round(int(r, 0, x.position === "PG" ? 10 : 4) * played);
      x.steals = Math.round(int(r, 0, 3) * played);
      x.blocks = Math.round(int(r, 0, x.position === "C" ? 3 : 1) * played);
      x.turnovers = Math.round(int(r, 0, 4) * played);
    }
    out.push(...lines);
  }
  return out;
}
