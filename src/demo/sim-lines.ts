// The simulator's box scores: the live match's stored lines (or its starters, at kickoff), advanced with each tick.
import { LINE_COUNTS } from "../core/domain/people-schemas";
import type { Lineup, Player } from "../core/domain/schemas";
import type { Row } from "../core/db/queries/ingest";
import type { Side } from "./events";
import type { Op } from "../core/ingest/ops";
import type { Pitch } from "./pitch";
import type { Rng } from "./random";

type Line = Record<string, unknown> & { player_id: string; side: Side; started: boolean };

export class LiveLines {
  private lines: Line[];
  private changed = false;

  constructor(
    private readonly m: Row,
    private readonly r: Rng,
  ) {
    const stored = JSON.parse(String(m.lines ?? "[]")) as Line[];
    this.lines = stored.length ? stored : this.fromLineups();
    this.changed = stored.length === 0 && this.lines.length > 0;
  }

  private fromLineups(): Line[] {
    const out: Line[] = [];
    for (const side of ["home", "away"] as const) {
      const raw = this.m[`${side}_lineup`];
      if (!raw) continue;
      for (const p of (JSON.parse(String(raw)) as Lineup).starters)
        if (p.player_id) out.push({ player_id: p.player_id, side, started: true, name: p.name, position: p.position });
    }
    return out;
  }

  private line(side: Side, playerId: string | null | undefined) {
    const mine = this.lines.filter((l) => l.side === side);
    return mine.find((l) => l.player_id === playerId) ?? mine[Math.floor(this.r() * mine.length)];
  }

  add(side: Side, playerId: string | null | undefined, counts: Record<string, number>) {
    const l = this.line(side, playerId);
    if (!l) return;
    for (const [k, v] of Object.entries(counts)) l[k] = Number(l[k] ?? 0) + v;
    this.changed = true;
  }

  /** Counts for one of the side's players, picked with `r` (not the tick's own draws: they stay as they were). */
  credit(side: Side, r: Rng, counts: Record<string, number>) {
    const mine = this.lines.filter((l) => l.side === side);
    const l = mine[Math.floor(r() * mine.length)];
    if (!l) return;
    for (const [k, v] of Object.entries(counts)) l[k] = Number(l[k] ?? 0) + v;
    this.changed = true;
  }

  /** The lines as they stand after the tick (the team statistics are read from them). */
  all(): readonly Line[] {
    return this.lines;
  }

  /** A side's total of one count. */
  total(side: Side, key: string): number {
    return this.lines.reduce((n, l) => n + (l.side === side ? Number(l[key] ?? 0) : 0), 0);
  }

  /** Takes back counts of exactly that player (a disallowed goal); never below 0, nobody else's. */
  take(side: Side, playerId: string | null | undefined, counts: Record<string, number>) {
    const l = this.lines.find((x) => x.side === side && x.player_id === playerId);
    if (!l) return;
    for (const [k, v] of Object.entries(counts)) l[k] = Math.max(0, Number(l[k] ?? 0) - v);
    this.changed = true;
  }

  /** A substitute who came on: his line, from 0 minutes. */
  enter(side: Side, p: Player) {
    if (!p.player_id || this.lines.some((l) => l.side === side && l.player_id === p.player_id)) return;
    this.lines.push({ player_id: p.player_id, side, started: false, name: p.name, position: p.position, minutes: 0 });
    this.changed = true;
  }

  /**
   * Minutes follow the match clock: with the pitches (football), each player's time on the pitch; without (basketball),
   * the starters' all game.
   */
  minutes(minute: number, pitch: Partial<Record<Side, Pitch>> = {}) {
    for (const l of this.lines) {
      const p = pitch[l.side];
      const played = p ? p.minutes(l.player_id, minute) : l.started ? minute : undefined;
      if (played !== undefined && l.minutes !== played) ((l.minutes = played), (this.changed = true));
    }
  }

  op(): Op[] {
    if (!this.changed) return [];
    const side = (s: Side) =>
      this.lines
        .filter((l) => l.side === s)
        .map((l) => ({
          player_id: l.player_id,
          started: Boolean(l.started),
          ...Object.fromEntries(LINE_COUNTS.map((k) => [k, Number(l[k] ?? 0)])),
        }));
    return [{ op: "player_lines", match_id: String(this.m.id), home: side("home"), away: side("away") } as Op];
  }
}
