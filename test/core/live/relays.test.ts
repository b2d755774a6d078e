// The fan-out tree (src/core/live/relays.ts): one match's sockets spread over MatchRelay objects, while seq, replay, the
// final whistle and entitlements behave as with one holder. vitest.config.ts sets two sockets per relay.
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { relayName } from "../../../src/core/live/relays";
import { admin, createKey } from "../../helpers/admin";
import { connect, ingestOps, type TestSocket } from "../../helpers/live";
import { liveMatchOp, matchOp } from "../../helpers/ops";
import { seed } from "../../helpers/seed";

await seed(["eng1", "euroleague"]);
const matchIds = ["m_rel_spread", "m_rel_replay", "m_rel_race", "m_rel_evict", "m_rel_final", "m_rel_revoke"];
await ingestOps(matchIds.map((id) => liveMatchOp({ id })));
const score = (id: string, home: number) => ingestOps([matchOp({ id, home_score: home, minute: 30 + home })]);

const accountIds: string[] = [];
async function account(email: string) {
  const { id } = (await (await admin("POST", "/accounts", { email, plan: "growth" })).json()) as { id: string };
  await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1", "lg_bb_euroleague"] });
  const key = await createKey(id);
  accountIds.push(id);
  return { id, key: key.key, keyId: key.id };
}
const owner = await account("relays@example.com");

// Closed sockets are released by their relay after the client saw the close: let that finish before teardown.
afterAll(async () => {
  const deadline = Date.now() + 5000;
  for (const id of accountIds) {
    while ((await env.ACCOUNT_GATE.getByName(id).holders()).length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
  }
});

async function open(n: number, path: string, key = owner.key): Promise<TestSocket[]> {
  const out: TestSocket[] = [];
  for (let i = 0; i < n; i++) {
    const res = await connect(path, { "x-api-key": key });
    expect(res.status).toBe(101);
    out.push(res.socket!);
  }
  return out;
}

/** Sockets held by each relay of the match, by relay index (the room's relay count long). */
async function spread(matchId: string): Promise<number[]> {
  const relays = await runInDurableObject(env.MATCH_ROOM.getByName(matchId), (_o, state) =>
    Number(state.storage.kv.get("relays") ?? 0),
  );
  return Promise.all(
    Array.from({ length: relays }, (_, i) =>
      runInDurableObject(env.MATCH_RELAY.getByName(relayName(matchId, i)), (_o, state) => state.getWebSockets().length),
    ),
  );
}

/**
 * `n` sockets on `matchId`'s stream, and more (at most 10) until they sit on at least two relays. A socket's relay is
 * a hash of its random connection id, so six sockets all land on relay 0 about one run in 36; these tests are about
 * several relays, and with ten more (up to eight relays) all sixteen stay on one about once in a billion runs.
 */
async function openOnRelays(matchId: string, n: number, query = "", key = owner.key): Promise<TestSocket[]> {
  const path = `/v1/ws/match/${matchId}${query}`;
  const sockets = await open(n, path, key);
  for (let extra = 0; (await spread(matchId)).filter((held) => held > 0).length < 2; extra++) {
    if (extra === 10) throw new Error(`${sockets.length} sockets of ${matchId} all on one relay`);
    sockets.push(...(await open(1, path, key)));
  }
  return sockets;
}

const closeAll = (sockets: TestSocket[]) => sockets.forEach((s) => s.ws.close(1000));
const seqs = (s: TestSocket) => s.messages.filter((m) => typeof m === "object").map((m) => m.seq);

describe("a match's sockets spread over relays", () => {
  it("the room grows to one relay per two sockets; one publish reaches every socket on every relay", async () => {
    const id = "m_rel_spread";
    const sockets = await open(12, `/v1/ws/match/${id}`);
    const held = await spread(id);
    expect(held).toHaveLength(6);
    expect(held.reduce((a, b) => a + b, 0)).toBe(12);
    // The first two sockets fill relay 0; the ten after them are hashed over 2…6 relays.
    expect(held.filter((n) => n > 0).length).toBeGreaterThan(1);
    await score(id, 1);
    const got = await Promise.all(sockets.map((s) => s.next(1)));
    for (const [m] of got) expect(m).toMatchObject({ match_id: id, seq: 1, data: { home: 1 } });
    closeAll(sockets);
  });
});

describe("?since= across relays", () => {
  it("sockets on different relays replay what they missed from the room's log, then go live", async () => {
    const id = "m_rel_replay";
    for (let i = 1; i <= 5; i++) await score(id, i);
    await evictDurableObject(env.MATCH_ROOM.getByName(id));
    const sockets = await openOnRelays(id, 6, "?since=2");
    for (const s of sockets)
      expect((await s.next(3)).map((m) => [m.seq, m.data.home])).toEqual([
        [3, 3],
        [4, 4],
        [5, 5],
      ]);
    await score(id, 6);
    for (const s of sockets) expect((await s.next(4))[3]).toMatchObject({ seq: 6, data: { home: 6 } });
    expect(sockets.map(seqs)).toEqual(sockets.map(() => [3, 4, 5, 6]));
    closeAll(sockets);
  });

  it("sockets joining with ?since=0 while updates are being published get every seq once, in order", async () => {
    const id = "m_rel_race";
    await score(id, 1);
    let published = 1;
    const publishing = (async () => {
      while (published < 12) await score(id, ++published);
    })();
    const sockets: TestSocket[] = [];
    for (let i = 0; i < 8; i++) sockets.push(...(await open(1, `/v1/ws/match/${id}?since=0`)));
    await publishing;
    for (const s of sockets) await s.next(12);
    const all = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(sockets.map(seqs)).toEqual(sockets.map(() => all));
    closeAll(sockets);
  });

  it("hibernated sockets keep receiving after their relays and the room are evicted", async () => {
    const id = "m_rel_evict";
    const sockets = await open(4, `/v1/ws/match/${id}`);
    await score(id, 1);
    const held = await spread(id);
    for (let i = 0; i < held.length; i++) await evictDurableObject(env.MATCH_RELAY.getByName(relayName(id, i)));
    await evictDurableObject(env.MATCH_ROOM.getByName(id));
    await score(id, 2);
    for (const s of sockets) expect((await s.next(2)).map((m) => m.seq)).toEqual([1, 2]);
    closeAll(sockets);
  });
});

describe("closing across relays", () => {
  it("the final whistle closes every socket on every relay with 1000 after the status_change", async () => {
    const id = "m_rel_final";
    const sockets = await openOnRelays(id, 6);
    await ingestOps([matchOp({ id, status_code: 3 })]);
    const closed = await Promise.all(sockets.map((s) => s.closed));
    expect(closed.map((c) => c.code)).toEqual(sockets.map(() => 1000));
    for (const s of sockets) expect(s.messages.at(-1)).toMatchObject({ type: "status_change", data: { to: 3 } });
  });

  it("revoking a key closes its sockets on every relay with 1008 within 5 s; another key's sockets stay", async () => {
    const id = "m_rel_revoke";
    const other = await account("relays-other@example.com");
    const doomed = await openOnRelays(id, 6, "", other.key);
    const kept = await open(4, `/v1/ws/match/${id}`);
    const t0 = Date.now();
    expect((await admin("DELETE", `/keys/${other.keyId}`)).status).toBe(204);
    const closed = await Promise.all(doomed.map((s) => s.closed));
    expect(closed.map((c) => c.code)).toEqual(doomed.map(() => 1008));
    expect(Date.now() - t0).toBeLessThan(5000);
    await score(id, 1);
    for (const s of kept) expect((await s.next(1))[0]).toMatchObject({ seq: 1, data: { home: 1 } });
    closeAll(kept);
  });

  it("untracking the league closes the account's sockets on every relay with 1008", async () => {
    const id = "m_rel_revoke";
    const acc = await account("relays-untrack@example.com");
    const sockets = await open(5, `/v1/ws/match/${id}`, acc.key);
    await admin("PUT", `/accounts/${acc.id}/tracked-leagues`, { league_ids: ["lg_bb_euroleague"] });
    const closed = await Promise.all(sockets.map((s) => s.closed));
    expect(closed).toEqual(sockets.map(() => ({ code: 1008, reason: "league no longer tracked" })));
  });
});
