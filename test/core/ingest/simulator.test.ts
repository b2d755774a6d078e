import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { admin } from "../../helpers/admin";
import { connect } from "../../helpers/live";
import { getJson, seed } from "../../helpers/seed";

const s = await seed(["eng1", "facup", "euroleague"]);
const sim = env.SIMULATOR.getByName("demo");

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
    expect(msgs[0].type).toMatch(/score_update|event_added|status_change/);
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

  it("is started and stopped through the admin API", async () => {
    const on = await admin("PUT", "/simulator", { running: true });
    expect(await on.json()).toMatchObject({ running: true });
    const off = await admin("PUT", "/simulator", { running: false });
    expect(await off.json()).toMatchObject({ running: false });
  });
});
