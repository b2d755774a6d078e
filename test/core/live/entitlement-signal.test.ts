// Open sockets follow the account's entitlement (docs/security-and-limits.md "Entitlements are live"): a league
// untracked stops reaching /v1/ws/live and closes its match streams with 1008; a lowered plan closes the newest sockets
// over budget.
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { admin, createKey } from "../../helpers/admin";
import { signedUp } from "../../helpers/browser";
import { connect, ingestOps, type TestSocket } from "../../helpers/live";
import { liveMatchOp, matchOp } from "../../helpers/ops";
import { seed } from "../../helpers/seed";

await seed(["eng1", "euroleague"]);
const live = (id: string, sport: "football" | "basketball", league: string) =>
  liveMatchOp({ id, sport, league_id: league, ...(sport === "football" ? { away_team_id: "tm_fb_liverpool" } : {}) });
await ingestOps([live("m_ent_fb", "football", "lg_fb_eng1"), live("m_ent_bb", "basketball", "lg_bb_euroleague")]);

const accountIds: string[] = [];
async function account(email: string, plan: string, leagues: string[]) {
  const { id } = (await (await admin("POST", "/accounts", { email, plan })).json()) as { id: string };
  await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: leagues });
  const key = await createKey(id);
  accountIds.push(id);
  return { id, key: key.key };
}

// Every socket closed here is released by its holder's close handler after the client has seen the close: wait for
// those to finish, so no Durable Object work is still running when the test runtime shuts down.
afterAll(async () => {
  const deadline = Date.now() + 5000;
  for (const id of accountIds) {
    while ((await env.ACCOUNT_GATE.getByName(id).holders()).length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
  }
});
const socket = async (path: string, key: string) => {
  const res = await connect(path, { "x-api-key": key });
  expect(res.status).toBe(101);
  return res.socket!;
};
const score = (id: string, sport: "football" | "basketball", league: string, home: number) =>
  ingestOps([matchOp({ id, sport, league_id: league, home_score: home })]);
/** Resolves with the close if the socket closes within `ms`, else "open". */
const closedWithin = (s: TestSocket, ms: number) =>
  Promise.race([s.closed, new Promise<"open">((r) => setTimeout(() => r("open"), ms))]);
let goals = 0;

describe("tracked leagues change while sockets are open", () => {
  it("/v1/ws/live stops forwarding a league the account no longer tracks; other accounts still get it", async () => {
    const a = await account("ws-untrack@example.com", "growth", ["lg_fb_eng1", "lg_bb_euroleague"]);
    const b = await account("ws-bystander@example.com", "growth", ["lg_fb_eng1"]);
    const hub = await socket("/v1/ws/live", a.key);
    const other = await socket("/v1/ws/live", b.key);
    await score("m_ent_fb", "football", "lg_fb_eng1", ++goals);
    expect((await hub.next(1))[0]).toMatchObject({ match_id: "m_ent_fb" });
    expect(
      await admin("PUT", `/accounts/${a.id}/tracked-leagues`, { league_ids: ["lg_bb_euroleague"] }),
    ).toHaveProperty("status", 200);
    await score("m_ent_fb", "football", "lg_fb_eng1", ++goals);
    await score("m_ent_bb", "basketball", "lg_bb_euroleague", ++goals);
    const got = await hub.next(2);
    expect(got.map((m) => m.match_id)).toEqual(["m_ent_fb", "m_ent_bb"]);
    expect(hub.messages.filter((m) => m.match_id === "m_ent_fb")).toHaveLength(1);
    expect((await other.next(2)).map((m) => m.match_id)).toEqual(["m_ent_fb", "m_ent_fb"]);
    hub.ws.close(1000);
    other.ws.close(1000);
  });

  it("a match stream of a league no longer tracked closes with 1008 right after the change", async () => {
    const a = await account("ws-room-untrack@example.com", "growth", ["lg_fb_eng1", "lg_bb_euroleague"]);
    const room = await socket("/v1/ws/match/m_ent_fb", a.key);
    const kept = await socket("/v1/ws/match/m_ent_bb", a.key);
    await admin("PUT", `/accounts/${a.id}/tracked-leagues`, { league_ids: ["lg_bb_euroleague"] });
    // The admin call returns after every holder was told: no waiting for a poll (the contract allows 5 s).
    expect(await closedWithin(room, 5000)).toEqual({ code: 1008, reason: "league no longer tracked" });
    expect(await closedWithin(kept, 200)).toBe("open");
    await score("m_ent_bb", "basketball", "lg_bb_euroleague", ++goals);
    expect((await kept.next(1))[0]).toMatchObject({ match_id: "m_ent_bb" });
    kept.ws.close(1000);
  });

  it("the dashboard's Leagues page is the same change (one signal for every writer)", async () => {
    const agent = await signedUp("ws-dash@example.com");
    const { id } = (await env.DB.prepare("SELECT id FROM accounts WHERE email = 'ws-dash@example.com'").first<{
      id: string;
    }>())!;
    const created = await createKey(id);
    accountIds.push(id);
    const room = await socket("/v1/ws/match/m_ent_fb", created.key);
    const _csrf = await agent.csrf("/dashboard/leagues");
    expect((await agent.post("/dashboard/leagues", { _csrf, league_ids: "lg_bb_euroleague" })).status).toBe(303);
    expect(await closedWithin(room, 5000)).toEqual({ code: 1008, reason: "league no longer tracked" });
  });

  it("a socket store never holds the league list: 1,000 tracked leagues of 64-character ids connect and stream", async () => {
    const ids = Array.from({ length: 999 }, (_, i) => `lg_fb_${String(i).padStart(58, "x")}`);
    await env.DB.batch(
      ids.map((id) =>
        env.DB.prepare(
          "INSERT OR IGNORE INTO leagues (id, sport, country, name, season, format, updated_at) VALUES (?, 'football', 'X', ?, '2026/27', 'league', '2026-01-01T00:00:00Z')",
        ).bind(id, id),
      ),
    );
    expect(ids[0]).toHaveLength(64);
    const a = await account("ws-many@example.com", "growth", [...ids, "lg_fb_eng1"]);
    const tracked = await env.DB.prepare("SELECT count(*) AS n FROM tracked_leagues WHERE account_id = ?")
      .bind(a.id)
      .first<{ n: number }>();
    expect(tracked!.n).toBe(1000);
    const hub = await socket("/v1/ws/live", a.key);
    await score("m_ent_fb", "football", "lg_fb_eng1", ++goals);
    expect((await hub.next(1))[0]).toMatchObject({ match_id: "m_ent_fb" });
    hub.ws.close(1000);
  });
});

describe("plan changes while sockets are open", () => {
  it("a lower connection budget closes the newest sockets over it with 1008; the oldest stay", async () => {
    const a = await account("ws-downgrade@example.com", "starter", ["lg_fb_eng1"]);
    const sockets: TestSocket[] = [];
    for (let i = 0; i < 4; i++) sockets.push(await socket(i % 2 ? "/v1/ws/live" : "/v1/ws/match/m_ent_fb", a.key));
    await admin("PUT", `/accounts/${a.id}/plan`, { plan: "trial" });
    const outcome = await Promise.all(sockets.map((s) => closedWithin(s, 3000)));
    expect(outcome.slice(0, 2)).toEqual(["open", "open"]);
    for (const o of outcome.slice(2))
      expect(o).toEqual({ code: 1008, reason: "connection budget of the plan lowered" });
    // The freed slots are gone for good: trial allows 2, both held.
    expect((await connect("/v1/ws/live", { "x-api-key": a.key })).status).toBe(429);
    for (const s of sockets.slice(0, 2)) s.ws.close(1000);
  });

  it("an admission that learns the lower plan before the change signal sheds the newest sockets over it at once", async () => {
    const a = await account("ws-downgrade-first@example.com", "starter", ["lg_fb_eng1"]);
    const sockets: TestSocket[] = [];
    for (let i = 0; i < 4; i++) sockets.push(await socket("/v1/ws/match/m_ent_fb", a.key));
    // The plan changes in D1 (its trigger bumps the entitlement version) and no signal is sent: the next upgrade reads
    // the key fresh, carries trial@new to the gate, and is the first to tell it.
    await env.DB.prepare("UPDATE accounts SET plan = 'trial' WHERE id = ?").bind(a.id).run();
    expect((await connect("/v1/ws/live", { "x-api-key": a.key })).status).toBe(429);
    const outcome = await Promise.all(sockets.map((s) => closedWithin(s, 3000)));
    expect(outcome.slice(0, 2)).toEqual(["open", "open"]);
    for (const o of outcome.slice(2))
      expect(o).toEqual({ code: 1008, reason: "connection budget of the plan lowered" });
    expect(await env.ACCOUNT_GATE.getByName(a.id).openStreams()).toMatchObject({ websocket: 2 });
    for (const s of sockets.slice(0, 2)) s.ws.close(1000);
  });
});
