import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { admin, createKey } from "../helpers/admin";
import { connect, ingestOps } from "../helpers/live";
import { goalOp, liveMatchOp, matchOp } from "../helpers/ops";
import { seed } from "../helpers/seed";

const s = await seed(["eng1", "euroleague"]);
// Live matches of our own, so every test has a fresh room whose seq starts at 1.
const liveMatches = Array.from({ length: 6 }, (_, i) => ({
  id: `m_ws_${i}`,
  league_id: "lg_fb_eng1",
  home_score: 0,
  away_score: 0,
  home_team_id: "tm_fb_arsenal",
  away_team_id: "tm_fb_chelsea",
}));
await ingestOps(
  liveMatches.map((m) =>
    liveMatchOp({ ...m, kickoff_ts: Math.floor(Date.now() / 1000) - 3600, period: 13, minute: 60 }),
  ),
);
const at = (i: number) => liveMatches[i]!;
const score = (m: any, home: number, away: number, minute = 80) =>
  matchOp({ id: m.id, league_id: m.league_id, home_score: home, away_score: away, minute });
const goal = (m: any, id: string, minute: number) => goalOp(m.id, id, minute);

describe("/v1/ws/match/{id}", () => {
  it("delivers event_added, score_update and status_change in order with consecutive seq, then closes with 1000", async () => {
    const m = at(0);
    const { socket } = await connect(`/v1/ws/match/${m.id}?api_key=${s.key}`);
    await ingestOps([goal(m, `${m.id}_g1`, 77), score(m, m.home_score + 1, m.away_score, 77)]);
    await ingestOps([matchOp({ id: m.id, league_id: m.league_id, status_code: 3 })]);
    const msgs = await socket!.next(4);
    expect(msgs.map((x) => x.type)).toEqual(["event_added", "score_update", "score_update", "status_change"]);
    expect(msgs.map((x) => x.seq)).toEqual([1, 2, 3, 4]);
    for (const x of msgs) {
      expect(Object.keys(x).sort()).toEqual(["data", "match_id", "seq", "sport", "ts", "type"]);
      expect(x).toMatchObject({ match_id: m.id, sport: "football" });
      expect(x.ts).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(msgs[0].data).toMatchObject({ id: `${m.id}_g1`, type: "goal", minute: 77, team: "home" });
    expect(msgs[1].data).toMatchObject({ home: m.home_score + 1, away: m.away_score, minute: 77, period: 13 });
    expect(msgs[3].data).toEqual({ from: 2, to: 3 });
    expect((await socket!.closed).code).toBe(1000);
  });

  it("replays what was missed with ?since=, then goes live", async () => {
    const m = at(1);
    for (let i = 1; i <= 5; i++) await ingestOps([score(m, i, 0, 60 + i)]);
    const { socket } = await connect(`/v1/ws/match/${m.id}?since=2`, { "x-api-key": s.key });
    const replay = await socket!.next(3);
    expect(replay.map((x) => x.seq)).toEqual([3, 4, 5]);
    expect(replay.map((x) => x.data.home)).toEqual([3, 4, 5]);
    await ingestOps([score(m, 6, 0, 70)]);
    expect((await socket!.next(4))[3]).toMatchObject({ seq: 6, data: { home: 6 } });
  });

  it("keeps seq and the replay log across an eviction of the room", async () => {
    const m = at(2);
    await ingestOps([score(m, 1, 1, 50)]);
    await ingestOps([score(m, 2, 1, 51)]);
    await evictDurableObject(env.MATCH_ROOM.getByName(m.id));
    await ingestOps([score(m, 3, 1, 52)]);
    const { socket } = await connect(`/v1/ws/match/${m.id}?since=0`, { "x-api-key": s.key });
    expect((await socket!.next(3)).map((x) => [x.seq, x.data.home])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });

  it("a hibernated socket still receives updates after the room is evicted", async () => {
    const m = at(3);
    const { socket } = await connect(`/v1/ws/match/${m.id}`, { "x-api-key": s.key });
    await ingestOps([score(m, 4, 0, 55)]);
    await evictDurableObject(env.MATCH_ROOM.getByName(m.id));
    await ingestOps([score(m, 5, 0, 56)]);
    expect((await socket!.next(2)).map((x) => x.seq)).toEqual([1, 2]);
  });

  it("answers ping with pong and closes a client that sends an oversized message with 1009", async () => {
    const m = at(4);
    const a = (await connect(`/v1/ws/match/${m.id}`, { "x-api-key": s.key })).socket!;
    const b = (await connect(`/v1/ws/match/${m.id}`, { "x-api-key": s.key })).socket!;
    a.ws.send("ping");
    expect(await a.next(1)).toEqual(["pong"]);
    b.ws.send("x".repeat(5000));
    expect((await b.closed).code).toBe(1009);
    await ingestOps([score(m, 9, 9, 80)]);
    expect((await a.next(2))[1]).toMatchObject({ type: "score_update", data: { home: 9 } });
  });

  it("connecting to a finished match replays and closes with 1000", async () => {
    const m = at(0); // finished by the first test
    const { socket } = await connect(`/v1/ws/match/${m.id}?since=0`, { "x-api-key": s.key });
    expect((await socket!.closed).code).toBe(1000);
    expect(socket!.messages.length).toBe(4);
  });
});

describe("checks before the upgrade", () => {
  it("401 without a key or without stream:websocket, 404 for unknown/untracked matches, 426 without Upgrade", async () => {
    const m = at(5);
    expect((await connect(`/v1/ws/match/${m.id}`)).status).toBe(401);
    const noStream = await createKey(s.accountId, ["read:matches"]);
    const res = await connect(`/v1/ws/match/${m.id}`, { "x-api-key": noStream.key });
    expect(res.status).toBe(401);
    expect(((await res.json()) as any).code).toBe("insufficient_scope");
    expect((await connect(`/v1/ws/match/m_nope`, { "x-api-key": s.key })).status).toBe(404);
    const other = (await (await admin("POST", "/accounts", { email: "other@example.com" })).json()) as { id: string };
    await admin("PUT", `/accounts/${other.id}/tracked-leagues`, { league_ids: ["lg_bb_euroleague"] });
    const otherKey = await createKey(other.id);
    expect((await connect(`/v1/ws/match/${m.id}`, { "x-api-key": otherKey.key })).status).toBe(404);
    const { exports } = await import("cloudflare:workers");
    const plain = await exports.default.fetch(`http://127.0.0.1:8787/v1/ws/match/${m.id}`, {
      headers: { "x-api-key": s.key },
    });
    expect(plain.status).toBe(426);
    expect(plain.headers.get("upgrade")).toBe("websocket");
    for (const bad of ["-1", "0x1", "1e0", "%201", "0b1", ""])
      expect((await connect(`/v1/ws/match/${m.id}?since=${bad}`, { "x-api-key": s.key })).status, bad).toBe(400);
  });

  it("429 when the plan's concurrent connections are used up; a closed socket frees its slot", async () => {
    const acc = (await (await admin("POST", "/accounts", { email: "trial@example.com", plan: "trial" })).json()) as {
      id: string;
    };
    await admin("PUT", `/accounts/${acc.id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
    const k = await createKey(acc.id);
    const m = at(5);
    const one = await connect(`/v1/ws/match/${m.id}`, { "x-api-key": k.key });
    const two = await connect(`/v1/ws/live`, { "x-api-key": k.key });
    expect([one.status, two.status]).toEqual([101, 101]);
    const three = await connect(`/v1/ws/match/${m.id}`, { "x-api-key": k.key });
    expect(three.status).toBe(429);
    expect(three.headers.get("retry-after")).toBeTruthy();
    expect(((await three.json()) as any).code).toBe("rate_limited");
    one.socket!.ws.close(1000, "bye");
    let again = three;
    for (let i = 0; i < 20 && again.status !== 101; i++) {
      await new Promise((r) => setTimeout(r, 50));
      again = await connect(`/v1/ws/match/${m.id}`, { "x-api-key": k.key });
    }
    expect(again.status).toBe(101);
  });
});
