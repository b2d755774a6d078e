// Answers that cannot change, shared through the Cache API (src/api/shared-cache.ts): filed without the caller's
// key, served with no D1 call, visibility still checked per request, nothing live kept.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { dropSharedMemory } from "../../src/api/shared-cache";
import worker from "../../workers/api";
import { admin, createKey } from "../helpers/admin";
import { ingestOps } from "../helpers/live";
import { newMatchOp } from "../helpers/ops";
import { recordingD1 } from "../helpers/recording-d1";
import { get, seed } from "../helpers/seed";

const s = await seed(["eng1", "facup", "acb"]);

const match = async (status: string) =>
  (await env.DB.prepare(
    `SELECT id FROM matches WHERE league_id = 'lg_fb_eng1' AND status_code IN (${status}) ORDER BY kickoff_ts DESC LIMIT 1`,
  ).first<{ id: string }>())!.id;

/** One request through the Worker with a D1 handle that records every statement; background work awaited. */
async function recorded(path: string, key: string) {
  const { db, log } = recordingD1(env.DB);
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`http://127.0.0.1:8787${path}`, { headers: { "x-api-key": key } }),
    { ...env, DB: db },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { res, body: await res.text(), statements: log.map((l) => l.sql) };
}
const dataReads = (statements: string[]) => statements.filter((q) => !/from "?api_keys"?|FROM meta/i.test(q));
const finishedVersion = async () =>
  (await env.DB.prepare("SELECT value FROM meta WHERE key = 'finished_version'").first<{ value: string }>())!.value;
const inLocation = async (path: string) =>
  caches.default.match(`http://127.0.0.1:8787/__shared/${await finishedVersion()}${path}?`);

async function otherAccount(email: string, leagues: string[]) {
  const { id } = (await (await admin("POST", "/accounts", { email, plan: "growth" })).json()) as any;
  await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: leagues });
  return createKey(id);
}

describe("shared cache of answers that cannot change", () => {
  it("a finished match's events are filed in the location's cache and then served without a data query", async () => {
    const path = `/v1/football/matches/${await match("3, 9, 10")}/events`;
    const first = await recorded(path, s.key);
    expect(first.res.status).toBe(200);
    expect(dataReads(first.statements).length).toBeGreaterThan(0);
    expect(await (await inLocation(path))?.text()).toBe(first.body);
    // Another isolate of the location: nothing in memory, the Cache API answers.
    dropSharedMemory();
    const k = await createKey(s.accountId);
    const again = await recorded(path, k.key);
    expect(again.res.status).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.res.headers.get("etag")).toBe(first.res.headers.get("etag"));
    expect(dataReads(again.statements)).toEqual([]);
  });

  it("a correction to a finished match retires what was kept: the next read shows it", async () => {
    const id = await match("3, 9, 10");
    const path = `/v1/football/matches/${id}/events`;
    const before = JSON.parse((await recorded(path, s.key)).body) as { seq: number; data: { id: string }[] };
    expect(await inLocation(path)).toBeDefined();
    const version = await finishedVersion();
    const [gone] = before.data;
    await ingestOps([{ op: "remove_events", match_id: id, event_ids: [gone!.id] }]);
    expect(Number(await finishedVersion())).toBe(Number(version) + 1);
    const after = JSON.parse((await recorded(path, s.key)).body) as { seq: number; data: { id: string }[] };
    expect(after.data.map((e) => e.id)).not.toContain(gone!.id);
    expect(after.seq).toBe(before.seq + 1);
    // A change to a live match leaves the kept answers alone.
    await ingestOps([{ op: "match", id: await match("2"), sport: "football", league_id: "lg_fb_eng1", minute: 89 }]);
    expect(await finishedVersion()).toBe(String(Number(version) + 1));
  });

  it("a hit still checks the caller's tracked leagues", async () => {
    const path = `/v1/football/matches/${await match("3, 9, 10")}/stats`;
    expect((await get(path, s.key)).status).toBe(200);
    const other = await otherAccount("shared-untracked@example.com", ["lg_bb_acb"]);
    const res = await get(path, other.key);
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).code).toBe("not_found");
  });

  it("a live match's answers are never filed", async () => {
    const path = `/v1/football/matches/${await match("2")}/events`;
    expect((await get(path, s.key)).status).toBe(200);
    expect(await inLocation(path)).toBeUndefined();
  });

  it("head-to-head is filed per set of tracked leagues", async () => {
    const m = (await env.DB.prepare(
      "SELECT id, season, home_team_id, away_team_id, kickoff_ts FROM matches WHERE league_id = 'lg_fb_eng1' AND status_code = 3 ORDER BY kickoff_ts DESC LIMIT 1",
    ).first<{ id: string; season: string; home_team_id: string; away_team_id: string; kickoff_ts: number }>())!;
    // An earlier cup meeting of the same two clubs: part of the head-to-head only for accounts tracking the cup.
    await ingestOps([
      newMatchOp({
        id: `m_shared_cup_${m.id}`,
        league_id: "lg_fb_facup",
        season: m.season,
        home_team_id: m.home_team_id,
        away_team_id: m.away_team_id,
        kickoff_ts: m.kickoff_ts - 7 * 86_400,
        status_code: 3,
        home_score: 1,
        away_score: 0,
      }),
    ]);
    const path = `/v1/football/matches/${m.id}/h2h`;
    const withCup = (await (await get(path, s.key)).json()) as any;
    expect(withCup.matches.map((x: any) => x.league_id)).toContain("lg_fb_facup");
    const other = await otherAccount("shared-h2h@example.com", ["lg_fb_eng1"]);
    const res = await get(path, other.key);
    const leagues = res.status === 200 ? ((await res.json()) as any).matches.map((x: any) => x.league_id) : [];
    expect(leagues).not.toContain("lg_fb_facup");
    expect(withCup.summary.played - leagues.length).toBeGreaterThanOrEqual(1);
  });
});
