// Key records and the data version kept per isolate (docs/architecture.md "Edge read path"), on a clock the tests move
// by hand: a warm isolate answers without D1; a change made elsewhere (a raw D1 write: no isolate here was told) holds
// within 2 s for keys and 1 s for data, also for a key that was idle; the isolate that makes a change sees it at once.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { KEY_MAX_AGE_MS, keyReadsSettled } from "../../../src/core/auth/key-records";
import { DATA_MAX_AGE_MS } from "../../../src/core/db/data-view";
import worker from "../../../workers/api";
import { admin, createKey } from "../../helpers/admin";
import { mcpPost } from "../../helpers/mcp";
import { recordingD1 } from "../../helpers/recording-d1";
import { seed } from "../../helpers/seed";

const s = await seed(["eng1", "acb"]);

// The clock stands still unless a test moves it (setup.ts lets it run at real speed).
let now = Date.now();
beforeEach(() => {
  vi.useFakeTimers({ now, toFake: ["Date"], shouldAdvanceTime: false });
});
const advance = (ms: number) => vi.setSystemTime((now += ms));

/** Requests sent at once through the Worker with a D1 handle that records every statement (background work included). */
async function recorded(paths: string[], key: string, headers: Record<string, string> = {}) {
  const { db, log } = recordingD1(env.DB);
  const ctx = createExecutionContext();
  const res = await Promise.all(
    paths.map((p) =>
      worker.fetch(
        new Request(`http://127.0.0.1:8787${p}`, { headers: { "x-api-key": key, ...headers } }),
        { ...env, DB: db },
        ctx,
      ),
    ),
  );
  await waitOnExecutionContext(ctx);
  return { res, statements: log.map((l) => l.sql) };
}
const one = async (path: string, key: string) => {
  const { res, statements } = await recorded([path], key);
  return { status: res[0]!.status, body: res[0]!.status === 200 ? ((await res[0]!.json()) as any) : null, statements };
};
const keyReads = (statements: string[]) => statements.filter((q) => /from "?api_keys"?/i.test(q)).length;

const revokeElsewhere = (keyId: string) =>
  env.DB.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ?").bind(new Date(now).toISOString(), keyId).run();

const LEAGUES = "/v1/football/leagues";

describe("key records per isolate", () => {
  it("a warm isolate answers a repeated read without a D1 call", async () => {
    const k = await createKey(s.accountId);
    expect((await one(LEAGUES, k.key)).status).toBe(200);
    const warm = await one(LEAGUES, k.key);
    expect(warm.status).toBe(200);
    expect(warm.statements).toEqual([]);
  });

  it("a key revoked elsewhere fails within 2 s: served for 1 s, revalidated in the background after", async () => {
    const k = await createKey(s.accountId);
    expect((await one(LEAGUES, k.key)).status).toBe(200);
    await revokeElsewhere(k.id);
    advance(1000);
    const fresh = await one(LEAGUES, k.key);
    expect(fresh.status).toBe(200);
    expect(keyReads(fresh.statements)).toBe(0);
    advance(500);
    // Between 1 and 2 s: still served, while one read refreshes the record after the response.
    const stale = await one(LEAGUES, k.key);
    expect(stale.status).toBe(200);
    expect(keyReads(stale.statements)).toBe(1);
    // The refresh runs after the response (waitUntil): once it has landed, the key is refused, the clock still at 1.5 s.
    // (A warm read answers before the read's result is back, so the test waits for it rather than for a slow response.)
    await keyReadsSettled();
    expect((await one(LEAGUES, k.key)).status).toBe(401);
  });

  it("an idle key revoked elsewhere fails on its first request after 2 s (the request waits for the read)", async () => {
    const k = await createKey(s.accountId);
    expect((await one(LEAGUES, k.key)).status).toBe(200);
    await revokeElsewhere(k.id);
    advance(KEY_MAX_AGE_MS + 1);
    const late = await one(LEAGUES, k.key);
    expect(late.status).toBe(401);
    expect(keyReads(late.statements)).toBe(1);
  });

  it("the isolate that revokes refuses the key on the very next request, the clock standing still", async () => {
    const k = await createKey(s.accountId);
    expect((await one(LEAGUES, k.key)).status).toBe(200);
    expect((await admin("DELETE", `/keys/${k.id}`)).status).toBe(204);
    expect((await one(LEAGUES, k.key)).status).toBe(401);
  });

  it("plan and tracked-league changes made elsewhere apply within 2 s", async () => {
    const { id } = (await (
      await admin("POST", "/accounts", { email: "records-elsewhere@example.com", plan: "growth" })
    ).json()) as any;
    await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
    const k = await createKey(id);
    const before = await recorded([LEAGUES], k.key);
    expect(before.res[0]!.headers.get("x-ratelimit-limit")).toBe("1200");
    expect(((await before.res[0]!.json()) as any).data.map((l: any) => l.id)).toEqual(["lg_fb_eng1"]);
    await env.DB.batch([
      env.DB.prepare("UPDATE accounts SET plan = 'trial' WHERE id = ?").bind(id),
      env.DB.prepare("DELETE FROM tracked_leagues WHERE account_id = ?").bind(id),
    ]);
    advance(KEY_MAX_AGE_MS + 1);
    const after = await recorded([LEAGUES], k.key);
    expect(after.res[0]!.headers.get("x-ratelimit-limit")).toBe("60");
    expect(((await after.res[0]!.json()) as any).data).toEqual([]);
  });

  it("concurrent requests on an expired record share one read (single flight)", async () => {
    const k = await createKey(s.accountId);
    expect((await one(LEAGUES, k.key)).status).toBe(200);
    advance(KEY_MAX_AGE_MS + 1);
    const { res, statements } = await recorded(Array(8).fill(LEAGUES), k.key);
    expect(res.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(keyReads(statements)).toBe(1);
  });

  it("one read revalidates every record of the isolate that is due soon (one statement, not one per key)", async () => {
    const keys = await Promise.all([1, 2, 3, 4].map(() => createKey(s.accountId)));
    for (const k of keys) expect((await one(LEAGUES, k.key)).status).toBe(200);
    advance(1001);
    const first = await one(LEAGUES, keys[0]!.key);
    expect(keyReads(first.statements)).toBe(1);
    advance(500);
    for (const k of keys.slice(1)) expect(keyReads((await one(LEAGUES, k.key)).statements)).toBe(0);
  });

  it("a WebSocket upgrade reads the key now: a socket is never admitted on a record older than a revocation", async () => {
    const k = await createKey(s.accountId);
    expect((await one(LEAGUES, k.key)).status).toBe(200);
    await revokeElsewhere(k.id);
    const { res } = await recorded(["/v1/ws/live"], k.key, { upgrade: "websocket" });
    expect(res[0]!.status).toBe(401);
  });

  it("MCP calls follow the same bound", async () => {
    const k = await createKey(s.accountId);
    const ping = () => mcpPost({ jsonrpc: "2.0", id: 1, method: "ping" }, { "x-api-key": k.key });
    expect((await ping()).status).toBe(200);
    await revokeElsewhere(k.id);
    expect((await ping()).status).toBe(200);
    advance(KEY_MAX_AGE_MS + 1);
    expect((await ping()).status).toBe(401);
  });
});

describe("the data version per isolate", () => {
  it("REST shows a write made elsewhere within 1 s, and reads nothing before", async () => {
    const m = (await env.DB.prepare("SELECT id FROM matches WHERE league_id = 'lg_fb_eng1' LIMIT 1").first<{
      id: string;
    }>())!;
    const path = `/v1/football/matches/${m.id}`;
    const k = await createKey(s.accountId);
    await one(path, k.key);
    await env.DB.prepare("UPDATE matches SET attendance = 4321 WHERE id = ?").bind(m.id).run();
    advance(DATA_MAX_AGE_MS / 2);
    const cached = await one(path, k.key);
    expect(cached.body.attendance).not.toBe(4321);
    expect(cached.statements).toEqual([]);
    advance(DATA_MAX_AGE_MS / 2 + 1);
    expect((await one(path, k.key)).body.attendance).toBe(4321);
  });
});
