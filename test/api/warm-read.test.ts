// The warm read (src/api/warm-read.ts): a cached GET answered without the Hono app must be the answer the app gives,
// byte for byte and header for header, and must refuse to answer whatever the app would check differently.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { warmRead } from "../../src/api/warm-read";
import worker from "../../workers/api";
import { admin, createKey } from "../helpers/admin";
import { get, seed, today } from "../helpers/seed";

const s = await seed(["eng1", "acb"]);
const BASE = "http://127.0.0.1:8787";
const anyMatch = async () =>
  (await env.DB.prepare("SELECT id FROM matches WHERE league_id = 'lg_fb_eng1' LIMIT 1").first<{ id: string }>())!.id;

/** Its answer, or undefined where it leaves the request to the app (with what it learned, or nothing). */
const answerOf = (r: Awaited<ReturnType<typeof warmRead>>) => (r instanceof Response ? r : undefined);

/** Calls the warm read directly: its answer, or undefined where it leaves the request to the app. */
const warm = async (path: string, key: string, headers: Record<string, string> = {}) =>
  answerOf(
    await warmRead(
      new Request(`${BASE}${path}`, { headers: { "x-api-key": key, ...headers } }),
      env,
      new URL(BASE + path).pathname,
    ),
  );

/** Every header but the per-request ones (request id; the budget's remaining count and reset move per request). */
const stable = (h: Headers) =>
  [...h.entries()].filter(([k]) => k !== "x-request-id" && !/ratelimit/.test(k)).sort(([a], [b]) => a.localeCompare(b));
const names = (h: Headers) => [...h.keys()].sort();

/** A new account tracking `leagues`, and its id. */
async function account(email: string, plan: string, leagues: string[]): Promise<string> {
  const { id } = (await (await admin("POST", "/accounts", { email, plan })).json()) as { id: string };
  await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: leagues });
  return id;
}

afterEach(() => vi.restoreAllMocks());

describe("warm read", () => {
  it("answers a cached read exactly as the app answered it: status, body, every header", async () => {
    const id = await anyMatch();
    for (const path of [
      `/v1/football/matches?date=${today()}&limit=50`,
      `/v1/football/matches/${id}`,
      "/v1/football/leagues",
      "/v1/basketball/leagues",
    ]) {
      expect(await warm(path, s.key), path).toBeUndefined(); // not cached yet: the app answers
      const app = await get(path, s.key);
      const appBody = await app.text();
      const direct = await warm(path, s.key);
      expect(direct, path).toBeDefined();
      const viaWorker = await get(path, s.key);
      for (const res of [direct!, viaWorker]) {
        expect(res.status, path).toBe(app.status);
        expect(await res.text(), path).toBe(appBody);
        expect(stable(res.headers), path).toEqual(stable(app.headers));
        expect(names(res.headers), path).toEqual(names(app.headers));
      }
    }
  });

  it("a conditional GET gets the app's 304 with the same headers", async () => {
    const path = `/v1/football/matches?date=${today()}&limit=20`;
    const first = await get(path, s.key);
    const etag = first.headers.get("etag")!;
    // The app's own 304: a second account with the same leagues has the same body and ETag but no cached answer yet.
    const id = await account("warm-304@example.com", "growth", ["lg_fb_eng1", "lg_bb_acb"]);
    const other = await createKey(id);
    const app304 = await get(path, other.key, { "if-none-match": etag });
    expect(app304.status).toBe(304);
    const warm304 = await warm(path, s.key, { "if-none-match": `W/"x", ${etag}` });
    expect(warm304?.status).toBe(304);
    expect(await warm304!.text()).toBe("");
    expect(stable(warm304!.headers)).toEqual(stable(app304.headers));
    expect(names(warm304!.headers)).toEqual(names(app304.headers));
    // Another ETag is a 200 with the body.
    expect((await warm(path, s.key, { "if-none-match": '"other"' }))?.status).toBe(200);
  });

  it("leaves to the app what the app checks differently: a missing scope, a restricted token, a bad key", async () => {
    const path = "/v1/football/leagues";
    await get(path, s.key);
    expect(await warm(path, s.key)).toBeDefined();
    // Same account, same cached answer, but a key without read:leagues: the app's 401 insufficient_scope.
    const narrow = await createKey(s.accountId, ["read:matches"]);
    expect(await warm(path, narrow.key)).toBeUndefined();
    const refused = await get(path, narrow.key);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as any).code).toBe("insufficient_scope");
    // A token restricted to one match: the app checks what it may name.
    const minted = await exports.default.fetch(`${BASE}/v1/tokens`, {
      method: "POST",
      headers: { "x-api-key": s.key, "content-type": "application/json" },
      body: JSON.stringify({ match_ids: [await anyMatch()] }),
    });
    expect(minted.status).toBe(201);
    const { token } = (await minted.json()) as { token: string };
    expect(await warm(path, token)).toBeUndefined();
    // Unknown key: the app words the 401.
    expect(await warm(path, "sk_test_" + "0".repeat(32))).toBeUndefined();
    // Not a read path, not a GET.
    expect(await warm("/v1/tokens", s.key)).toBeUndefined();
    const head = await warmRead(
      new Request(`${BASE}${path}`, { method: "HEAD", headers: { "x-api-key": s.key } }),
      env,
      path,
    );
    expect(head).toBeUndefined();
  });

  it("writes the app's log line: request id, route pattern, status, key id", async () => {
    const id = await anyMatch();
    const path = `/v1/football/matches/${id}`;
    await get(path, s.key);
    const lines: any[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(JSON.parse(line)));
    const res = await warm(path, s.key);
    const requests = lines.filter((l) => l.msg === "request");
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      request_id: res!.headers.get("x-request-id"),
      method: "GET",
      route: "/v1/football/matches/:id",
      status: 200,
      key_id: s.keyId,
    });
    expect(JSON.stringify(lines)).not.toContain(s.key);
  });

  it("spends the budget like the app: each warm answer counts, and past the limit it is the app's 429", async () => {
    const id = await account("warm-429@example.com", "trial", ["lg_fb_eng1"]);
    const k = await createKey(id);
    const path = "/v1/football/leagues";
    const first = await get(path, k.key);
    const limit = Number(first.headers.get("x-ratelimit-limit"));
    // Within one window, the limit-th request after the first is refused; a window that ends mid-loop only resets
    // the count once, so two limits of requests always reach it, whatever the clock.
    let last = first;
    let served = 1;
    while (last.status === 200 && served < 2 * limit + 1) {
      last = (await warm(path, k.key))!;
      served++;
    }
    expect(last.status).toBe(429);
    expect(last.headers.get("x-ratelimit-remaining")).toBe("0");
    const body = (await last.json()) as any;
    expect(body).toMatchObject({ status: 429, code: "rate_limited", request_id: last.headers.get("x-request-id") });
    expect(last.headers.get("retry-after")).toMatch(/^\d+$/);
    const app429 = await get("/v1/football/leagues?x=1", k.key); // not cached: the app's own 429
    expect(app429.status).toBe(429);
    expect(names(last.headers)).toEqual(names(app429.headers));
  });

  it("leaves a failure in the key or budget step to the app, which answers a 500 problem, not a thrown Worker", async () => {
    const id = await account("warm-down@example.com", "trial", ["lg_fb_eng1"]);
    const k = await createKey(id);
    const path = "/v1/football/leagues";
    expect((await get(path, k.key)).status).toBe(200); // cached for the account; its first lease (1 request) spent
    expect((await warm(path, k.key))?.status).toBe(200); // a second lease from the gate
    const through = async (broken: Env, key: string) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`${BASE}${path}`, { headers: { "x-api-key": key } }), broken, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };
    const down = () => {
      throw new Error("down");
    };
    // The gate cannot be reached: once the isolate's lease is used up, the budget step asks it and fails.
    const noGate = { ...env, ACCOUNT_GATE: { getByName: down, get: down, idFromName: down } } as unknown as Env;
    // D1 cannot be reached: a key this isolate has not read yet needs its record.
    const noDb = { ...env, DB: { withSession: down, prepare: down, batch: down } } as unknown as Env;
    const fresh = await createKey(id);
    const warmWith = async (broken: Env, key: string) =>
      answerOf(await warmRead(new Request(`${BASE}${path}`, { headers: { "x-api-key": key } }), broken, path));
    // Tokens this isolate still holds from its lease are spent first (at most a lease, 64): then it must ask.
    let answered = 0;
    while ((await warmWith(noGate, k.key))?.status === 200 && answered < 64) answered++;
    expect(answered).toBeLessThan(64);
    for (const [broken, key, what] of [
      [noGate, k.key, "gate"],
      [noDb, fresh.key, "D1"],
    ] as const) {
      await expect(warmWith(broken, key), what).resolves.toBeUndefined();
      const res = await through(broken, key);
      expect(res.status, what).toBe(500);
      expect(res.headers.get("content-type"), what).toMatch(/^application\/problem\+json/);
      const body = (await res.json()) as any;
      expect(body.request_id, what).toBe(res.headers.get("x-request-id"));
    }
    // Reachable again: the warm read answers.
    expect((await warm(path, k.key))?.status).toBe(200);
  });
});
