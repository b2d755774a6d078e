import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { admin } from "../helpers/admin";
import { dbFor } from "../../src/core/db/client";
import { liveMatchesOf, nextScheduled } from "../../src/core/db/queries/feeds";
import { disallowedOnReview } from "../../src/demo/sim-var";
import { connect, ingestOps } from "../helpers/live";
import { eventOp, eventsOp, matchOp, newMatchOp, playerLinesOp } from "../helpers/ops";
import { getJson, seed } from "../helpers/seed";
import { waitFor } from "../helpers/webhooks";

const s = await seed(["eng1", "facup", "euroleague"]);
const sim = env.SIMULATOR!.getByName("demo");

async function liveCount(sport: string) {
  return (await getJson(`/v1/${sport}/matches?status=live&limit=200`, s.key)).body.total as number;
}

describe("simulator feed (through the ingest path)", () => {
  it("keeps matches of both sports live and moves them on every tick", async () => {
    await sim.tick();
    expect(await liveCount("football")).toBeGreaterThanOrEqual(6);
    expect(await liveCount("basketball")).toBeGreaterThanOrEqual(4);
    const before = (await getJson("/v1/football/matches?status=live&limit=200", s.key)).body.data;
    const [m] = before;
    const { socket } = await connect(`/v1/ws/match/${m.id}`, { "x-api-key": s.key });
    const hub = (await connect(`/v1/ws/live`, { "x-api-key": s.key })).socket!;
    await sim.tick();
    const msgs = await socket!.next(1);
    // A tick's first message may also be a VAR removal (src/demo/sim-var.ts).
    expect(msgs[0].type).toMatch(/^(score_update|event_added|status_change|event_removed)$/);
    expect((await hub.next(5)).length).toBe(5);
    const after = (await getJson(`/v1/football/matches/${m.id}`, s.key)).body;
    expect(after.updated_at >= m.updated_at).toBe(true);
  });

  it("feeds box scores live: basketball points per side follow the score, football minutes the clock", async () => {
    for (let i = 0; i < 3; i++) await sim.tick();
    const sum = (xs: any[]) => xs.reduce((a, l) => a + l.points, 0);
    for (const m of (await getJson("/v1/basketball/matches?status=live&limit=200", s.key)).body.data) {
      const box = (await getJson(`/v1/basketball/matches/${m.id}/players`, s.key)).body;
      const now = (await getJson(`/v1/basketball/matches/${m.id}`, s.key)).body;
      expect([sum(box.home), sum(box.away)], m.id).toEqual([now.home_score, now.away_score]);
    }
    const [f] = (await getJson("/v1/football/matches?status=live&limit=1", s.key)).body.data;
    const box = (await getJson(`/v1/football/matches/${f.id}/players`, s.key)).body;
    const starter = box.home.find((l: any) => l.started);
    expect(starter.minutes).toBe((await getJson(`/v1/football/matches/${f.id}`, s.key)).body.minute);
  });

  it("plays matches to full time: statuses finish, standings move, sockets close with 1000", async () => {
    const table = async () => (await getJson("/v1/basketball/leagues/lg_bb_euroleague/standings", s.key)).body;
    const playedBefore = (await table()).standings.reduce((n: number, r: any) => n + r.played, 0);
    const [m] = (await getJson("/v1/basketball/matches?status=live&limit=1", s.key)).body.data;
    const { socket } = await connect(`/v1/ws/match/${m.id}`, { "x-api-key": s.key });
    for (let i = 0; i < 60; i++) {
      await sim.tick();
      if ((await getJson(`/v1/basketball/matches/${m.id}`, s.key)).body.status_code !== 2) break;
    }
    const done = (await getJson(`/v1/basketball/matches/${m.id}`, s.key)).body;
    expect([3, 10]).toContain(done.status_code);
    expect(done.home_score).not.toBe(done.away_score);
    expect((await socket!.closed).code).toBe(1000);
    const last = socket!.messages.at(-1);
    expect(last).toMatchObject({ type: "status_change", data: { from: 2, to: done.status_code } });
    const playedAfter = (await table()).standings.reduce((n: number, r: any) => n + r.played, 0);
    expect(playedAfter).toBeGreaterThanOrEqual(playedBefore + 2);
  });

  it("VAR: a goal the review disallows is withdrawn on the next tick; score, timeline and box score agree", async () => {
    await sim.tick();
    const live = (await getJson("/v1/football/matches?status=live&league_id=lg_fb_eng1&limit=200", s.key)).body.data;
    const details = await Promise.all(
      live.map(async (x: any) => (await getJson(`/v1/football/matches/${x.id}`, s.key)).body),
    );
    const m = details.find((d: any) => [12, 13].includes(d.period) && d.minute < 80)!;
    expect(m, "a football match in play").toBeDefined();
    // A goal as the simulator scores one, with an id the review decides against (decisions are seeded by the id).
    const doomed = Array.from({ length: 500 }, (_, i) => `${m.id}_vartest${i}`).find(disallowedOnReview)!;
    const box = (await getJson(`/v1/football/matches/${m.id}/players`, s.key)).body;
    // A starter still on the pitch (a substituted or sent-off one's minutes stopped): VAR reviews only such a goal.
    const scorer = box.home.find(
      (l: any) => l.started && l.position !== "G" && l.minutes === m.minute && l.red_cards === 0,
    );
    const goalsBefore = scorer.goals;
    await ingestOps([
      eventsOp({
        match_id: m.id,
        events: [
          eventOp({ id: doomed, minute: m.minute, period: m.period, player: scorer.name, player_id: scorer.player_id }),
        ],
      }),
      matchOp({ id: m.id, home_score: m.home_score + 1 }),
      playerLinesOp({
        match_id: m.id,
        home: box.home.map((l: any) => (l === scorer ? { ...l, goals: l.goals + 1 } : l)),
        away: box.away,
      }),
    ]);
    const { socket } = await connect(`/v1/ws/match/${m.id}?since=0`, { "x-api-key": s.key });
    await sim.tick();
    // The replay, then the tick: the removal is followed by the var event and the score put back, in one commit.
    const removedAt = (msgs: any[]) => msgs.findIndex((f) => f.type === "event_removed" && f.data.id === doomed);
    const all = await waitFor(
      () => socket!.messages,
      (msgs) => removedAt(msgs) >= 0 && msgs.slice(removedAt(msgs)).some((f) => f.type === "score_update"),
    );
    const frames = all.slice(removedAt(all));
    expect(frames[0]?.type, JSON.stringify(all.map((f) => f.type))).toBe("event_removed");
    const var_ = frames.find((f) => f.type === "event_added" && f.data.type === "var");
    expect(var_.data).toMatchObject({ team: "home", player_id: scorer.player_id, detail: "Goal disallowed – offside" });
    expect(frames.find((f) => f.type === "score_update").seq).toBe(frames.at(-1).seq);

    const after = (await getJson(`/v1/football/matches/${m.id}`, s.key)).body;
    const timeline = (await getJson(`/v1/football/matches/${m.id}/events`, s.key)).body.data;
    expect(timeline.map((e: any) => e.id)).not.toContain(doomed);
    const scored = (side: string) =>
      timeline.filter((e: any) => e.team === side && ["goal", "penalty_goal", "own_goal"].includes(e.type)).length;
    expect([after.home_score, after.away_score]).toEqual([scored("home"), scored("away")]);
    const line = (await getJson(`/v1/football/matches/${m.id}/players`, s.key)).body.home.find(
      (l: any) => l.player_id === scorer.player_id,
    );
    // The scorer's line: the injected goal taken back, any goal the simulator gave him in that tick kept.
    const scoredInTick = frames.filter(
      (f) => f.type === "event_added" && f.data.type === "goal" && f.data.player_id === scorer.player_id,
    );
    expect(line.goals).toBe(goalsBefore + scoredInTick.length);
    socket!.ws.close();
  });

  it("VAR decisions are seeded by the goal's id: the same every time, about one goal in ten disallowed", () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `m_x_sim${i}_abcd1234`);
    const disallowed = ids.filter(disallowedOnReview);
    expect(ids.filter(disallowedOnReview)).toEqual(disallowed);
    expect(disallowed.length).toBeGreaterThan(140);
    expect(disallowed.length).toBeLessThan(260);
  });

  it("plays only its own matches: a provider's live and scheduled matches in a simulated league are never touched", async () => {
    // The docs' recipe (docs/feeds.md "Trying it locally"): a provider mapped onto a league the simulator plays.
    const now = Math.floor(Date.now() / 1000);
    await ingestOps([
      newMatchOp({ id: "m_af_990001", kickoff_ts: now - 600 }),
      matchOp({ id: "m_af_990001", status_code: 2, period: 12, minute: 10 }),
      // Scheduled before any of the simulator's own: it would be the next it kicks off.
      newMatchOp({
        id: "m_af_990002",
        kickoff_ts: now - 60,
        home_team_id: "tm_fb_chelsea",
        away_team_id: "tm_fb_arsenal",
      }),
    ]);
    const before = await Promise.all(
      ["m_af_990001", "m_af_990002"].map(async (id) => (await getJson(`/v1/football/matches/${id}`, s.key)).body),
    );
    // Ten minutes of play: every live match is played on each tick, and one that finishes is replaced by the next
    // scheduled one (the provider's kicks off first by time): neither is the simulator's to touch.
    for (let i = 0; i < 10; i++) await sim.tick();
    for (const b of before) {
      const after = (await getJson(`/v1/football/matches/${b.id}`, s.key)).body;
      expect(after, b.id).toMatchObject({
        status_code: b.status_code,
        home_score: b.home_score,
        away_score: b.away_score,
        minute: b.minute,
        seq: b.seq,
      });
    }
    expect(await liveCount("football")).toBeGreaterThanOrEqual(6 + 1);
    // What the simulator picks from: its live matches and the next it would kick off, whatever the tick needed.
    const db = dbFor(env.DB);
    const leagues = ["lg_fb_eng1", "lg_fb_facup"];
    expect((await liveMatchesOf(db, leagues)).map((m) => m.id)).not.toContain("m_af_990001");
    const next = await nextScheduled(db, leagues, "football", now - 86_400, 500);
    expect(next.length).toBeGreaterThan(0);
    expect(next.map((m) => m.id)).not.toContain("m_af_990002");
  });

  it("is started and stopped through the admin API", async () => {
    const on = await admin("PUT", "/simulator", { running: true });
    expect(await on.json()).toMatchObject({ running: true });
    const off = await admin("PUT", "/simulator", { running: false });
    expect(await off.json()).toMatchObject({ running: false });
  });
});
