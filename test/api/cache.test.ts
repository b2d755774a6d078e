// The in-isolate response cache (src/api/cache.ts): reused only while the data version and the account's
// entitlement are those it was made with; the key check still runs on every request (from its record).
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { DATA_MAX_AGE_MS } from "../../src/core/db/data-view";
import { cachedResponses } from "../../src/api/cache";
import { admin, createKey } from "../helpers/admin";
import { ingestOps } from "../helpers/live";
import { matchOp } from "../helpers/ops";
import { get, seed, today } from "../helpers/seed";

const s = await seed(["eng1", "acb"]);
const path = `/v1/football/matches?date=${today()}&limit=50`;
const live = async () =>
  (await env.DB.prepare(
    "SELECT id, home_score, kickoff_ts FROM matches WHERE league_id = 'lg_fb_eng1' AND status_code = 2 LIMIT 1",
  ).first<{
    id: string;
    home_score: number;
    kickoff_ts: number;
  }>())!;

describe("response cache", () => {
  it("serves a repeated read from memory with the same body and ETag", async () => {
    const first = await get(path, s.key);
    const before = cachedResponses();
    const again = await get(path, s.key);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(await first.text());
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(cachedResponses()).toBe(before);
    // A revalidation from the cache is a 304, and still counted (rate headers present).
    const revalidated = await get(path, s.key, { "if-none-match": first.headers.get("etag")! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("x-ratelimit-remaining")).not.toBeNull();
  });

  it("an ingest is visible on the very next read (new body, new ETag)", async () => {
    const m = await live();
    // The list of the live match's own UTC day: shortly after midnight it kicked off yesterday, and today's list,
    // which does not hold it, rightly stays the same (304).
    const dayList = `/v1/football/matches?date=${new Date(m.kickoff_ts * 1000).toISOString().slice(0, 10)}&limit=50`;
    const first = await get(dayList, s.key);
    await get(dayList, s.key);
    await ingestOps([matchOp({ id: m.id, home_score: m.home_score + 1 })]);
    const after = await get(dayList, s.key, { "if-none-match": first.headers.get("etag")! });
    expect(after.status).toBe(200);
    const row = ((await after.json()) as any).data.find((r: any) => r.id === m.id);
    expect(row.home_score).toBe(m.home_score + 1);
  });

  it("any writer invalidates it within 1 s, not only ingest (the version is bumped by triggers)", async () => {
    const m = await live();
    await get(`/v1/football/matches/${m.id}`, s.key);
    await env.DB.prepare("UPDATE matches SET attendance = 12345 WHERE id = ?").bind(m.id).run();
    // Written behind this isolate's back: it learns of it when its data version is more than 1 s old.
    vi.setSystemTime(Date.now() + DATA_MAX_AGE_MS + 1);
    const detail = (await (await get(`/v1/football/matches/${m.id}`, s.key)).json()) as any;
    expect(detail.attendance).toBe(12345);
  });

  it("never mixes accounts: the same URL answers per tracked leagues, and a tracking change shows at once", async () => {
    const { id } = (await (
      await admin("POST", "/accounts", { email: "cache-other@example.com", plan: "growth" })
    ).json()) as any;
    await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_bb_acb"] });
    const other = await createKey(id);
    const leagues = "/v1/football/leagues";
    expect(((await (await get(leagues, s.key)).json()) as any).data.map((l: any) => l.id)).toEqual(["lg_fb_eng1"]);
    expect(((await (await get(leagues, other.key)).json()) as any).data).toEqual([]);
    await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_bb_acb", "lg_fb_eng1"] });
    expect(((await (await get(leagues, other.key)).json()) as any).data.map((l: any) => l.id)).toEqual(["lg_fb_eng1"]);
  });

  it("a revoked key gets 401 at once, although its last answer is cached", async () => {
    const k = await createKey(s.accountId);
    expect((await get(path, k.key)).status).toBe(200);
    expect((await get(path, k.key)).status).toBe(200);
    expect((await admin("DELETE", `/keys/${k.id}`)).status).toBe(204);
    const res = await get(path, k.key);
    expect(res.status).toBe(401);
    expect(((await res.json()) as any).code).toBe("invalid_api_key");
  });

  it("a key in the query string is not part of the cache key, and not echoed", async () => {
    const k = await createKey(s.accountId);
    const a = await get(`${path}&api_key=${k.key}`);
    const b = await get(path, s.key);
    expect(a.headers.get("etag")).toBe(b.headers.get("etag"));
    expect(await a.text()).not.toContain(k.key);
  });
});
