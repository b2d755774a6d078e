// Who is on the pitch: a football side's line-up played forward through its timeline. Substitutes come from the
// bench, each at most once and at most MAX_SUBS a side; a second yellow or a red card sends a player off; whoever has
// left is named by no later event. The generator (./football.ts, through castTimeline) and the simulator
// (./sim-football.ts) both keep to it.
import type { Lineup, Player } from "../core/domain/schemas";
import type { Side } from "./events";
import { pick, type Rng } from "./random";

/** Substitutions a side may make (IFAB Law 3: up to five). */
export const MAX_SUBS = 5;

/** What of an event the pitch follows. */
export interface PitchEvent {
  type: string;
  minute: number | null;
  player: string | null;
  player_in: string | null;
  player_out: string | null;
}

interface Spell {
  player: Player;
  from: number;
  to: number | null;
  booked: boolean;
}

export class Pitch {
  /** Everyone who has been on the pitch, by name (names are unique within a squad). */
  private readonly spells = new Map<string, Spell>();
  private readonly bench: Player[];
  private readonly names = new Map<string, string>();
  subs = 0;

  constructor(lineup: Lineup) {
    for (const p of lineup.starters) this.spells.set(p.name, { player: p, from: 0, to: null, booked: false });
    this.bench = [...lineup.substitutes];
    for (const p of [...lineup.starters, ...lineup.substitutes]) if (p.player_id) this.names.set(p.player_id, p.name);
  }

  /** Players on the pitch now (outfield players only by default). */
  on(outfield = true): Player[] {
    return [...this.spells.values()]
      .filter((s) => s.to === null && (!outfield || s.player.position !== "G"))
      .map((s) => s.player);
  }

  isOn(name: string | null | undefined): boolean {
    return !!name && this.spells.get(name)?.to === null;
  }

  booked(name: string): boolean {
    return this.spells.get(name)?.booked ?? false;
  }

  /** Outfield players on the bench who have not played, while the side has substitutions left. */
  benchLeft(): Player[] {
    if (this.subs >= MAX_SUBS) return [];
    return this.bench.filter((p) => p.position !== "G" && !this.spells.has(p.name));
  }

  /** The card for a booking of a player on the pitch: a second yellow is a sending-off. */
  booking(name: string): "yellow_card" | "second_yellow" {
    return this.booked(name) ? "second_yellow" : "yellow_card";
  }

  apply(e: PitchEvent): void {
    const minute = e.minute ?? 0;
    const s = e.player ? this.spells.get(e.player) : undefined;
    if (e.type === "yellow_card" && s) s.booked = true;
    else if ((e.type === "second_yellow" || e.type === "red_card") && s?.to === null) s.to = minute;
    else if (e.type === "substitution") {
      const off = e.player_out ? this.spells.get(e.player_out) : undefined;
      if (off?.to === null) off.to = minute;
      const sub = this.bench.find((p) => p.name === e.player_in);
      if (sub && !this.spells.has(sub.name))
        this.spells.set(sub.name, { player: sub, from: minute, to: null, booked: false });
      this.subs++;
    }
  }

  /** Everyone who has played, starters first, then substitutes in the order they came on. */
  played(): Player[] {
    return [...this.spells.values()].map((s) => s.player);
  }

  /** Minutes on the pitch at match minute `clock`; undefined for a player who has not played. */
  minutes(nameOrId: string, clock: number): number | undefined {
    const s = this.spells.get(this.names.get(nameOrId) ?? nameOrId);
    return s && Math.max(0, Math.min(clock, s.to ?? clock) - s.from);
  }
}

export const other = (s: Side): Side => (s === "home" ? "away" : "home");

/** Both sides' pitches after these events (in timeline order). */
export function pitchesAfter(
  home: Lineup,
  away: Lineup,
  events: Iterable<PitchEvent & { team: Side | null }>,
): Record<Side, Pitch> {
  const p = { home: new Pitch(home), away: new Pitch(away) };
  for (const e of events) if (e.team) p[e.team].apply(e);
  return p;
}

/**
 * Who gets a booking: an outfield player on the pitch. One already on a yellow is kept about a third of the time
 * (a booked player is careful), so second yellows happen, now and then.
 */
export function bookable(r: Rng, p: Pitch, nominee?: string | null): Player | undefined {
  const who = onOrAny(r, p, nominee);
  const clean = p.on().filter((x) => !p.booked(x.name));
  return who && p.booked(who.name) && clean.length && r() > 0.35 ? pick(r, clean) : who;
}

/** A scorer on the pitch: the nominee if he is on, else a forward or midfielder, else any outfield player. */
export function scorer(r: Rng, p: Pitch, nominee?: string | null): Player | undefined {
  if (nominee && p.isOn(nominee)) return p.on(false).find((x) => x.name === nominee);
  const on = p.on();
  const attack = on.filter((x) => x.position === "F" || x.position === "M");
  const pool = attack.length ? attack : on.length ? on : p.on(false);
  return pool.length ? pick(r, pool) : undefined;
}

/** The nominee if he is on the pitch, else any outfield player on it. */
export function onOrAny(r: Rng, p: Pitch, nominee?: string | null): Player | undefined {
  const on = p.on();
  return on.find((x) => x.name === nominee) ?? (on.length ? pick(r, on) : undefined);
}
