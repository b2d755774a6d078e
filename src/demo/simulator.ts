// The demo feed: plays matches in accelerated time — one tick is a football minute (./sim-football.ts) or 90 s of
// basketball clock — and keeps a few matches of each sport live by kicking off the next scheduled ones early (their
// kickoff moves to when they start); now and then VAR disallows a football goal (./sim-var.ts). It only produces
// ops, the team statistics of every tick among them (./team-stats.ts); ingest() applies them exactly as it would a
// provider's.
import { basketballOvertimeCode, type Sport } from "../core/domain/codes";
import { dbFor, type Db } from "../core/db/client";
import { liveMatchesOf, nextScheduled } from "../core/db/queries/feeds";
import { loadIngestState, type Row } from "../core/db/queries/ingest";
import { demoTeamById } from "./schedule";
import type { DemoEvent, Side } from "./events";
import { lineupFor } from "./squads";
import type { Op } from "../core/ingest/ops";
import { LiveLines } from "./sim-lines";
import { footballMinute } from "./sim-football";
import { lineupOf, simEvent, tickRng, type EventIn } from "./sim-tick";
import { chance, int, pick, rngFor, type Rng } from "./random";
import { basketballTeamStats, footballTeamStats, possessionLean } from "./team-stats";
import type { OpFeed } from "../core/sources/contract";

/** How many matches of each sport the simulator keeps live. */
const LIVE_TARGET: Record<Sport, number> = { football: 6, basketball: 4 };

/** A starter of that side, as an event's `player` and `player_id`. */
function starter(r: Rng, m: Row, side: Side): { player: string | null; player_id: string | null } {
  const l = lineupOf(m, side);
  const p = l?.starters.length ? pick(r, l.starters) : undefined;
  return { player: p?.name ?? null, player_id: p?.player_id ?? null };
}

/** 90 seconds of basketball clock. */
function basketball(m: Row): Op[] {
  const events: EventIn[] = [];
  let [home, away] = [Number(m.home_score), Number(m.away_score)];
  let period = Number(m.period ?? 22);
  let clock = Number(m.game_clock_secs ?? 720);
  const r = tickRng(m, period, clock);
  const lines = new LiveLines(m, r);
  const next: Record<string, unknown> = {};
  /** Minutes of game time played, for the event's `minute`. */
  const gameMinute = () => {
    if (period >= 22 && period <= 25) return (period - 22) * 12 + Math.floor((720 - clock) / 60);
    if (period === 30) return 24;
    const ot = period <= 29 ? period - 25 : period - 26;
    return 48 + (ot - 1) * 5 + Math.floor((300 - clock) / 60);
  };
  const ev = (type: string, team: Side | null, extra: Partial<DemoEvent> = {}) =>
    events.push(simEvent(m, events.length + 1, type, gameMinute(), period, team, extra));

  if (period === 30) {
    period = 24;
    clock = 720;
    ev("period_start", null);
  } else {
    clock = Math.max(0, clock - 90);
    // The rest of the box score (rebounds, assists …) from draws of its own: the tick's own stay as they were.
    const box = rngFor(`sim-box:${String(m.id)}:${period}:${clock}`);
    for (const side of ["home", "away"] as const) {
      const pts = pick(r, [0, 2, 2, 3, 1, 2, 4, 5, 3, 0]);
      side === "home" ? (home += pts) : (away += pts);
      const shooter = starter(r, m, side);
      if (pts >= 3 && chance(r, 0.5)) ev("three_pointer", side, { ...shooter, detail: "3PT jump shot" });
      else if (pts === 2 && chance(r, 0.3)) ev("field_goal", side, { ...shooter, detail: "Driving layup" });
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
      // Per 90 seconds: about a game's 45 rebounds, 20 assists, 7 steals, 5 blocks and 13 turnovers a side.
      for (let n = int(box, 0, 3); n > 0; n--) lines.credit(side, box, { rebounds: 1 });
      if (three + two > 0 && chance(box, 0.8)) lines.credit(side, box, { assists: 1 });
      if (chance(box, 0.22)) lines.credit(side, box, { steals: 1 });
      if (chance(box, 0.15)) lines.credit(side, box, { blocks: 1 });
      if (chance(box, 0.4)) lines.credit(side, box, { turnovers: 1 });
    }
    if (chance(r, 0.1)) ev("timeout", pick(r, ["home", "away"] as const));
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
  // The team statistics: the box score's sums, as they stand after the tick.
  ops.push({
    op: "stats",
    match_id: String(m.id),
    data: basketballTeamStats(String(m.id), lines.all(), gameMinute() / 48),
  });
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

/** `nowTs`: when the match starts; a match started before its scheduled kickoff has its kickoff moved to then. */
function kickoff(m: Row, nowTs: number): Op[] {
  const football = m.sport === "football";
  const ops: Op[] = [];
  const [home, away] = [demoTeamById(String(m.home_team_id)), demoTeamById(String(m.away_team_id))];
  if (!m.has_lineup) {
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
    // Started early to keep matches live, a match says when it really kicked off: it is listed on the day it is
    // played, so `?status=live` and `?date=<today>&status=live` agree.
    ...(Number(m.kickoff_ts) > nowTs ? { kickoff_ts: nowTs } : {}),
  } as Op);
  ops.push({
    op: "events",
    match_id: String(m.id),
    events: [simEvent({ ...m, events: 0 }, 0, "period_start", 0, football ? 12 : 22, null)],
  });
  // Statistics from the kickoff on (nothing counted yet), as a provider's live answer has them.
  const lean = home && away ? possessionLean(home.strength, away.strength) : 0;
  ops.push({
    op: "stats",
    match_id: String(m.id),
    data: football ? footballTeamStats(String(m.id), [], 0, lean) : basketballTeamStats(String(m.id), [], 0),
  });
  return ops;
}

/** The timelines of these live matches, in seq order (who is on the pitch follows from them): one round trip. */
async function timelinesOf(db: Db, ids: string[]): Promise<Map<string, Row[]>> {
  if (ids.length === 0) return new Map();
  const { events } = await loadIngestState(db, { leagues: [], teams: [], matches: ids, events: [], players: [] });
  const bySeq = (a: Row, b: Row) => Number(a.seq) - Number(b.seq);
  return new Map(ids.map((id) => [id, [...(events.get(id)?.values() ?? [])].sort(bySeq)]));
}

/** The demo's source: our ids, invented data (every match marked simulated), the live rank; no configuration. */
export const simulatorFeed: OpFeed = {
  name: "simulator",
  rank: "live",
  sports: ["football", "basketball"],
  config: { vars: ["SIMULATOR_TICK_MS"], secrets: [] },
  async poll(env, leagueIds, now) {
    const db = dbFor(env.DB);
    const live = await liveMatchesOf(db, leagueIds);
    const timelines = await timelinesOf(
      db,
      live.filter((m) => m.sport === "football").map((m) => String(m.id)),
    );
    const ops = live.flatMap((m) =>
      m.sport === "football" ? footballMinute(m, timelines.get(String(m.id)) ?? []) : basketball(m),
    );
    const nowTs = Math.floor(now.getTime() / 1000);
    const startOfDay = Math.floor(nowTs / 86_400) * 86_400;
    for (const sport of ["football", "basketball"] as const) {
      const want = LIVE_TARGET[sport] - live.filter((m) => m.sport === sport).length;
      if (want > 0)
        for (const m of await nextScheduled(db, leagueIds, sport, startOfDay, want)) ops.push(...kickoff(m, nowTs));
    }
    return ops;
  },
};
