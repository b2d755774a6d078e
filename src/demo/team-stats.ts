// A simulated match's team statistics, as a provider's answer gives them: the generator's matches and the simulator's
// live ones alike (the simulator sends them with every tick, through the one ingest path). They agree with the match:
// football goals ≤ shots on target ≤ shots, the cards and saves are the timeline's, the box score's shots are
// within the team's; basketball's shooting and the rest are the sums of the box score. The figures the timeline
// does not decide grow with the minutes played from one seeded draw per match, so a live match's only go up.
import type { StatRow } from "../core/domain/schemas";
import type { Side } from "./events";
import { int, rngFor } from "./random";

/** What of a timeline entry the statistics read. */
export interface StatEvent {
  type: string;
  team: Side | null;
}

const row = (section: string, name: string, home: number, away: number): StatRow => ({ section, name, home, away });
const other = (s: Side): Side => (s === "home" ? "away" : "home");

/** Possession tilts towards the stronger side (strengths as in ./schedule.ts). */
export const possessionLean = (home: number, away: number) => (home - away) * 20;

/**
 * Football statistics after `minutes` played (90 at full time, 120 after extra time). `lean`: possession points
 * towards the home side; `lineShots`: each side's shots in the box score (the team's are at least as many).
 */
export function footballTeamStats(
  seed: string,
  events: readonly StatEvent[],
  minutes: number,
  lean: number,
  lineShots: Record<Side, number> = { home: 0, away: 0 },
): StatRow[] {
  const r = rngFor(`stats:${seed}`);
  const f = Math.max(0, minutes) / 90;
  const scale = (n: number) => Math.round(n * f);
  const count = (t: Side, types: string[]) => events.filter((e) => e.team === t && types.includes(e.type)).length;
  // Per side, drawn once: the figures a whole match would reach.
  const base = (t: Side) => ({
    saved: int(r, 1, 6),
    wide: t === "home" ? int(r, 3, 10) : int(r, 2, 9),
    corners: int(r, 1, 10),
    fouls: int(r, 7, 16),
    offsides: int(r, 0, 5),
    accuracy: int(r, 72, 91),
    passJitter: int(r, -40, 40),
  });
  const b = { home: base("home"), away: base("away") };
  const pos = Math.min(78, Math.max(22, Math.round(50 + lean + (r() - 0.5) * 16)));
  const share = { home: pos, away: 100 - pos };
  const goals = (t: Side) => count(t, ["goal", "penalty_goal"]);
  // A shot on target is a goal or a save: the other side's keeper saved the rest, missed penalties among them.
  const savedFrom = (t: Side) => scale(b[t].saved) + count(t, ["missed_penalty"]);
  const onTarget = (t: Side) => goals(t) + savedFrom(t);
  const shots = (t: Side) => Math.max(onTarget(t) + scale(b[t].wide), lineShots[t]);
  const yellow = (t: Side) => count(t, ["yellow_card", "second_yellow"]);
  const red = (t: Side) => count(t, ["red_card", "second_yellow"]);
  const fouls = (t: Side) => Math.max(scale(b[t].fouls), yellow(t) + red(t));
  const passes = (t: Side) => scale(Math.max(0, Math.round(share[t] * 9.5 + b[t].passJitter)));
  const both = (section: string, name: string, of: (t: Side) => number) => row(section, name, of("home"), of("away"));
  return [
    row("Summary", "Ball possession", share.home, share.away),
    both("Summary", "Total shots", shots),
    both("Summary", "Shots on target", onTarget),
    both("Summary", "Corner kicks", (t) => scale(b[t].corners)),
    both("Summary", "Fouls", fouls),
    both("Summary", "Offsides", (t) => scale(b[t].offsides)),
    both("Discipline", "Yellow cards", yellow),
    both("Discipline", "Red cards", red),
    both("Passes", "Passes", passes),
    both("Passes", "Accurate passes", (t) => Math.round((passes(t) * b[t].accuracy) / 100)),
    both("Passes", "Pass accuracy (%)", (t) => b[t].accuracy),
    both("Goalkeeping", "Saves", (t) => savedFrom(other(t))),
  ];
}

/** A box-score line as the statistics read it. */
export type StatLine = { side: Side } & Partial<Record<string, unknown>>;

/**
 * Basketball statistics: the box score's sums per side (so shooting adds up to the score), and fouls, which the box
 * score does not hold, growing with `played` (the share of regulation played, 1 at the end).
 */
export function basketballTeamStats(seed: string, lines: readonly StatLine[], played: number): StatRow[] {
  const r = rngFor(`stats:${seed}`);
  const fouls = { home: int(r, 15, 24), away: int(r, 15, 24) };
  const sum = (t: Side, k: string) => lines.reduce((n, l) => n + (l.side === t ? Number(l[k] ?? 0) : 0), 0);
  const pct = (made: number, tried: number) => (tried === 0 ? 0 : Math.round((made / tried) * 1000) / 10);
  const both = (section: string, name: string, of: (t: Side) => number) => row(section, name, of("home"), of("away"));
  const total = (section: string, name: string, k: string) => both(section, name, (t) => sum(t, k));
  return [
    total("Shooting", "Field goals made", "fg_made"),
    total("Shooting", "Field goals attempted", "fg_attempted"),
    both("Shooting", "Field goal %", (t) => pct(sum(t, "fg_made"), sum(t, "fg_attempted"))),
    total("Shooting", "3-pointers made", "three_made"),
    total("Shooting", "3-pointers attempted", "three_attempted"),
    total("Shooting", "Free throws made", "ft_made"),
    total("Shooting", "Free throws attempted", "ft_attempted"),
    total("Other", "Rebounds", "rebounds"),
    total("Other", "Assists", "assists"),
    total("Other", "Steals", "steals"),
    total("Other", "Blocks", "blocks"),
    total("Other", "Turnovers", "turnovers"),
    both("Other", "Fouls", (t) => Math.round(fouls[t] * Math.min(1, Math.max(0, played)))),
  ];
}
