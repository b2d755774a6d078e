// Which side of a substitution comes on, decided from who is on the pitch
// (docs/providers.md "API-Football: substitutions"). API-Football's `subst` names two people, `player` and `assist`,
// and real answers put the one coming on in either field (live captures of 2021–2024 mostly `player`; detail answers
// and 2026 captures `assist`). So the order decides nothing: the line-ups do when they are known, then what the match
// itself proves — someone who scored, assisted, took a penalty or was booked before the minute was on the pitch;
// someone who did after it was on then; someone who came on earlier is on, someone who went off is not. A
// substitution nothing decides follows the way the others of the match (then of the answer) were decided, and the
// documented order (`player` leaves) when none was.

/** A person as an event or a line-up names them. */
export interface Person {
  id: number | null;
  name: string | null;
}

/** What one event says about who was on the pitch, in the order of the answer. */
export type Clue =
  | { kind: "sub"; side: "home" | "away"; at: number; player: Person; assist: Person }
  /** On the pitch at `at`: a scorer, an assist, a penalty taker (`strong`), or someone booked (a substitute may be). */
  | { kind: "on"; side: "home" | "away" | null; at: number; who: Person; strong: boolean };

export interface Lineup {
  starters: Person[];
  substitutes: Person[];
}

/** A time after every minute of play: shoot-out kicks are taken by players on the pitch at the end. */
export const AT_THE_END = Number.MAX_SAFE_INTEGER;

const fold = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/**
 * One key per person: the provider's id when it gives one, else the folded name (that of a person with an id when one
 * was named so). Names are folded only when someone without an id needs them: most answers give every id.
 */
class People {
  private named = new Map<string, string>();
  private folded: Map<string, string> | undefined;
  key(p: Person): string | null {
    if (p.id !== null) {
      const k = `#${p.id}`;
      if (p.name && this.named.get(p.name) !== k) {
        this.named.delete(p.name);
        this.named.set(p.name, k);
        this.folded = undefined;
      }
      return k;
    }
    if (!p.name) return null;
    const f = fold(p.name);
    this.folded ??= new Map([...this.named].map(([name, k]) => [fold(name), k]));
    return this.folded.get(f) ?? `@${f}`;
  }
}

/**
 * For each `sub` clue, in order: true when `player` is the one leaving. `fallback`: the way undecided ones go when
 * nothing in the match decides (the answer's other matches), else `player` leaves.
 */
export function playerLeaves(
  clues: readonly Clue[],
  lineups: Partial<Record<"home" | "away", Lineup>> | undefined,
  fallback?: boolean,
): boolean[] {
  const first = orient(clues, lineups, undefined);
  // Every one decided: a second pass would decide them the same way.
  if (first.every((d) => d !== undefined)) return first as boolean[];
  const decided = first.filter((d): d is boolean => d !== undefined);
  const votes = decided.filter(Boolean).length * 2 - decided.length;
  const majority = votes > 0 ? true : votes < 0 ? false : (fallback ?? true);
  return orient(clues, lineups, majority).map((d) => d ?? majority);
}

/** How the decided substitutions of a match went: +1 for each `player`-leaves, −1 for each `player`-comes-on. */
export function vote(clues: readonly Clue[], lineups?: Partial<Record<"home" | "away", Lineup>>): number {
  return orient(clues, lineups, undefined).reduce((n, d) => n + (d === undefined ? 0 : d ? 1 : -1), 0);
}

function orient(
  clues: readonly Clue[],
  lineups: Partial<Record<"home" | "away", Lineup>> | undefined,
  undecided: boolean | undefined,
): (boolean | undefined)[] {
  const people = new People();
  // Known from the line-ups: who started (on) and who was on the bench (off) per side.
  const on = new Set<string>();
  const off = new Set<string>();
  const known = new Set<"home" | "away">();
  for (const side of ["home", "away"] as const) {
    const l = lineups?.[side];
    if (!l || l.starters.length === 0) continue;
    known.add(side);
    for (const p of l.starters) add(on, people.key(p));
    for (const p of l.substitutes) add(off, people.key(p));
  }
  // Every mention of someone on the pitch, with when.
  const seen = new Map<string, { at: number; strong: boolean }[]>();
  for (const c of clues) {
    if (c.kind !== "on") continue;
    const k = people.key(c.who);
    if (k) seen.set(k, [...(seen.get(k) ?? []), { at: c.at, strong: c.strong }]);
  }
  const weight = (k: string | null, when: (at: number) => boolean) => {
    let w = 0;
    for (const m of (k && seen.get(k)) || []) if (when(m.at)) w = Math.max(w, m.strong ? 2 : 1);
    return w;
  };
  const cameOn = new Set<string>();
  const wentOff = new Set<string>();
  const out: (boolean | undefined)[] = [];
  for (const c of clues) {
    if (c.kind !== "sub") continue;
    const a = people.key(c.player);
    const b = people.key(c.assist);
    let leaves: boolean | undefined;
    // The line-ups, kept up to date by the substitutions before this one.
    const onNow = (k: string | null) => k !== null && (cameOn.has(k) || (on.has(k) && !wentOff.has(k)));
    const offNow = (k: string | null) => k !== null && (wentOff.has(k) || (off.has(k) && !cameOn.has(k)));
    if (known.has(c.side)) {
      if (onNow(a) && offNow(b)) leaves = true;
      else if (onNow(b) && offNow(a)) leaves = false;
    }
    if (leaves === undefined) {
      // Who was on before decides first: the one seen on the pitch before the minute (or on more surely) leaves.
      // Only if that says nothing, who is seen after it: that one came on. (Both of someone — a provider's data
      // error, two players under one id — then never brings on a player the timeline shows on the pitch already.)
      const onBefore = (k: string | null) => (onNow(k) ? 2 : weight(k, (at) => at < c.at));
      const onAfter = (k: string | null) => weight(k, (at) => at > c.at);
      const [ba, bb] = [onBefore(a), onBefore(b)];
      const [aa, ab] = [onAfter(a), onAfter(b)];
      leaves = ba !== bb ? ba > bb : aa !== ab ? ab > aa : undecided;
    }
    out.push(leaves);
    if (leaves === undefined) continue;
    const [goes, comes] = leaves ? [a, b] : [b, a];
    if (goes) wentOff.add(goes);
    if (comes) {
      cameOn.add(comes);
      wentOff.delete(comes);
    }
  }
  return out;
}

function add(set: Set<string>, k: string | null) {
  if (k) set.add(k);
}
