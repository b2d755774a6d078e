// Server-Sent Events (src/api/sse.ts, served by the relays and hub shards that hold the WebSockets): the same messages
// as the WebSockets with `id:`/`event:`/`data:`, resume by Last-Event-ID, heartbeats, `event: close`, slots.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { relayName } from "../../src/core/live/relays";
import type { StreamHolder } from "../../src/core/live/stream-holder";
import { admin, createKey } from "../helpers/admin";
import { connect, ingestOps } from "../helpers/live";
import { liveMatchOp, matchOp } from "../helpers/ops";
import { getJson, seed } from "../helpers/seed";
import { openSse, type TestStream } from "../helpers/sse";

const s = await seed(["eng1", "euroleague"]);
const ids = ["m_sse_state", "m_sse_resume", "m_sse_final", "m_sse_revoke", "m_sse_beat", "m_sse_spread", "m_sse_mix"];
await ingestOps([...ids.map((id) => liveMatchOp({ id })), liveMatchOp({ id: "m_sse_bb", sport: "basketball" })]);
const score = (id: string, home: number) => ingestOps([matchOp({ id, home_score: home, minute: 30 + home })]);

const accountIds: string[] = [s.accountId];
async function account(email: string, plan = "growth") {
  const { id } = (await (await admin("POST", "/accounts", { email, plan })).json()) as { id: string };
  await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1", "lg_bb_euroleague"] });
  const key = await createKey(id);
  accountIds.push(id);
  return { id, key: key.key, keyId: key.id };
}
const gate = (accountId: string) => env.ACCOUNT_GATE.getByName(accountId);

async function sse(path: string, key = s.key, headers: Record<string, string> = {}): Promise<TestStream> {
  const res = await openSse(path, { "x-api-key": key, ...headers });
  expect(res.status, await (res.stream ? "" : res.text())).toBe(200);
  return res.stream!;
}

// Streams still open at the end of a test are cancelled (the client goes away) so their slots are released.
const open: TestStream[] = [];
afterAll(async () => {
  await Promise.all(open.map((t) => t.cancel()));
  const deadline = Date.now() + 5000;
  for (const id of accountIds)
    while ((await gate(id).holders()).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
});
const kept = (t: TestStream) => (open.push(t), t);

describe("/v1/sse/match/{id}", () => {
  it("answers text/event-stream, opens with the state equal to the REST detail, then frames seq+1…", async () => {
    const id = "m_sse_state";
    await score(id, 1);
    await score(id, 2);
    const res = await openSse(`/v1/sse/match/${id}`, { "x-api-key": s.key });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    expect(res.headers.get("cache-control")).toContain("no-cache");
    expect(res.headers.get("etag")).toBeNull();
    const t = kept(res.stream!);
    const [state] = await t.next(1);
    const detail = (await getJson(`/v1/football/matches/${id}`, s.key)).body;
    expect(state!.event).toBe("state");
    expect(state!.id).toBe("2");
    expect(state!.json).toMatchObject({ type: "state", match_id: id, sport: "football", seq: 2 });
    const item = state!.json.data;
    expect(Object.keys(item).sort()).toEqual(
      Object.keys((await getJson(`/v1/football/matches?league_id=lg_fb_eng1&status=live`, s.key)).body.data[0]).sort(),
    );
    for (const k of Object.keys(item)) expect(item[k], k).toEqual(detail[k]);
    await score(id, 3);
    const [, next] = await t.next(2);
    expect(next).toMatchObject({ id: "3", event: "score_update" });
    expect(next!.json).toMatchObject({ type: "score_update", seq: 3, data: { home: 3 } });
    expect(t.raw).toContain(`id: 3\nevent: score_update\ndata: ${next!.data}\n\n`);
  });
});

describe("resume", () => {
  it("Last-Event-ID replays exactly what was missed, with no state; it wins over ?since=; ?since= alone works too", async () => {
    const id = "m_sse_resume";
    for (let i = 1; i <= 5; i++) await score(id, i);
    const a = kept(await sse(`/v1/sse/match/${id}`, s.key, { "last-event-id": "2" }));
    const b = kept(await sse(`/v1/sse/match/${id}?since=0`, s.key, { "last-event-id": "4" }));
    const c = kept(await sse(`/v1/sse/match/${id}?since=3`));
    // An id kept from /v1/sse/live (`<match_id>:<seq>`) resumes this match too.
    const d = kept(await sse(`/v1/sse/match/${id}`, s.key, { "last-event-id": `${id}:5` }));
    await score(id, 6);
    expect((await a.next(4)).map((e) => [e.id, e.event, e.json.data.home])).toEqual([
      ["3", "score_update", 3],
      ["4", "score_update", 4],
      ["5", "score_update", 5],
      ["6", "score_update", 6],
    ]);
    expect((await b.next(2)).map((e) => e.id)).toEqual(["5", "6"]);
    expect((await c.next(3)).map((e) => e.id)).toEqual(["4", "5", "6"]);
    expect((await d.next(1)).map((e) => e.id)).toEqual(["6"]);
    await new Promise((r) => setTimeout(r, 100));
    expect([a, b, c, d].map((t) => t.events.length)).toEqual([4, 2, 3, 1]);
    expect([a, b, c, d].flatMap((t) => t.events).filter((e) => e.event === "state")).toEqual([]);
  });

  it("a since or Last-Event-ID beyond the match's seq opens with a fresh state at once, not silence", async () => {
    const m = await getJson(`/v1/football/matches/m_sse_resume`, s.key);
    for (const [query, headers] of [
      [`?since=${m.body.seq + 5}`, {}],
      ["", { "last-event-id": String(m.body.seq + 5) }],
    ] as const) {
      const t0 = Date.now();
      const res = await openSse(`/v1/sse/match/m_sse_resume${query}`, { "x-api-key": s.key, ...headers });
      const [first] = await res.stream!.next(1, 1000);
      expect(Date.now() - t0).toBeLessThan(1000);
      expect(first).toMatchObject({ event: "state", id: String(m.body.seq) });
      await res.stream!.cancel();
    }
  });

  it("a malformed Last-Event-ID is a 400 naming it; unknown and untracked matches are 404; no key is 401", async () => {
    for (const bad of ["abc", "-1", "1.5", "m_other:3"]) {
      const res = await openSse(`/v1/sse/match/m_sse_resume`, { "x-api-key": s.key, "last-event-id": bad });
      expect(res.status, bad).toBe(400);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(((await res.json()) as any).detail).toContain("Last-Event-ID");
    }
    // Digits only: nothing a number parser would coerce, and an empty value is not "no since".
    for (const bad of ["-1", "0x1", "1e0", "%201", "0b1", "1.0", "+1", "", "99999999999999999"]) {
      const since = await openSse(`/v1/sse/match/m_sse_resume?since=${bad}`, { "x-api-key": s.key });
      expect(since.status, bad).toBe(400);
      expect(((await since.json()) as any).detail, bad).toContain("since");
    }
    expect((await openSse(`/v1/sse/match/m_nope`, { "x-api-key": s.key })).status).toBe(404);
    const other = await account("sse-bb-only@example.com");
    await admin("PUT", `/accounts/${other.id}/tracked-leagues`, { league_ids: ["lg_bb_euroleague"] });
    expect((await openSse(`/v1/sse/match/m_sse_resume`, { "x-api-key": other.key })).status).toBe(404);
    const none = await openSse(`/v1/sse/match/m_sse_resume`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    const noScope = await createKey(s.accountId, ["read:matches"]);
    expect((await openSse(`/v1/sse/match/m_sse_resume`, { "x-api-key": noScope.key })).status).toBe(401);
    // ?api_key= works, as for browser WebSockets (EventSource cannot set headers either).
    const q = await openSse(`/v1/sse/match/m_sse_resume?api_key=${s.key}`);
    expect(q.status).toBe(200);
    await q.stream!.cancel();
  });
});

describe("server-side ends", () => {
  it("the final whistle: the status_change, then `event: close` {code 1000, reason match finished}, then the end", async () => {
    const id = "m_sse_final";
    const t = await sse(`/v1/sse/match/${id}`);
    await ingestOps([matchOp({ id, status_code: 3 })]);
    await t.ended;
    // The whistle's status_change (a score_update of the clock may come before it), then the close.
    expect(t.events.map((e) => e.event).slice(-2)).toEqual(["status_change", "close"]);
    expect(t.events.at(-2)!.json.data).toEqual({ from: 2, to: 3 });
    expect(t.events.at(-1)!.json).toEqual({ code: 1000, reason: "match finished" });
    expect(t.events.at(-1)!.id).toBeUndefined();
    expect(t.raw.endsWith(`event: close\ndata: {"code":1000,"reason":"match finished"}\n\n`)).toBe(true);
    // A connect to the finished match: its state, then the close.
    const late = await sse(`/v1/sse/match/${id}`);
    await late.ended;
    expect(late.events.map((e) => [e.event, e.json.data?.status_code ?? e.json.code])).toEqual([
      ["state", 3],
      ["close", 1000],
    ]);
  });

  it("revoking the key: `event: close` 1008 within 5 s, the slot is released; another key's stream stays", async () => {
    const id = "m_sse_revoke";
    const acc = await account("sse-revoke@example.com");
    const keep = await createKey(acc.id);
    const doomed = [await sse(`/v1/sse/match/${id}`, acc.key), await sse("/v1/sse/live", acc.key)];
    const ws = (await connect(`/v1/ws/match/${id}`, { "x-api-key": acc.key })).socket!;
    const other = kept(await sse(`/v1/sse/match/${id}`, keep.key));
    expect(await gate(acc.id).openStreams()).toEqual({ websocket: 1, sse: 3, listen: 0 });
    const t0 = Date.now();
    expect((await admin("DELETE", `/keys/${acc.keyId}`)).status).toBe(204);
    await Promise.all(doomed.map((t) => t.ended));
    expect(Date.now() - t0).toBeLessThan(5000);
    for (const t of doomed)
      expect(t.events.at(-1)).toMatchObject({ event: "close", json: { code: 1008, reason: "api key revoked" } });
    expect((await ws.closed).code).toBe(1008);
    expect(await gate(acc.id).openStreams()).toEqual({ websocket: 0, sse: 1, listen: 0 });
    await score(id, 1);
    expect((await other.next(2))[1]).toMatchObject({ event: "score_update", json: { data: { home: 1 } } });
  });

  it("untracking the league closes the match stream with 1008 `league no longer tracked`", async () => {
    const acc = await account("sse-untrack@example.com");
    const t = await sse(`/v1/sse/match/m_sse_revoke`, acc.key);
    await admin("PUT", `/accounts/${acc.id}/tracked-leagues`, { league_ids: ["lg_bb_euroleague"] });
    await t.ended;
    expect(t.events.at(-1)!.json).toEqual({ code: 1008, reason: "league no longer tracked" });
  });

  it("a lowered plan closes the newest streams over it with 1008, SSE like WebSockets", async () => {
    const acc = await account("sse-plan@example.com");
    const oldest = (await connect(`/v1/ws/match/m_sse_revoke`, { "x-api-key": acc.key })).socket!;
    const middle = kept(await sse(`/v1/sse/match/m_sse_revoke`, acc.key));
    const newest = [await sse(`/v1/sse/match/m_sse_revoke`, acc.key), await sse("/v1/sse/live", acc.key)];
    expect((await admin("PUT", `/accounts/${acc.id}/plan`, { plan: "trial" })).status).toBe(200);
    await Promise.all(newest.map((t) => t.ended));
    for (const t of newest)
      expect(t.events.at(-1)!.json).toEqual({ code: 1008, reason: "connection budget of the plan lowered" });
    expect(await gate(acc.id).openStreams()).toEqual({ websocket: 1, sse: 1, listen: 0 });
    await score("m_sse_revoke", 2);
    expect((await middle.next(2))[1]).toMatchObject({ event: "score_update" });
    oldest.ws.close(1000);
  });
});

describe("slots", () => {
  it("SSE and WebSockets share the plan's concurrent streams (429 past it); a stream the client leaves frees its slot", async () => {
    const acc = await account("sse-trial@example.com", "trial");
    const one = await sse(`/v1/sse/match/m_sse_mix`, acc.key);
    const two = (await connect("/v1/ws/live", { "x-api-key": acc.key })).socket!;
    expect(await gate(acc.id).openStreams()).toEqual({ websocket: 1, sse: 1, listen: 0 });
    const refused = await openSse(`/v1/sse/match/m_sse_mix`, { "x-api-key": acc.key });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(((await refused.json()) as any).detail).toContain("trial plan allows 2 concurrent streams");
    expect((await openSse("/v1/sse/live", { "x-api-key": acc.key })).status).toBe(429);
    expect((await connect(`/v1/ws/match/m_sse_mix`, { "x-api-key": acc.key })).status).toBe(429);
    await one.cancel();
    let again = await openSse("/v1/sse/live", { "x-api-key": acc.key });
    for (let i = 0; i < 40 && again.status === 429; i++) {
      await new Promise((r) => setTimeout(r, 50));
      again = await openSse("/v1/sse/live", { "x-api-key": acc.key });
    }
    expect(again.status).toBe(200);
    await again.stream!.cancel();
    two.ws.close(1000);
  });
});

describe("delivery", () => {
  it("a comment line (`: heartbeat`) arrives every SSE_HEARTBEAT_MS", async () => {
    const t = kept(await sse(`/v1/sse/match/m_sse_beat`));
    expect(await t.comment(2000)).toBe("heartbeat");
    expect(await t.comment(2000)).toBe("heartbeat");
    expect(t.raw).toContain("\n\n: heartbeat\n\n");
  });

  it("streams spread over several relays, beside WebSockets, each get every publish once", async () => {
    const id = "m_sse_spread";
    const streams = [];
    for (let i = 0; i < 7; i++) streams.push(kept(await sse(`/v1/sse/match/${id}`)));
    const socket = (await connect(`/v1/ws/match/${id}`, { "x-api-key": s.key })).socket!;
    const relays = await runInDurableObject(env.MATCH_ROOM.getByName(id), (_o, state) =>
      Number(state.storage.kv.get("relays") ?? 0),
    );
    const held = await Promise.all(
      Array.from({ length: relays }, (_, i) =>
        runInDurableObject(
          env.MATCH_RELAY.getByName(relayName(id, i)),
          (o) => (o as unknown as { streams: StreamHolder }).streams.sseCount,
        ),
      ),
    );
    expect(relays).toBe(4);
    expect(held.reduce((a, b) => a + b, 0)).toBe(7);
    expect(held.filter((n) => n > 0).length).toBeGreaterThan(1);
    await score(id, 1);
    await score(id, 2);
    for (const t of streams) {
      const got = await t.next(3);
      expect(got.map((e) => [e.event, e.id])).toEqual([
        ["state", "0"],
        ["score_update", "1"],
        ["score_update", "2"],
      ]);
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(streams.map((t) => t.events.length)).toEqual(streams.map(() => 3));
    expect((await socket.next(2)).map((m) => m.seq)).toEqual([1, 2]);
    socket.ws.close(1000);
  });
});

describe("/v1/sse/live", () => {
  it("opens with a state per live match of the tracked leagues (id <match_id>:<seq>), then frames; untracked filtered", async () => {
    const fbOnly = await account("sse-live-fb@example.com");
    await admin("PUT", `/accounts/${fbOnly.id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
    const t = kept(await sse("/v1/sse/live", fbOnly.key, { "last-event-id": "m_sse_mix:3" }));
    const live = (await getJson(`/v1/football/matches?status=live&limit=200`, s.key)).body.data as any[];
    const states = await t.next(live.length);
    expect(states.map((e) => e.event)).toEqual(live.map(() => "state"));
    expect(states.map((e) => e.id).sort()).toEqual(live.map((m) => `${m.id}:${m.seq}`).sort());
    for (const e of states) expect(e.json.data).toEqual(live.find((m) => m.id === e.json.match_id));
    await ingestOps([matchOp({ id: "m_sse_bb", sport: "basketball", home_score: 1 })]);
    await score("m_sse_mix", 9);
    const [frame] = (await t.next(live.length + 1)).slice(live.length);
    expect(frame).toMatchObject({ event: "score_update", json: { match_id: "m_sse_mix", data: { home: 9 } } });
    expect(frame!.id).toBe(`m_sse_mix:${frame!.json.seq}`);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.events.slice(live.length).map((e) => e.json.match_id)).toEqual(["m_sse_mix"]);
  });

  it("?since= is a 400 (a reconnect gets the states again)", async () => {
    const res = await openSse("/v1/sse/live?since=3", { "x-api-key": s.key });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).detail).toContain("since");
  });
});
