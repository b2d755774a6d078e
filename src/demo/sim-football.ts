// One football minute of a live match. Who is on the pitch follows from the line-ups and the timeline so far
// (./pitch.ts): goals and cards go to players on the pitch, a booked player's next yellow is a second yellow (he is
// sent off, as after a straight red), substitutes come off the bench once each, at most five a side. Within a minute
// the VAR review of the previous minute's goal comes first, then cards and substitutions, then goals, so a goal under
// review was scored by a player still on the pitch. Each tick also sends the match's team statistics as they stand
// (./team-stats.ts).
import type { Row } from "../core/db/queries/ingest";
import type { Op } from "../core/ingest/ops";
import type { DemoEvent, Side } from "./events";
import { bookable, onOrAny, pitchesAfter, scorer, type Pitch, type PitchEvent } from "./pitch";
import { chance, pick } from "./random";
import { LiveLines } from "./sim-lines";
import { lineupOf, simEvent, tickRng, type EventIn } from "./sim-tick";
import { varReview } from "./sim-var";
import type { Lineup } from "../core/domain/schemas";
import { demoTeamById } from "./schedule";
import { clubIdOfPlayer } from "./squads";
import { footballTeamStats, possessionLean, type StatEvent } from "./team-stats";

/** Chances per side and minute in play. */
const GOAL = 0.025;
const BOOKING = 0.015;
const STRAIGHT_RED = 0.001;
/** Substitutions come in the second half and extra time. */
const SUBSTITUTION = 0.09;
const SUBS_FROM = 55;

/** `timeline`: the match's events so far, in seq order. */
export function footballMinute(m: Row, timeline: readonly Row[]): Op[] {
  const events: EventIn[] = [];
  /** Goals VAR disallowed this minute (at most one). */
  const removed: string[] = [];
  const next: Record<string, unknown> = {};
  let [home, away] = [Number(m.home_score), Number(m.away_score)];
  let period = Number(m.period ?? 12);
  let minute = Number(m.minute ?? 0);
  let added = m.added_time === null || m.added_time === undefined ? null : Number(m.added_time);
  const r = tickRng(m, period, minute, added ?? "-");
  const lineups = { home: lineupOf(m, "home"), away: lineupOf(m, "away") };
  const pitch: Partial<Record<Side, Pitch>> =
    lineups.home && lineups.away
      ? pitchesAfter(lineups.home, lineups.away, timeline as unknown as TimelineEvent[])
      : {};
  const lines = new LiveLines(m, r);
  const ev = (type: string, team: Side | null, extra: Partial<DemoEvent> = {}) => {
    const e = simEvent(m, events.length + 1, type, minute, period, team, extra);
    events.push(e);
    if (team) pitch[team]?.apply(e);
  };

  if (period === 38) {
    period = 13;
    minute = 45;
    ev("period_start", null);
  } else if (period === 12 || period === 13 || period === 14 || period === 15) {
    const end = { 12: 45, 13: 90, 14: 105, 15: 120 }[period]!;
    if (minute < end) minute++;
    else added = (added ?? 0) + 1;
    // A goal is reviewed before play goes on: its scorer is still on the pitch (the seeded part of a timeline may
    // have substituted him in the minute he scored; then the goal stands).
    const disallowed = varReview(m);
    if (disallowed && (pitch[disallowed.team]?.isOn(disallowed.player) ?? true)) {
      const side = disallowed.team;
      side === "home" ? (home = Math.max(0, home - 1)) : (away = Math.max(0, away - 1));
      removed.push(disallowed.id);
      ev("var", side, {
        player: disallowed.player,
        player_id: disallowed.player_id,
        detail: "Goal disallowed – offside",
      });
      lines.take(side, disallowed.player_id, { goals: 1 });
    }
    for (const side of ["home", "away"] as const) {
      const p = pitch[side];
      if (!p) continue;
      const booked = chance(r, BOOKING) ? bookable(r, p) : undefined;
      if (booked) {
        const card = p.booking(booked.name);
        ev(card, side, { player: booked.name, player_id: booked.player_id });
        lines.add(side, booked.player_id, card === "yellow_card" ? { yellow_cards: 1 } : { red_cards: 1 });
      }
      const sentOff = chance(r, STRAIGHT_RED) ? onOrAny(r, p) : undefined;
      if (sentOff) {
        ev("red_card", side, { player: sentOff.name, player_id: sentOff.player_id });
        lines.add(side, sentOff.player_id, { red_cards: 1 });
      }
      const bench = p.benchLeft();
      const off = minute > SUBS_FROM && bench.length && chance(r, SUBSTITUTION) ? onOrAny(r, p) : undefined;
      if (off) {
        const on = pick(r, bench);
        ev("substitution", side, {
          player_in: on.name,
          player_in_id: on.player_id,
          player_out: off.name,
          player_out_id: off.player_id,
        });
        lines.enter(side, on);
      }
    }
    for (const side of ["home", "away"] as const) {
      if (!chance(r, GOAL)) continue;
      side === "home" ? home++ : away++;
      const p = pitch[side];
      const who = p && scorer(r, p);
      ev(chance(r, 0.1) ? "penalty_goal" : "goal", side, {
        player: who?.name ?? null,
        player_id: who?.player_id ?? null,
        detail: pick(r, ["Right foot", "Left foot", "Header"]),
      });
      lines.add(side, who?.player_id, { goals: 1, shots: 1 });
    }
    if (minute === end && (added ?? 0) >= (period === 12 || period === 13 ? 3 : 1)) {
      ev("period_end", null, { added_time: added });
      added = null;
      const knockout = m.format === "cup";
      if (period === 12)
        (Object.assign(next, { ht_home_score: home, ht_away_score: away }), (period = 38), (minute = 45));
      else if (period === 13 && knockout && home === away) ((period = 14), (minute = 90), ev("period_start", null));
      else if (period === 14) ((period = 15), (minute = 105), ev("period_start", null));
      else if (period === 15 && home === away) {
        const [hp, ap] = chance(r, 0.5) ? [5, 4] : [3, 4];
        Object.assign(next, { status_code: 9, home_penalties: hp, away_penalties: ap });
      } else next.status_code = period === 13 ? 3 : 10;
    }
  }
  lines.minutes(minute, pitch);
  const ops: Op[] = [...lines.op()];
  if (removed.length > 0) ops.push({ op: "remove_events", match_id: String(m.id), event_ids: removed });
  if (events.length > 0) ops.push({ op: "events", match_id: String(m.id), events });
  // The team statistics after the tick, as a provider's answer has them while the match is played and after it.
  const after: StatEvent[] = [
    ...(timeline as unknown as (StatEvent & { id: string })[]).filter((e) => !removed.includes(e.id)),
    ...events,
  ];
  ops.push({
    op: "stats",
    match_id: String(m.id),
    data: footballTeamStats(String(m.id), after, minute, leanOf(lineups.home, lineups.away), {
      home: lines.total("home", "shots"),
      away: lines.total("away", "shots"),
    }),
  });
  ops.push({
    op: "match",
    id: String(m.id),
    sport: "football",
    league_id: String(m.league_id),
    home_score: home,
    away_score: away,
    period,
    minute,
    added_time: added,
    ...next,
  } as Op);
  return ops;
}

type TimelineEvent = PitchEvent & { team: Side | null };

/** The clubs' possession lean, found through their line-ups' player ids (0 when a side is not a demo club). */
function leanOf(home: Lineup | undefined, away: Lineup | undefined): number {
  const club = (l: Lineup | undefined) => {
    const id = l?.starters.find((p) => p.player_id)?.player_id;
    return id ? demoTeamById(clubIdOfPlayer(id)) : undefined;
  };
  const [h, a] = [club(home), club(away)];
  return h && a ? possessionLean(h.strength, a.strength) : 0;
}
