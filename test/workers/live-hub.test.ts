import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hubShard, hubShards } from "../../src/core/live/sockets";
import { admin, createKey } from "../helpers/admin";
import { connect, ingestOps } from "../helpers/live";
import { liveMatchOp, matchOp } from "../helpers/ops";
import { seed } from "../helpers/seed";

const s = await seed(["eng1", "euroleague"]);
await ingestOps([
  liveMatchOp({ id: "m_hub_fb", away_team_id: "tm_fb_liverpool" }),
  liveMatchOp({ id: "m_hub_bb", sport: "basketball" }),
]);
const fb = (over: Record<string, unknown>) => matchOp({ id: "m_hub_fb", ...over });
const bb = (over: Record<string, unknown>) => matchOp({ id: "m_hub_bb", sport: "basketball", ...over });

async function accountTracking(email: string, leagues: string[]) {
  const { id } = (await (await admin("POST", "/accounts", { email, plan: "growth" })).json()) as { id: string };
  await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: leagues });
  const key = await createKey(id);
  return { id, key: key.key };
}

describe("/v1/ws/live", () => {
  it("sends every tracked league's updates, both sports, with the same seq as the match stream", async () => {
    const hub = (await connect("/v1/ws/live", { "x-api-key": s.key })).socket!;
    const room = (await connect("/v1/ws/match/m_hub_fb", { "x-api-key": s.key })).socket!;
    await ingestOps([fb({ home_score: 1, minute: 31 })]);
    await ingestOps([bb({ home_score: 2, game_clock_secs: 280 })]);
    const got = await hub.next(2);
    expect(got.map((m) => [m.match_id, m.sport, m.type])).toEqual([
      ["m_hub_fb", "football", "score_update"],
      ["m_hub_bb", "basketball", "score_update"],
    ]);
    expect(got[1].data).toEqual({ home: 2, away: 0, period: 23, game_clock_secs: 280 });
    const [fromRoom] = await room.next(1);
    expect(fromRoom.seq).toBe(got[0].seq);
    expect(fromRoom).toEqual(got[0]);
  });

  it("a socket of an account tracking other leagues gets nothing from these", async () => {
    const other = await accountTracking("bb-only@example.com", ["lg_bb_euroleague"]);
    const sock = (await connect("/v1/ws/live", { "x-api-key": other.key })).socket!;
    await ingestOps([fb({ home_score: 2, minute: 40 })]);
    await ingestOps([bb({ home_score: 4 })]);
    const got = await sock.next(2, 1000);
    expect(got.map((m) => m.match_id)).toEqual(["m_hub_bb"]);
  });

  it("keeps filtering after its shard is evicted (attachments survive hibernation)", async () => {
    const other = await accountTracking("fb-only@example.com", ["lg_fb_eng1"]);
    const sock = (await connect("/v1/ws/live", { "x-api-key": other.key })).socket!;
    await evictDurableObject(env.LIVE_HUB.getByName(`shard-${hubShard(await keyIdOf(other.key), hubShards(env))}`));
    await ingestOps([bb({ home_score: 6 })]);
    await ingestOps([fb({ home_score: 3, minute: 44 })]);
    const got = await sock.next(2, 1000);
    expect(got.map((m) => [m.match_id, m.data.home])).toEqual([["m_hub_fb", 3]]);
  });
});

async function keyIdOf(key: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return (await env.DB.prepare("SELECT id FROM api_keys WHERE key_hash = ?").bind(hash).first<{ id: string }>())!.id;
}

describe("revocation reaches open sockets", () => {
  it("closes the key's match and live sockets with 1008; other keys' sockets stay open", async () => {
    const acc = await accountTracking("revoke@example.com", ["lg_fb_eng1", "lg_bb_euroleague"]);
    const keep = await createKey(acc.id);
    const a = (await connect("/v1/ws/match/m_hub_fb", { "x-api-key": acc.key })).socket!;
    const b = (await connect("/v1/ws/match/m_hub_bb", { "x-api-key": acc.key })).socket!;
    const c = (await connect("/v1/ws/live", { "x-api-key": acc.key })).socket!;
    const other = (await connect("/v1/ws/match/m_hub_fb", { "x-api-key": keep.key })).socket!;
    const t0 = Date.now();
    expect((await admin("DELETE", `/keys/${await keyIdOf(acc.key)}`)).status).toBe(204);
    const codes = await Promise.all([a.closed, b.closed, c.closed]);
    expect(codes.map((x) => x.code)).toEqual([1008, 1008, 1008]);
    expect(Date.now() - t0).toBeLessThan(5000);
    await ingestOps([fb({ home_score: 7, minute: 50 })]);
    expect((await other.next(1))[0]).toMatchObject({ data: { home: 7 } });
    expect((await connect("/v1/ws/live", { "x-api-key": acc.key })).status).toBe(401);
  });
});
