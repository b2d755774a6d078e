// Fault injection against the real Worker, D1 and Durable Objects: a D1 failure in the middle of an ingest batch,
// the same batch ingested twice at once, a MatchRoom evicted between messages, a LiveHub shard evicted and a client
// that reconnects, and clients sending malformed or oversized frames.
import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hubShard, hubShards } from "../../src/core/live/sockets";
import { connect, ingestOps, ingestRaw } from "../helpers/live";
import { goalOp, liveMatchOp, matchOp } from "../helpers/ops";
import { seed } from "../helpers/seed";

const s = await seed(["eng1"]);
const kickoff = Math.floor(Date.now() / 1000) - 3600;
const liveMatch = async (id: string) => {
  await ingestOps([liveMatchOp({ id, kickoff_ts: kickoff, period: 13, minute: 60, home_score: 0, away_score: 0 })]);
  return id;
};
const score = (id: string, home: number, minute = 70) => matchOp({ id, home_score: home, minute });
const goal = goalOp;
const row = (id: string) =>
  env.DB.prepare(
    "SELECT home_score, minute, (SELECT count(*) FROM match_events WHERE match_id = ?1) AS events FROM matches WHERE id = ?1",
  )
    .bind(id)
    .first<{ home_score: number; minute: number; events: number }>();
const version = async () =>
  (await env.DB.prepare("SELECT value FROM meta WHERE key = 'data_version'").first<{ value: string }>())!.value;
const settle = () => new Promise((r) => setTimeout(r, 300));

describe("a D1 failure in the middle of an ingest batch", () => {
  it("writes nothing, publishes nothing, answers 500 with the request id; the next batch applies", async () => {
    const id = await liveMatch("m_fault_d1");
    const sock = (await connect(`/v1/ws/match/${id}`, { "x-api-key": s.key })).socket!;
    // The fault: the batch's event insert (after the match update in the same batch) fails inside D1.
    await env.DB.prepare(
      "CREATE TRIGGER inject_fault BEFORE INSERT ON match_events WHEN NEW.id = 'ev_fault' BEGIN SELECT RAISE(ABORT, 'injected fault'); END",
    ).run();
    const before = { row: await row(id), version: await version() };
    try {
      const res = await ingestRaw({ ops: [score(id, 1), goal(id, "ev_fault", 70)] });
      expect(res.status).toBe(500);
      const body = (await res.json()) as any;
      expect(body).toMatchObject({ status: 500, code: "internal" });
      expect(body.request_id).toBe(res.headers.get("x-request-id"));
      expect(JSON.stringify(body)).not.toContain("injected fault"); // no internals to the client
    } finally {
      await env.DB.prepare("DROP TRIGGER inject_fault").run();
    }
    expect(await row(id)).toEqual(before.row);
    expect(await version()).toBe(before.version);
    await settle();
    expect(sock.messages).toEqual([]);
    await ingestOps([score(id, 1), goal(id, "ev_fault", 70)]);
    expect(await row(id)).toMatchObject({ home_score: 1, events: 1 });
    expect((await sock.next(2)).map((m) => [m.type, m.seq])).toEqual([
      ["score_update", 1],
      ["event_added", 2],
    ]);
  });
});

describe("the same batch ingested twice at once", () => {
  it("stores each event once and publishes each change once, in seq order", async () => {
    const id = await liveMatch("m_fault_twice");
    const sock = (await connect(`/v1/ws/match/${id}`, { "x-api-key": s.key })).socket!;
    const batch = { ops: [score(id, 1, 71), goal(id, "ev_twice", 71)] };
    const [a, b] = await Promise.all([ingestRaw(batch), ingestRaw(batch)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const results = [await a.json(), await b.json()] as { applied: number; unchanged: number }[];
    // One of them applied the batch; the other found nothing left to change.
    expect(results.map((r) => r.applied).sort()).toEqual([0, 2]);
    expect(await row(id)).toMatchObject({ home_score: 1, events: 1 });
    await settle();
    expect(sock.messages.map((m) => [m.type, m.seq])).toEqual([
      ["score_update", 1],
      ["event_added", 2],
    ]);
  });

  it("ten concurrent goals, each sent twice, are ten events with consecutive seq", async () => {
    const id = await liveMatch("m_fault_many");
    const sock = (await connect(`/v1/ws/match/${id}`, { "x-api-key": s.key })).socket!;
    const batches = Array.from({ length: 10 }, (_, i) => ({ ops: [goal(id, `ev_many_${i}`, 61 + i)] }));
    const res = await Promise.all([...batches, ...batches].map((b) => ingestRaw(b)));
    expect(res.map((r) => r.status).every((x) => x === 200)).toBe(true);
    expect((await row(id))!.events).toBe(10);
    const got = await sock.next(10);
    await settle();
    expect(sock.messages.length).toBe(10);
    expect(got.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(got.map((m) => m.data.id)).size).toBe(10);
  });
});

describe("objects restarted between messages", () => {
  it("a MatchRoom evicted between two updates: no seq gap, and ?since= replays across it", async () => {
    const id = await liveMatch("m_fault_evict");
    const sock = (await connect(`/v1/ws/match/${id}`, { "x-api-key": s.key })).socket!;
    await ingestOps([score(id, 1, 61)]);
    await evictDurableObject(env.MATCH_ROOM.getByName(id));
    await ingestOps([score(id, 2, 62)]);
    await evictDurableObject(env.MATCH_ROOM.getByName(id));
    await ingestOps([score(id, 3, 63)]);
    expect((await sock.next(3)).map((m) => m.seq)).toEqual([1, 2, 3]);
    const late = (await connect(`/v1/ws/match/${id}?since=1`, { "x-api-key": s.key })).socket!;
    expect((await late.next(2)).map((m) => [m.seq, m.data.home])).toEqual([
      [2, 2],
      [3, 3],
    ]);
  });

  it("a LiveHub shard evicted: its sockets keep receiving; a client that lost its socket reconnects and fills the gap from the match stream", async () => {
    const id = await liveMatch("m_fault_hub");
    const hub = (await connect("/v1/ws/live", { "x-api-key": s.key })).socket!;
    await ingestOps([score(id, 1, 61)]);
    const [first] = await hub.next(1);
    expect(first).toMatchObject({ match_id: id, seq: 1 });
    await evictDurableObject(env.LIVE_HUB.getByName(`shard-${hubShard(s.keyId, hubShards(env))}`));
    await ingestOps([score(id, 2, 62)]);
    expect((await hub.next(2))[1]).toMatchObject({ match_id: id, seq: 2 });
    // The connection drops; an update goes out while the client is away; it reconnects and resumes.
    hub.ws.close(1001, "network change");
    await hub.closed;
    await ingestOps([score(id, 3, 63)]);
    const back = (await connect("/v1/ws/live", { "x-api-key": s.key })).socket!;
    const missed = (await connect(`/v1/ws/match/${id}?since=2`, { "x-api-key": s.key })).socket!;
    expect((await missed.next(1))[0]).toMatchObject({ seq: 3, data: { home: 3 } });
    await ingestOps([score(id, 4, 64)]);
    expect((await back.next(1))[0]).toMatchObject({ match_id: id, seq: 4 });
  });
});

describe("bad client frames", () => {
  it("an oversized message closes only its sender with 1009; binary and junk frames are ignored; the others keep receiving", async () => {
    const id = await liveMatch("m_fault_frames");
    const big = (await connect(`/v1/ws/match/${id}`, { "x-api-key": s.key })).socket!;
    const junk = (await connect(`/v1/ws/match/${id}`, { "x-api-key": s.key })).socket!;
    const quiet = (await connect(`/v1/ws/match/${id}`, { "x-api-key": s.key })).socket!;
    const hub = (await connect("/v1/ws/live", { "x-api-key": s.key })).socket!;
    big.ws.send("x".repeat(64 * 1024));
    hub.ws.send(new Uint8Array(70_000));
    junk.ws.send(new Uint8Array([0xff, 0x00, 0xfe]));
    junk.ws.send("{not json");
    junk.ws.send("\u0000\uFFFF");
    expect((await big.closed).code).toBe(1009);
    expect((await hub.closed).code).toBe(1009);
    await ingestOps([score(id, 5, 75)]);
    for (const sock of [junk, quiet])
      expect((await sock.next(1))[0]).toMatchObject({ type: "score_update", data: { home: 5 } });
    junk.ws.send("ping");
    expect((await junk.next(2))[1]).toBe("pong");
  });
});
