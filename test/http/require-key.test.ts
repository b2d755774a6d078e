import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { generateKey } from "../../src/core/auth/keys";
import { SPORTS } from "../../src/core/domain/codes";
import { admin, createKey } from "../helpers/admin";
import { get, getJson, seed, type Seeded } from "../helpers/seed";

let s: Seeded;
let matchId: string;
let leagueId: string;
const endpoints: { path: string; scope: "read:matches" | "read:leagues" }[] = [];

beforeAll(async () => {
  s = await seed();
  const finished = await getJson(`/v1/football/matches?league_id=lg_fb_eng1&status=finished&limit=1`, s.key);
  matchId = finished.body.data[0].id;
  leagueId = "lg_fb_eng1";
  for (const sport of SPORTS) {
    endpoints.push(
      { path: `/v1/${sport}/leagues`, scope: "read:leagues" },
      { path: `/v1/${sport}/leagues/${leagueId}/standings`, scope: "read:leagues" },
      { path: `/v1/${sport}/matches`, scope: "read:matches" },
    );
    for (const sub of ["", "/events", "/stats", "/lineups", "/standings", "/h2h"]) {
      endpoints.push({ path: `/v1/${sport}/matches/${matchId}${sub}`, scope: "read:matches" });
    }
  }
});

async function expectProblem(res: Response, status: number, code: string, detail?: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
  const body = (await res.json()) as any;
  expect(body).toMatchObject({ type: "about:blank", status, code });
  expect(typeof body.title).toBe("string");
  if (detail) expect(body.detail).toBe(detail);
  return body;
}

describe('API key credential cases on every endpoint (docs/security-and-limits.md "API keys")', () => {
  it("no key → 401 invalid_api_key `missing or invalid api key`", async () => {
    for (const e of endpoints)
      await expectProblem(await get(e.path), 401, "invalid_api_key", "missing or invalid api key");
  });

  it("malformed key → 401 invalid_api_key", async () => {
    for (const bad of ["hello", "sk_test_short", `sk_test_${"a".repeat(42)}!`, `SK_TEST_${"a".repeat(43)}`]) {
      for (const e of endpoints)
        await expectProblem(await get(e.path, bad), 401, "invalid_api_key", "missing or invalid api key");
    }
  });

  it("well-formed but unknown key → 401 invalid_api_key", async () => {
    const unknown = generateKey("sk_test_");
    for (const e of endpoints)
      await expectProblem(await get(e.path, unknown), 401, "invalid_api_key", "missing or invalid api key");
  });

  it("revoked key gets 401 on the very next request", async () => {
    const k = await createKey(s.accountId);
    expect((await get(`/v1/football/leagues`, k.key)).status).toBe(200);
    expect((await admin("DELETE", `/keys/${k.id}`)).status).toBe(204);
    for (const e of endpoints)
      await expectProblem(await get(e.path, k.key), 401, "invalid_api_key", "missing or invalid api key");
  });

  it("an sk_live_ key on a staging/local deployment → 401 wrong_environment naming the right base URL", async () => {
    const live = generateKey("sk_live_");
    for (const e of endpoints) {
      const body = await expectProblem(await get(e.path, live), 401, "wrong_environment");
      expect(body.detail).toContain("production");
    }
  });

  it("an sk_test_ key on production → 401 wrong_environment", async () => {
    const app = buildApp();
    const res = await app.request(
      "/v1/football/leagues",
      { headers: { "x-api-key": s.key } },
      { ...env, ENVIRONMENT: "production" },
    );
    const body = await expectProblem(res, 401, "wrong_environment");
    expect(body.detail).toContain("staging");
  });

  it("a key without the endpoint's scope → 401 insufficient_scope; other endpoints still work", async () => {
    const leaguesOnly = await createKey(s.accountId, ["read:leagues"]);
    const matchesOnly = await createKey(s.accountId, ["read:matches"]);
    const streamOnly = await createKey(s.accountId, ["stream:websocket", "mcp:invoke"]);
    for (const e of endpoints) {
      const [ok, missing] = e.scope === "read:leagues" ? [leaguesOnly, matchesOnly] : [matchesOnly, leaguesOnly];
      expect((await get(e.path, ok.key)).status).not.toBe(401);
      const body = await expectProblem(await get(e.path, missing.key), 401, "insufficient_scope");
      expect(body.detail).toContain(e.scope);
      await expectProblem(await get(e.path, streamOnly.key), 401, "insufficient_scope");
    }
  });
});

describe("key transports (X-API-Key, Authorization: Bearer, ?api_key=)", () => {
  const path = "/v1/basketball/leagues";
  it("each transport alone is accepted", async () => {
    expect((await get(path, s.key)).status).toBe(200);
    expect((await get(path, undefined, { authorization: `Bearer ${s.key}` })).status).toBe(200);
    expect((await get(`${path}?api_key=${s.key}`)).status).toBe(200);
  });

  it("the same key in several transports is fine", async () => {
    expect((await get(`${path}?api_key=${s.key}`, s.key, { authorization: `Bearer ${s.key}` })).status).toBe(200);
  });

  it("two different keys in two transports → 401 invalid_api_key, whichever they are", async () => {
    const other = await createKey(s.accountId);
    await expectProblem(
      await get(path, s.key, { authorization: `Bearer ${other.key}` }),
      401,
      "invalid_api_key",
      "missing or invalid api key",
    );
    await expectProblem(await get(`${path}?api_key=${other.key}`, s.key), 401, "invalid_api_key");
    await expectProblem(
      await get(`${path}?api_key=${other.key}`, undefined, { authorization: `Bearer ${s.key}` }),
      401,
      "invalid_api_key",
    );
  });

  it("a query key is found however its name is percent-escaped, and still must agree with the header", async () => {
    expect((await get(`${path}?api%5Fkey=${s.key}`)).status).toBe(200);
    expect((await get(`${path}?limit=5&%61pi_key=${s.key}`)).status).toBe(200);
    const other = await createKey(s.accountId);
    await expectProblem(await get(`${path}?api%5fkey=${other.key}`, s.key), 401, "invalid_api_key");
  });

  it("a non-Bearer Authorization scheme is not a key", async () => {
    await expectProblem(await get(path, undefined, { authorization: `Basic ${btoa("a:b")}` }), 401, "invalid_api_key");
  });
});

describe("key storage", () => {
  it("stores only the SHA-256 of a key, plus prefix and last four characters", async () => {
    const k = await createKey(s.accountId, undefined, "storage check");
    const row = await env.DB.prepare("SELECT * FROM api_keys WHERE id = ?").bind(k.id).first<Record<string, string>>();
    expect(k.key).toMatch(/^sk_test_[0-9A-Za-z]{43}$/);
    expect(Object.values(row!).some((v) => typeof v === "string" && v.includes(k.key.slice(8)))).toBe(false);
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(k.key));
    expect(row!.key_hash).toBe([...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join(""));
    expect(row!.prefix).toBe("sk_test_");
    expect(row!.last4).toBe(k.key.slice(-4));
  });
});
