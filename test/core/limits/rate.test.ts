import { evictDurableObject, runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { admin, createKey } from "../../helpers/admin";
import { get, seed } from "../../helpers/seed";

await seed(["eng1"]);

async function trialKey(email: string) {
  const { id } = (await (await admin("POST", "/accounts", { email, plan: "trial" })).json()) as { id: string };
  await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
  return { accountId: id, ...(await createKey(id)) };
}

const burst = (key: string, n: number) =>
  Promise.all(Array.from({ length: n }, () => get("/v1/football/leagues", key)));

describe("the account's REST budget (trial: 60 per minute)", () => {
  it("a burst of limit + k gets exactly k × 429 with Retry-After ≥ 1; another account is unaffected", async () => {
    const a = await trialKey("burst-a@example.com");
    const b = await trialKey("burst-b@example.com");
    const k = 7;
    const res = await burst(a.key, 60 + k);
    const limited = res.filter((r) => r.status === 429);
    expect(limited).toHaveLength(k);
    expect(res.filter((r) => r.status === 200)).toHaveLength(60);
    for (const r of limited) {
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(r.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      const body = (await r.json()) as any;
      expect(body).toMatchObject({ status: 429, code: "rate_limited" });
      expect(r.headers.get("x-ratelimit-remaining")).toBe("0");
    }
    const other = await get("/v1/football/leagues", b.key);
    expect(other.status).toBe(200);
    expect(other.headers.get("x-ratelimit-remaining")).toBe("59");
  });

  it("keys of one account share one budget: the 61st request is 429 whichever key sends it", async () => {
    const a = await trialKey("shared@example.com");
    const second = await createKey(a.accountId);
    const third = await createKey(a.accountId);
    const keys = [a.key, second.key, third.key];
    const res = await Promise.all(Array.from({ length: 60 }, (_, i) => get("/v1/football/leagues", keys[i % 3]!)));
    expect(res.every((r) => r.status === 200)).toBe(true);
    for (const key of keys) {
      const over = await get("/v1/football/leagues", key);
      expect(over.status).toBe(429);
      expect(((await over.json()) as any).detail).toContain("per account");
    }
  });

  it("the budget is back in the next window", async () => {
    const a = await trialKey("window@example.com");
    const limiter = env.ACCOUNT_GATE.getByName(a.accountId);
    const t = Date.UTC(2030, 0, 1, 12, 0, 10);
    for (let i = 0; i < 60; i++) expect((await limiter.hit("rest", 60, t + i)).allowed).toBe(true);
    const denied = await limiter.hit("rest", 60, t + 100);
    expect(denied).toMatchObject({
      allowed: false,
      remaining: 0,
      reset: Date.UTC(2030, 0, 1, 12, 1, 0) / 1000,
      retryAfter: 50,
    });
    const next = await limiter.hit("rest", 60, t + 60_000);
    expect(next).toMatchObject({ allowed: true, remaining: 59 });
  });

  it("a plan change takes effect on the next request", async () => {
    const a = await trialKey("upgrade@example.com");
    await burst(a.key, 60);
    expect((await get("/v1/football/leagues", a.key)).status).toBe(429);
    expect((await admin("PUT", `/accounts/${a.accountId}/plan`, { plan: "starter" })).status).toBe(200);
    const after = await get("/v1/football/leagues", a.key);
    expect(after.status).toBe(200);
    expect(after.headers.get("x-ratelimit-limit")).toBe("300");
  });
});

describe("usage kept by the account's gate", () => {
  it("counts per minute survive an eviction once flushed; the window-end alarm writes the final count", async () => {
    const a = await trialKey("usage@example.com");
    const limiter = env.ACCOUNT_GATE.getByName(a.accountId);
    const t = Date.UTC(2031, 0, 1, 8, 0, 5);
    for (let i = 0; i < 25; i++) await limiter.hit("rest", 60, t + i);
    expect(await limiter.usage()).toEqual([{ bucket: "rest", start: t - 5000, allowed: 25, denied: 0 }]);
    expect(await runDurableObjectAlarm(limiter)).toBe(true);
    await evictDurableObject(limiter);
    expect(await limiter.usage()).toEqual([{ bucket: "rest", start: t - 5000, allowed: 25, denied: 0 }]);
    expect((await limiter.hit("rest", 60, t + 100)).remaining).toBe(60 - 26);
  });
});

describe("rate-limit headers", () => {
  it("are on every /v1 response of a known key: 200, 304, 400, 404 and 429 alike; 304s count", async () => {
    const a = await trialKey("headers@example.com");
    const ok = await get("/v1/football/leagues", a.key);
    const etag = ok.headers.get("etag")!;
    const notModified = await get("/v1/football/leagues", a.key, { "if-none-match": etag });
    const bad = await get("/v1/football/matches?limit=0", a.key);
    const missing = await get("/v1/football/matches/m_nope", a.key);
    expect([ok.status, notModified.status, bad.status, missing.status]).toEqual([200, 304, 400, 404]);
    const remaining = [ok, notModified, bad, missing].map((r) => Number(r.headers.get("x-ratelimit-remaining")));
    expect(remaining).toEqual([59, 58, 57, 56]);
    for (const r of [ok, notModified, bad, missing]) {
      expect(r.headers.get("x-ratelimit-limit")).toBe("60");
      const reset = Number(r.headers.get("x-ratelimit-reset"));
      expect(reset).toBeGreaterThan(Date.now() / 1000 - 1);
      expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 61);
      expect(r.headers.get("ratelimit-policy")).toBe('"rest";q=60;w=60');
      expect(r.headers.get("ratelimit")).toMatch(/^"rest";r=\d+;t=\d+$/);
    }
  });

  it("/health is never limited and carries no budget", async () => {
    const a = await trialKey("health@example.com");
    await burst(a.key, 61);
    for (let i = 0; i < 5; i++) {
      const h = await get("/health", a.key);
      expect(h.status).toBe(200);
      expect(h.headers.get("x-ratelimit-limit")).toBeNull();
    }
  });
});
