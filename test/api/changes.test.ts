// GET /v1/{sport}/changes (docs/api.md "Changes feed"): commit order, tracked leagues only, the parts that changed,
// `since=now`, retention (≥ 7 days, 410 past it) and bad cursors (400 naming `since`).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { admin, createKey } from "../helpers/admin";
import { ingestOps } from "../helpers/live";
import { eventsOp, eventOp, liveMatchOp, matchOp, statsOp } from "../helpers/ops";
import { get, getJson, seed } from "../helpers/seed";

const s = await seed(["eng1", "ucl", "euroleague"]);

type Page = {
  data: { match_id: string; league_id: string; seq: number; parts: string[]; at: string }[];
  next_cursor: string;
};
const changes = async (q: string, key = s.key) => (await getJson<Page>(`/v1/football/changes${q}`, key)).body;

describe("the changes feed", () => {
  it("lists each commit's changed matches in order with their parts and seq, from a cursor", async () => {
    const { next_cursor: start } = await changes("?since=now");
    expect((await changes(`?since=${start}`)).data).toEqual([]);
    await ingestOps([liveMatchOp({ id: "m_chg_a" })]);
    await ingestOps([
      matchOp({ id: "m_chg_a", home_score: 1 }),
      eventsOp({ match_id: "m_chg_a", events: [eventOp({ id: "ev_chg_1" })] }),
    ]);
    await ingestOps([statsOp({ match_id: "m_chg_a" })]);
    await ingestOps([{ op: "remove_events", match_id: "m_chg_a", event_ids: ["ev_chg_1"] }]);
    const page = await changes(`?since=${start}`);
    expect(page.data.map((c) => [c.match_id, c.parts, c.seq])).toEqual([
      ["m_chg_a", ["match"], 0],
      ["m_chg_a", ["match", "events"], 2],
      ["m_chg_a", ["stats"], 2],
      ["m_chg_a", ["events"], 3],
    ]);
    expect(page.data[0]!.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const detail = (await getJson(`/v1/football/matches/m_chg_a`, s.key)).body;
    expect(detail.seq).toBe(page.data.at(-1)!.seq);
    // Following from next_cursor: nothing new, the same cursor back.
    expect(await changes(`?since=${page.next_cursor}`)).toEqual({ data: [], next_cursor: page.next_cursor });
    // Pages of one.
    const first = await changes(`?since=${start}&limit=1`);
    expect(first.data).toHaveLength(1);
    const second = await changes(`?since=${first.next_cursor}&limit=1`);
    expect(second.data[0]!.parts).toEqual(["match", "events"]);
    expect(page.data.length).toBe(4);
  });

  it("shows only the account's tracked leagues, and only the path's sport", async () => {
    const { id } = (await (
      await admin("POST", "/accounts", { email: "changes@example.com", plan: "growth" })
    ).json()) as {
      id: string;
    };
    await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_ucl"] });
    const other = await createKey(id);
    const { next_cursor: start } = await changes("?since=now", other.key);
    await ingestOps([liveMatchOp({ id: "m_chg_eng" })]);
    await ingestOps([liveMatchOp({ id: "m_chg_bb", sport: "basketball" })]);
    expect((await changes(`?since=${start}`, other.key)).data).toEqual([]);
    expect((await changes(`?since=${start}`)).data.map((c) => c.match_id)).toEqual(["m_chg_eng"]);
    const bb = (await getJson<Page>(`/v1/basketball/changes?since=${start}`, s.key)).body;
    expect(bb.data.map((c) => c.match_id)).toEqual(["m_chg_bb"]);
  });

  it("keeps 7 days: older changes are trimmed by the next commit and their cursors answer 410", async () => {
    const day = 24 * 3600 * 1000;
    const { next_cursor: before } = await changes("?since=now");
    await ingestOps([liveMatchOp({ id: "m_chg_nine_days" })]);
    await ingestOps([liveMatchOp({ id: "m_chg_six_days" })]);
    const [nine, six] = (await changes(`?since=${before}`)).data.map((c) => c.match_id);
    expect([nine, six]).toEqual(["m_chg_nine_days", "m_chg_six_days"]);
    // Time passes: everything up to the first is 9 days old, the second just under 7.
    const { next_cursor: afterNine } = await changes(`?since=${before}&limit=1`);
    await env.DB.prepare("UPDATE changes SET at_ms = ? WHERE id <= ?")
      .bind(Date.now() - 9 * day, Number(afterNine))
      .run();
    await env.DB.prepare("UPDATE changes SET at_ms = ? WHERE id > ?")
      .bind(Date.now() - 7 * day + 60_000, Number(afterNine))
      .run();
    await ingestOps([liveMatchOp({ id: "m_chg_trim" })]);
    const res = await get(`/v1/football/changes?since=${before}`, s.key);
    expect(res.status).toBe(410);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(await res.json()).toMatchObject({ code: "cursor_expired", status: 410 });
    // A cursor at the last trimmed change misses nothing: the one from just under 7 days ago is still there.
    const kept = await changes(`?since=${afterNine}`);
    expect(kept.data.map((c) => c.match_id)).toEqual(["m_chg_six_days", "m_chg_trim"]);
  });

  it("a malformed cursor is 400 naming `since`", async () => {
    for (const bad of ["abc", "-1", "1.5", "99999999999"]) {
      const res = await get(`/v1/football/changes?since=${bad}`, s.key);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toContain("`since`");
    }
  });
});
