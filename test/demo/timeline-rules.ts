// The rules of a football timeline, checked by replaying it against the match's line-ups, written apart from the
// simulator's own bookkeeping (src/demo/pitch.ts) so that a fault there shows here.
import type { Lineup } from "../../src/core/domain/schemas";

export interface TimelineRow {
  id: string;
  match_id: string;
  seq: number;
  type: string;
  minute: number | null;
  period: number | null;
  team: "home" | "away" | null;
  player: string | null;
  player_id: string | null;
  player_in: string | null;
  player_in_id: string | null;
  player_out: string | null;
  player_out_id: string | null;
}

export interface Violation {
  rule: "substitution" | "cards" | "on pitch";
  text: string;
}

/** Events that name their side's player in `player` (an own goal names the other side's). */
const NAMED = new Set(["goal", "penalty_goal", "own_goal", "yellow_card", "second_yellow", "red_card"]);

export function replay(lineups: { home: Lineup; away: Lineup } | undefined, events: TimelineRow[]) {
  const violations: Violation[] = [];
  let substitutesNamedLater = 0;
  if (!lineups) {
    if (events.some((e) => e.team)) violations.push({ rule: "on pitch", text: "events with a side but no line-ups" });
    return { violations, substitutesNamedLater };
  }
  const side = (s: "home" | "away") => {
    const l = lineups[s];
    return {
      on: new Set(l.starters.map((p) => p.name)),
      bench: new Map(l.substitutes.map((p) => [p.name, p.player_id])),
      cameOn: new Set<string>(),
      left: new Set<string>(),
      booked: new Set<string>(),
      subs: 0,
    };
  };
  const sides = { home: side("home"), away: side("away") };
  for (const e of events) {
    if (!e.team) continue;
    const own = sides[e.team];
    const at = `#${e.seq} ${e.minute}' ${e.type}`;
    if (NAMED.has(e.type)) {
      const pitch = e.type === "own_goal" ? sides[e.team === "home" ? "away" : "home"] : own;
      if (!e.player || !pitch.on.has(e.player)) {
        const why = !e.player ? "names nobody" : pitch.left.has(e.player) ? "after he left" : "who is not on";
        violations.push({ rule: "on pitch", text: `${at} ${e.player} ${why}` });
        continue;
      }
      if (pitch.cameOn.has(e.player)) substitutesNamedLater++;
    }
    if (e.type === "var" && e.player && !own.on.has(e.player))
      violations.push({ rule: "on pitch", text: `${at} ${e.player} is not on the pitch` });
    const p = e.player!;
    if (e.type === "yellow_card") {
      if (own.booked.has(p)) violations.push({ rule: "cards", text: `${at} ${p}: a second yellow without a red` });
      own.booked.add(p);
    } else if (e.type === "second_yellow") {
      if (!own.booked.has(p)) violations.push({ rule: "cards", text: `${at} ${p}: a second yellow without a first` });
      own.on.delete(p);
      own.left.add(p);
    } else if (e.type === "red_card") {
      own.on.delete(p);
      own.left.add(p);
    } else if (e.type === "substitution") {
      const [pin, pout] = [e.player_in ?? "", e.player_out ?? ""];
      own.subs++;
      if (own.subs > 5) violations.push({ rule: "substitution", text: `${at}: substitution number ${own.subs}` });
      if (!own.bench.has(pin)) violations.push({ rule: "substitution", text: `${at}: ${pin} is not on the bench` });
      else if (e.player_in_id !== own.bench.get(pin))
        violations.push({ rule: "substitution", text: `${at}: ${pin} has id ${e.player_in_id}` });
      if (own.cameOn.has(pin)) violations.push({ rule: "substitution", text: `${at}: ${pin} comes on twice` });
      if (!own.on.has(pout)) violations.push({ rule: "substitution", text: `${at}: ${pout} is not on the pitch` });
      own.on.delete(pout);
      own.left.add(pout);
      own.on.add(pin);
      own.cameOn.add(pin);
    }
  }
  return { violations, substitutesNamedLater };
}
