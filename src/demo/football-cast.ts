// The generator draws a football timeline's events first (minutes, kinds, nominal players), then casts it here, in
// timeline order, onto who is on the pitch at that minute (./pitch.ts): scorers and cards go to players on the
// pitch, a booked player's next yellow is his second (a sending-off), substitutes come off the bench once each, at
// most five a side, and nobody who has left is named again. An event that cannot happen (a sixth substitution) is
// dropped; a "second yellow" for a side with nobody booked is a first one.
import type { Lineup } from "../core/domain/schemas";
import type { DemoEvent } from "./events";
import { bookable, onOrAny, other, Pitch, scorer } from "./pitch";
import { pick, type Rng } from "./random";

export function castTimeline(events: readonly DemoEvent[], home: Lineup, away: Lineup, r: Rng): DemoEvent[] {
  const pitch = { home: new Pitch(home), away: new Pitch(away) };
  const out: DemoEvent[] = [];
  for (const e of events) {
    const cast = e.team ? castOne(e, pitch[e.team], pitch[other(e.team)], r) : e;
    if (!cast) continue;
    if (cast.team) pitch[cast.team].apply(cast);
    out.push(cast);
  }
  return out;
}

function castOne(e: DemoEvent, own: Pitch, opponents: Pitch, r: Rng): DemoEvent | undefined {
  const as = (type: string, player: string | undefined) => (player ? { ...e, type, player } : undefined);
  switch (e.type) {
    case "goal":
    case "penalty_goal":
      return as(e.type, scorer(r, own, e.player)?.name);
    case "own_goal":
      return as(e.type, onOrAny(r, opponents, e.player)?.name);
    case "yellow_card": {
      const who = bookable(r, own, e.player)?.name;
      return who ? as(own.booking(who), who) : undefined;
    }
    case "second_yellow": {
      const booked = own.on().filter((p) => own.booked(p.name));
      const who = booked.find((p) => p.name === e.player) ?? (booked.length ? pick(r, booked) : undefined);
      return who ? as("second_yellow", who.name) : as("yellow_card", bookable(r, own, e.player)?.name);
    }
    case "red_card":
      return as("red_card", onOrAny(r, own, e.player)?.name);
    case "substitution": {
      const left = own.benchLeft();
      const off = onOrAny(r, own, e.player_out);
      const on = left.find((p) => p.name === e.player_in) ?? left[0];
      return on && off ? { ...e, player_in: on.name, player_out: off.name } : undefined;
    }
    default:
      return e;
  }
}
