// Browser tokens (docs/security-and-limits.md "Browser tokens"): minted by a key, a subset of its scopes, restricted
// to matches or leagues, 60–900 s, dead with their key; accepted on REST reads, WebSockets and SSE, never on /v1/mcp
// or /v1/tokens; and CORS for pages on other origins.
import { env, exports } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import {
  OPENED_MAX_BYTES,
  openedTokenCache,
  openToken,
  sealToken,
  type TokenClaims,
} from "../../src/core/auth/token-format";
import { leagueOp } from "../helpers/ops";
import { admin, createKey } from "../helpers/admin";
import { connect, ingestOps } from "../helpers/live";
import { liveMatchOp, matchOp } from "../helpers/ops";
import { get, getJson, seed } from "../helpers/seed";
import { openSse, type TestStream } from "../helpers/sse";

const s = await seed(["eng1", "ucl", "euroleague"]);
const A = "m_tok_a";
const B = "m_tok_b";
const UCL = "m_tok_ucl";
await ingestOps([
  liveMatchOp({ id: A }),
  liveMatchOp({ id: B }),
  liveMatchOp({ id: UCL, league_id: "lg_fb_ucl", home_team_id: "tm_fb_arsenal", away_team_id: "tm_fb_fulham" }),
]);

const BASE = "http://127.0.0.1:8787";
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  exports.default.fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
async function mint(body: unknown = {}, key = s.key) {
  const res = await post("/v1/tokens", body, { "x-api-key": key });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}
const token = async (body: unknown = {}, key = s.key) => {
  const r = await mint(body, key);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.token as string;
};

/** Claims as a mint of the demo key would seal them (for tokens this test makes itself: expired, forged). */
const claims = (over: Partial<TokenClaims> = {}): TokenClaims => ({
  i: "tok_test",
  a: s.accountId,
  k: s.keyId,
  g: null,
  s: "read:matches",
  m: null,
  l: null,
  e: Date.now() + 600_000,
  ...over,
});

const open: TestStream[] = [];
afterAll(async () => {
  await Promise.all(open.map((t) => t.cancel()));
});

describe("POST /v1/tokens", () => {
  it("mints a tk_test_ token of the key's scopes but mcp:invoke, 600 s by default, never cached", async () => {
    const before = Date.now();
    const r = await mint();
    const after = Date.now();
    expect(r.status).toBe(201);
    expect(r.body.token).toMatch(/^tk_test_[0-9A-Za-z_-]+$/);
    expect(r.body.scopes.sort()).toEqual(["read:leagues", "read:matches", "stream:websocket"]);
    expect(r.body).toMatchObject({ match_ids: null, league_ids: null });
    // 600 s from when the server minted it (between before and after), shown in whole seconds.
    const expires = Date.parse(r.body.expires_at);
    expect(expires).toBeGreaterThan(before + 600_000 - 1000);
    expect(expires).toBeLessThanOrEqual(after + 600_000);
    expect(r.headers.get("cache-control")).toBe("no-store");
    // Opaque: the page holding it cannot read whose it is (the claims are sealed, not just signed).
    const decoded = atob(r.body.token.slice(8).replace(/-/g, "+").replace(/_/g, "/"));
    for (const id of [s.accountId, s.keyId]) expect(decoded).not.toContain(id);
  });

  it("a token changed by one character, or sealed by another deployment, is refused like an unknown key", async () => {
    const t = await token();
    expect((await get(`/v1/football/matches/${A}`, t)).status).toBe(200);
    const at = 8 + Math.floor((t.length - 8) / 2);
    const changed = t.slice(0, at) + (t[at] === "A" ? "B" : "A") + t.slice(at + 1);
    const other = await sealToken({ TOKEN_SEALING_KEY: "another-deployment-key" }, "tk_test_", claims());
    for (const bad of [changed, other, t.slice(0, -4), `tk_test_${"A".repeat(60)}`]) {
      const r = await getJson(`/v1/football/matches/${A}`, bad);
      expect(r.status, bad).toBe(401);
      expect(r.body.code).toBe("invalid_api_key");
    }
    // Relabelled for production it would not open there: the prefix is sealed with the claims.
    expect(await openToken(env, t)).not.toBeNull();
    expect(await openToken(env, `tk_live_${t.slice(8)}`)).toBeNull();
  });

  it("refuses scopes beyond the key's, mcp:invoke, a bad ttl and unknown fields with a 400 naming them", async () => {
    const narrow = await createKey(s.accountId, ["read:matches"], "narrow");
    const cases: [unknown, string, string?][] = [
      [{ scopes: ["stream:websocket"] }, "scopes", narrow.key],
      [{ scopes: ["mcp:invoke"] }, "scopes.0"],
      [{ ttl_seconds: 59 }, "ttl_seconds"],
      [{ ttl_seconds: 901 }, "ttl_seconds"],
      [{ ttl_seconds: 60.5 }, "ttl_seconds"],
      [{ match_ids: [] }, "match_ids"],
      [{ match_ids: Array.from({ length: 51 }, (_, i) => `m_${i}`) }, "match_ids"],
      [{ expires: 5 }, "expires"],
    ];
    for (const [body, param, key] of cases) {
      const r = await mint(body, key);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.detail, JSON.stringify(body)).toContain(`\`${param}`);
    }
    expect((await mint({ scopes: ["read:matches"] }, narrow.key)).status).toBe(201);
  });

  it("restrictions must lie within the tracked leagues: an unknown or untracked match or league is a 400", async () => {
    await admin("POST", "/accounts", { email: "tok-other@example.com", plan: "growth" });
    expect((await mint({ match_ids: [A, "m_nope"] })).body.detail).toContain("`match_ids.1`");
    expect((await mint({ league_ids: ["lg_fb_ger1"] })).body.detail).toContain("`league_ids.0`");
    expect((await mint({ league_ids: ["lg_fb_eng1"], match_ids: [UCL] })).body.detail).toContain("`match_ids.0`");
    expect((await mint({ league_ids: ["lg_fb_eng1"], match_ids: [A] })).status).toBe(201);
  });

  it("takes a secret key only: a token, no key or a bad key is 401", async () => {
    const t = await token();
    const r = await post("/v1/tokens", {}, { "x-api-key": t });
    expect(r.status).toBe(401);
    expect(((await r.json()) as any).detail).toContain("browser token is not accepted");
    expect((await post("/v1/tokens", {})).status).toBe(401);
    expect((await post("/v1/tokens", {}, { "x-api-key": "sk_test_nope" })).status).toBe(401);
  });
});

describe("a token where a key goes", () => {
  it("reads REST like its key, spending the account's budget, and never opens /v1/mcp", async () => {
    const t = await token();
    const viaKey = await get(`/v1/football/matches/${A}`, s.key);
    const viaToken = await getJson(`/v1/football/matches/${A}`, t);
    expect(viaToken.status).toBe(200);
    expect(viaToken.body).toEqual(await viaKey.json());
    // One budget per account: the token's request is counted with the key's.
    const left = Number(viaKey.headers.get("x-ratelimit-remaining"));
    expect(Number(viaToken.headers.get("x-ratelimit-remaining"))).toBeLessThan(left);
    expect(viaToken.headers.get("x-ratelimit-limit")).toBe(viaKey.headers.get("x-ratelimit-limit"));
    const mcp = await exports.default.fetch(`${BASE}/v1/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${t}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(mcp.status).toBe(401);
  });

  it("keeps to its scopes: a read:matches token gets 401 insufficient_scope on leagues and streams", async () => {
    const t = await token({ scopes: ["read:matches"] });
    expect((await get(`/v1/football/matches/${A}`, t)).status).toBe(200);
    const leagues = await getJson("/v1/football/leagues", t);
    expect(leagues.status).toBe(401);
    expect(leagues.body.code).toBe("insufficient_scope");
    expect((await connect(`/v1/ws/match/${A}`, { "x-api-key": t })).status).toBe(401);
  });

  it("an expired token is refused like an unknown key, also one this isolate has just served", async () => {
    const now = Date.now();
    const expired = await sealToken(env, "tk_test_", claims({ e: now - 1 }));
    const r = await getJson(`/v1/football/matches/${A}`, expired);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe("invalid_api_key");
    const soon = await sealToken(env, "tk_test_", claims({ e: now + 800 }));
    expect((await get(`/v1/football/matches/${A}`, soon)).status).toBe(200);
    // Past the expiry on the clock the Worker reads (the suite's clock, which follows real time only loosely under
    // load): wait for that clock, not for a number of milliseconds.
    while (Date.now() <= now + 800) await new Promise((r) => setTimeout(r, 20));
    expect((await get(`/v1/football/matches/${A}`, soon)).status).toBe(401);
  });

  it("a tk_live_ token on this test deployment is 401 wrong_environment", async () => {
    const r = await getJson(`/v1/football/matches/${A}`, await sealToken(env, "tk_live_", claims()));
    expect(r.status).toBe(401);
    expect(r.body.code).toBe("wrong_environment");
  });
});

describe("restrictions", () => {
  it("a match-restricted token reads its matches only; other routes are 403 token_restricted", async () => {
    const t = await token({ match_ids: [A] });
    for (const path of [`/v1/football/matches/${A}`, `/v1/football/matches/${A}/events`])
      expect((await get(path, t)).status, path).toBe(200);
    expect((await getJson(`/v1/football/matches/${B}`, t)).body.code).toBe("not_found");
    for (const path of [
      "/v1/football/matches",
      "/v1/football/matches?league_id=lg_fb_eng1",
      "/v1/football/leagues",
      "/v1/football/leagues/lg_fb_eng1/standings",
      "/v1/football/search?q=arsenal",
      "/v1/football/changes",
    ]) {
      const r = await getJson(path, t);
      expect(r.status, path).toBe(403);
      expect(r.body.code, path).toBe("token_restricted");
    }
    // Head-to-head lists other matches: not for a restricted token. The table at kickoff is the match's own context.
    expect((await getJson(`/v1/football/matches/${A}/h2h`, t)).body.code).toBe("token_restricted");
    expect((await get(`/v1/football/matches/${A}/standings`, t)).status).not.toBe(403);
    // An undecodable id is no match: 404, never a 500.
    for (const path of ["/v1/football/matches/%E0", "/v1/sse/match/%ZZ"])
      expect((await get(path, t)).status, path).toBe(404);
    expect((await connect(`/v1/ws/match/${B}`, { "x-api-key": t })).status).toBe(404);
    const ws = (await connect(`/v1/ws/match/${A}`, { "x-api-key": t })).socket!;
    expect((await ws.wait(ws.states, 1))[0]).toMatchObject({ type: "state", match_id: A });
    ws.ws.close();
  });

  it("a league-restricted token reads that league's matches, table and filtered list", async () => {
    const t = await token({ league_ids: ["lg_fb_ucl"] });
    expect((await get(`/v1/football/matches/${UCL}`, t)).status).toBe(200);
    expect((await get(`/v1/football/matches/${A}`, t)).status).toBe(404);
    const list = await getJson("/v1/football/matches?league_id=lg_fb_ucl", t);
    expect(list.status).toBe(200);
    expect(list.body.data.every((m: any) => m.league_id === "lg_fb_ucl")).toBe(true);
    expect((await get("/v1/football/matches?league_id=lg_fb_eng1", t)).status).toBe(404);
    expect((await get("/v1/football/matches", t)).status).toBe(403);
    expect((await get("/v1/football/leagues/lg_fb_eng1/standings", t)).status).toBe(404);
    expect((await get("/v1/football/leagues/lg_fb_ucl/standings", t)).status).not.toBe(403);
    expect((await get("/v1/football/leagues/%ZZ/standings", t)).status).toBe(404);
    expect((await getJson(`/v1/football/matches/${UCL}/h2h`, t)).body.code).toBe("token_restricted");
  });

  it("the live streams carry only what a restricted token may see: states and messages", async () => {
    const t = await token({ match_ids: [A] });
    const ws = (await connect("/v1/ws/live", { "x-api-key": t })).socket!;
    const sse = (await openSse("/v1/sse/live", { "x-api-key": t })).stream!;
    open.push(sse);
    const states = await ws.wait(ws.states, 1);
    expect(states.map((m) => m.match_id)).toEqual([A]);
    await sse.next(1);
    await ingestOps([matchOp({ id: B, home_score: 4 }), matchOp({ id: A, home_score: 3 })]);
    const [frame] = await ws.next(1);
    expect(frame).toMatchObject({ match_id: A, type: "score_update", data: { home: 3 } });
    const events = await sse.next(2);
    expect(events[1]!.json).toEqual(frame);
    await new Promise((r) => setTimeout(r, 300));
    expect([...ws.all, ...sse.events.map((e) => e.json)].every((m) => m.match_id === A)).toBe(true);
    ws.ws.close();
  });
});

describe("every token minted works, under one spelling", () => {
  it("the largest documented mint (50 match and 50 league ids of 64 characters) is a token every use accepts", async () => {
    const { id } = (await (
      await admin("POST", "/accounts", { email: "tok-largest@example.com", plan: "growth" })
    ).json()) as { id: string };
    const long = (p: string, i: number) => `${p}${String(i).padStart(2, "0")}`.padEnd(64, "x");
    const leagues = Array.from({ length: 50 }, (_, i) => long("lg_fb_long_", i));
    const matches = Array.from({ length: 50 }, (_, i) => long("m_long_", i));
    await ingestOps([
      ...leagues.map((l) => leagueOp({ id: l, name: `Long ${l.slice(11, 13)}` })),
      ...matches.map((m, i) => liveMatchOp({ id: m, league_id: leagues[i] })),
    ]);
    expect((await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: leagues })).status).toBe(200);
    const { key } = await createKey(id);
    const r = await mint({ match_ids: matches, league_ids: leagues }, key);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.token.length).toBeGreaterThan(8192);
    expect((await get(`/v1/football/matches/${matches[49]}`, r.body.token)).status).toBe(200);
    const stream = (await openSse(`/v1/sse/match/${matches[0]}`, { "x-api-key": r.body.token })).stream!;
    open.push(stream);
    expect((await stream.next(1))[0]!.event).toBe("state");
  });

  it("a token spelled any other way than its canonical base64url (spare bits of the last character set) is 401", async () => {
    const t = await token();
    expect((await get(`/v1/football/matches/${A}`, t)).status).toBe(200);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(t.at(-1)!);
    // The token's byte count leaves spare low bits in its last character: every other value of them decodes alike.
    const spare = [1, 2, 3, 4, 8, 15].filter((b) => (last & b) === 0 && last + b < 64);
    expect(spare.length).toBeGreaterThan(0);
    for (const b of spare) {
      const other = t.slice(0, -1) + alphabet[last + b];
      expect((await get(`/v1/football/matches/${A}`, other)).status, other.slice(-3)).toBe(401);
    }
    expect((await get(`/v1/football/matches/${A}`, `${t}=`)).status).toBe(401);
  });

  it("duplicate scopes in a mint are one scope in the token and its answer", async () => {
    const r = await mint({ scopes: ["read:matches", "read:matches", "stream:websocket"] });
    expect(r.status).toBe(201);
    expect(r.body.scopes).toEqual(["read:matches", "stream:websocket"]);
  });

  it("the isolate's opened tokens stay under their byte bound when three times what fits is opened", async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `m_${i}`.padEnd(64, "y"));
    // Each holds ~9 KiB of token and ~13 KiB of ids: the bound is by bytes, so under 400 fill it. Opening three times
    // that many evicts all the way round three times; the work is fixed, not a race with the machine's load.
    const count = 3 * Math.ceil(OPENED_MAX_BYTES / (22 * 1024));
    for (let i = 0; i < count; i++) {
      const t = await sealToken(env, "tk_test_", claims({ i: `tok_${i}`, m: ids, l: ids }));
      expect(await openToken(env, t)).not.toBeNull();
      expect(openedTokenCache().bytes).toBeLessThanOrEqual(OPENED_MAX_BYTES);
    }
    expect(openedTokenCache().bytes).toBeGreaterThan(OPENED_MAX_BYTES * 0.9);
    expect(openedTokenCache().entries).toBeLessThan(count / 2);
  });
});

describe("revoking the parent key", () => {
  it("fails its tokens at once in this isolate and closes their streams with 1008 within 5 s", async () => {
    const { id } = (await (
      await admin("POST", "/accounts", { email: "tok-revoke@example.com", plan: "growth" })
    ).json()) as {
      id: string;
    };
    await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
    const parent = await createKey(id);
    const sibling = await createKey(id);
    const t = await token({}, parent.key);
    const other = await token({}, sibling.key);
    const ws = (await connect(`/v1/ws/match/${A}`, { "x-api-key": t })).socket!;
    const sse = (await openSse("/v1/sse/live", { "x-api-key": t })).stream!;
    await ws.wait(ws.states, 1);
    const t0 = Date.now();
    expect((await admin("DELETE", `/keys/${parent.id}`)).status).toBe(204);
    expect((await get(`/v1/football/matches/${A}`, t)).status).toBe(401);
    expect((await ws.closed).code).toBe(1008);
    await sse.ended;
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(sse.events.at(-1)).toMatchObject({ event: "close", json: { code: 1008, reason: "api key revoked" } });
    // The sibling key's token lives on.
    expect((await get(`/v1/football/matches/${A}`, other)).status).toBe(200);
  });

  it("revoked behind this isolate's back (in D1), the token fails within 2 s", async () => {
    const parent = await createKey(s.accountId, undefined, "revoked in D1");
    const t = await token({}, parent.key);
    expect((await get(`/v1/football/matches/${A}`, t)).status).toBe(200);
    await env.DB.prepare("UPDATE api_keys SET revoked_at = '2026-01-01T00:00:00Z' WHERE id = ?").bind(parent.id).run();
    // The bound is the record's age: a request that starts 2 s or more after the commit never sees the old record,
    // however long each request takes. So: every 200 came from a request started within 2 s, and a 401 follows.
    const t0 = Date.now();
    let status = 200;
    while (status === 200) {
      const startedAt = Date.now();
      status = (await get(`/v1/football/matches/${A}`, t)).status;
      if (status === 200) {
        expect(startedAt - t0).toBeLessThan(2000);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    expect(status).toBe(401);
  });
});

describe("CORS", () => {
  const origin = { origin: "https://fans.example" };

  it("a preflight of a read or an event stream is 204 allowing the key, token and resume headers", async () => {
    for (const path of ["/v1/football/matches", `/v1/sse/match/${A}`]) {
      const res = await exports.default.fetch(`${BASE}${path}`, {
        method: "OPTIONS",
        headers: {
          ...origin,
          "access-control-request-method": "GET",
          "access-control-request-headers": "x-api-key, last-event-id",
        },
      });
      expect(res.status, path).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      const allowed = res.headers.get("access-control-allow-headers")!.toLowerCase();
      for (const h of ["x-api-key", "authorization", "if-none-match", "last-event-id"]) expect(allowed).toContain(h);
      expect(res.headers.get("access-control-allow-methods")).toContain("GET");
    }
  });

  it("reads, errors and event streams carry Allow-Origin and expose ETag, Retry-After and the rate headers", async () => {
    const t = await token();
    const ok = await get(`/v1/football/matches/${A}`, t, origin);
    const denied = await get(`/v1/football/matches/${A}`, "sk_test_nope", origin);
    for (const res of [ok, denied]) {
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      const exposed = res.headers.get("access-control-expose-headers")!.toLowerCase();
      for (const h of ["etag", "retry-after", "x-ratelimit-remaining", "ratelimit"]) expect(exposed).toContain(h);
    }
    // A revalidation answered 304 keeps them: a page could not read it otherwise.
    const again = await get(`/v1/football/matches/${A}`, t, { ...origin, "if-none-match": ok.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(again.headers.get("access-control-allow-origin")).toBe("*");
    expect(again.headers.get("access-control-expose-headers")!.toLowerCase()).toContain("etag");
    const sse = await openSse(`/v1/sse/match/${A}`, { "x-api-key": t, ...origin });
    open.push(sse.stream!);
    expect(sse.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("/v1/tokens: no CORS headers, and its preflight is refused", async () => {
    const pre = await exports.default.fetch(`${BASE}/v1/tokens`, {
      method: "OPTIONS",
      headers: { ...origin, "access-control-request-method": "POST", "access-control-request-headers": "x-api-key" },
    });
    expect(pre.status).toBe(403);
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
    const res = await post("/v1/tokens", {}, { "x-api-key": s.key, ...origin });
    expect(res.status).toBe(201);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});
