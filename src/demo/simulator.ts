// The demo feed: plays matches in accelerated time — one tick is a football minute or 90 s of basketball clock —
// and keeps a few matches of each sport live by kicking off the next scheduled ones early; now and then VAR
// disallows a football goal (./sim-var.ts). It only produces ops; ingest() applies them exactly as it would a
// provider's.
import { basketballOvertimeCode, type Sport } from "../core/domain/codes";
import type { Lineup } from "../core/domain/schemas";
import { dbFor } from "../core/db/client";
import { liveMatchesOf, nextScheduled } from "../core/db/queries/feeds";
import type { Row } from "../core/db/queries/ingest";
import { buildTeams } from "./schedule";
import { demoEvent, type DemoEvent, type Side } from "./events";
import { lineupFor, type DemoTeam } from "./squads";
import type { Op } from "../core/ingest/ops";
import { LiveLines } from "./sim-lines";
import { varReview } from "./sim-var";
import type { FeedAdapter } from "../core/ingest/feeds/feed";

/** How many matches of each sport the simulator keeps live. */
const LIVE_TARGET: Record<Sport, number> = { football: 6, basketball: 4 };
type EventIn = Extract<Op, { op: "events" }>["events"][number];

let teamsById: Map<string, DemoTeam> | undefined;
const demoTeam = (id: string) => {
  teamsById ??= new Map([...buildTeams(true).values()].map((t) => [t.id, t]));
  return teamsById.get(id);
};

const chance = (p: number) => Math.random() < p;
const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)];

/** A starter of that side (an outfield one by default), as an event's `player` and `player_id`. */
function player(m: Row, side: Side, outfield = true): { player: string | null; player_id: string | null } {
  const raw = side === "home" ? m.home_lineup : m.away_lineup;
  if (!raw) return { player: null, player_id: null };
  const l = JSON.parse(String(raw)) as Lineup;
  const p = pick(l.starters.filter((x) => !outfield || x.position !== "G"));
  return { player: p?.name ?? null, player_id: p?.player_id ?? null };
}

function event(
  m: Row,
  n: number,
  type: string,
  minute: number,
  period: number,
  team: Side | null,
  extra: Partial<DemoEvent> = {},
): EventIn {
  const id = `${m.id}_sim${Number(m.events) + n}_${crypto.randomUUID().slice(0, 8)}`;
  return { id, ...demoEvent(type, minute, period, team, extra) };
}

/** One football minute. */
function football(m: Row): Op[] {
  const events: EventIn[] = [];
  /** Goals VAR disallowed this minute (at most one). */
  const removed: string[] = [];
  const next: Record<string, unknown> = {};
  let [home, away] = [Number(m.home_score), Number(m.away_score)];
  let period = Number(m.period ?? 12);
  let minute = Number(m.minute ?? 0);
  let added = m.added_time === null ? null : Number(m.added_time);
  const lines = new LiveLines(m);
  const ev = (type: string, team: Side | null, extra: Partial<DemoEvent> = {}) =>
    events.push(event(m, events.length + 1, type, minute, period, team, extra));

  if (period === 38) {
    period = 13;
    minute = 45;
    ev("period_start", null);
  } else if (period === 12 || period === 13 || period === 14 || period === 15) {
    const end = { 12: 45, 13: 90, 14: 105, 15: 120 }[period]!;
    if (minute < end) minute++;
    else added = (added ?? 0) + 1;
    const disallowed = varReview(m);
    if (disallowed) {
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
      if (chance(0.025)) {
        side === "home" ? home++ : away++;
        const scorer = player(m, side);
        ev(chance(0.1) ? "penalty_goal" : "goal", side, {
          ...scorer,
          detail: pick(["Right foot", "Left foot", "Header"]),
        });
        lines.add(side, scorer.player_id, { goals: 1, shots: 1 });
      }
      if (chance(0.015)) {
        const booked = player(m, side);
        ev("yellow_card", side, booked);
        lines.add(side, booked.player_id, { yellow_cards: 1 });
      }
      if (minute > 58 && chance(0.04)) {
        const off = player(m, side);
        ev("substitution", side, { player_out: off.player, player_out_id: off.player_id, player_in: "Substitute" });
      }
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
        const [hp, ap] = chance(0.5) ? [5, 4] : [3, 4];
        Object.assign(next, { status_code: 9, home_penalties: hp, away_penalties: ap });
      } else next.status_code = period === 13 ? 3 : 10;
    }
  }
  lines.minutes(minute);
  const ops: Op[] = [...lines.op()];
  if (removed.length > 0) ops.push({ op: "remove_events", match_id: String(m.id), event_ids: removed });
  if (events.length > 0) ops.push({ op: "events", match_id: String(m.id), events });
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

/** 90 seconds of basketball clock. */
function basketball(m: Row): Op[] {
  const events: EventIn[] = [];
  let [home, away] = [Number(m.home_score), Number(m.away_score)];
  let period = Number(m.period ?? 22);
  let clock = Number(m.game_clock_secs ?? 720);
  const lines = new LiveLines(m);
  const next: Record<string, unknown> = {};
  /** Minutes of game time played, for the event's `minute`. */
  const gameMinute = () => {
    if (period >= 22 && period <= 25) return (period - 22) * 12 + Math.floor((720 - clock) / 60);
    if (period === 30) return 24;
    const ot = period <= 29 ? period - 25 : period - 26;
    return 48 + (ot - 1) * 5 + Math.floor((300 - clock) / 60);
  };
  const ev = (type: string, team: Side | null, extra: Partial<DemoEvent> = {}) =>
    events.push(event(m, events.length + 1, type, gameMinute(), period, team, extra));

  if (period === 30) {
    period = 24;
    clock = 720;
    ev("period_start", null);
  } else {
    clock = Math.max(0, clock - 90);
    for (const side of ["home", "away"] as const) {
      const pts = pick([0, 2, 2, 3, 1, 2, 4, 5, 3, 0])!;
      side === "home" ? (home += pts) : (away += pts);
      const shooter = player(m, side, false);
      if (pts >= 3 && chance(0.5)) ev("three_pointer", side, { ...shooter, detail: "3PT jump shot" });
      else if (pts === 2 && chance(0.3)) ev("field_goal", side, { ...shooter, detail: "Driving layup" });
      // The box score follows the score: every point is someone's.
      const three = pts >= 3 ? 1 : 0;
      const two = Math.floor((pts - 3 * three) / 2);
      const ft = pts - 3 * three - 2 * two;
      if (pts > 0)
        lines.add(side, shooter.player_id, {
          points: pts,
          fg_made: three + two,
          fg_attempted: three + two + 1,
          three_made: three,
          three_attempted: three,
          ft_made: ft,
          ft_attempted: ft,
        });
    }
    if (chance(0.1)) ev("timeout", pick(["home", "away"] as const)!);
    if (clock === 0) {
      ev("period_end", null, { detail: `End of period, ${home}–${away}` });
      if (period === 23) period = 30;
      else if (period >= 22 && period < 25) ((period += 1), (clock = 720), ev("period_start", null));
      else if (home === away) {
        const ot = period === 25 ? 1 : period - 24;
        period = basketballOvertimeCode(ot);
        clock = 300;
        ev("period_start", null);
      } else next.status_code = period === 25 ? 3 : 10;
    }
  }
  lines.minutes(gameMinute());
  const ops: Op[] = [...lines.op()];
  if (events.length > 0) ops.push({ op: "events", match_id: String(m.id), events });
  ops.push({
    op: "match",
    id: String(m.id),
    sport: "basketball",
    league_id: String(m.league_id),
    home_score: home,
    away_score: away,
    period,
    game_clock_secs: clock,
    ...next,
  } as Op);
  return ops;
}

function kickoff(m: Row): Op[] {
  const football = m.sport === "football";
  const ops: Op[] = [];
  if (!m.has_lineup) {
    const [home, away] = [demoTeam(String(m.home_team_id)), demoTeam(String(m.away_team_id))];
    if (home && away)
      ops.push({
        op: "lineups",
        match_id: String(m.id),
        home: lineupFor(home, String(m.id)),
        away: lineupFor(away, String(m.id)),
      });
  }
  ops.push({
    op: "match",
    id: String(m.id),
    sport: m.sport as Sport,
    league_id: String(m.league_id),
    status_code: 2,
    home_score: 0,
    away_score: 0,
    period: football ? 12 : 22,
    ...(football ? { minute: 0 } : { game_clock_secs: 720 }),
  } as Op);
  ops.push({
    op: "events",
    match_id: String(m.id),
    events: [event({ ...m, events: 0 }, 0, "period_start", 0, football ? 12 : 22, null)],
  });
  return ops;
}

export const simulatorFeed: FeedAdapter = {
  name: "simulator",
  async poll(env, leagueIds, now) {
    const db = dbFor(env.DB);
    const live = await liveMatchesOf(db, leagueIds);
    const ops = live.flatMap((m) => (m.sport === "football" ? football(m) : basketball(m)));
    const startOfDay = Math.floor(now.getTime() / 86_400_000) * 86_400;
    for (const sport of ["football", "basketball"] as const) {
      const want = LIVE_TARGET[sport] - live.filter((m) => m.sport === sport).length;
      if (want > 0)
        for (const m of await nextScheduled(db, leagueIds, sport, startOfDay, want)) ops.push(...kickoff(m));
    }
    return ops;
  },
};
