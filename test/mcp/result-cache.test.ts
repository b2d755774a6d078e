// Tool results are reused while the data stands still (src/mcp/result-cache.ts): an identical call is answered from
// the isolate's memory, an ingest commit makes the next call read afresh, and accounts tracking other leagues never
// share an answer. What is kept is frozen: no caller (nor the SDK framing its answer) can change the next one's.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cachedResults, memoized } from "../../src/mcp/result-cache";
import type { ToolContext } from "../../src/mcp/tools/define";
import { admin, createKey } from "../helpers/admin";
import { ingestOps } from "../helpers/live";
import { mcpSession } from "../helpers/mcp";
import { liveMatchOp, matchOp } from "../helpers/ops";
import { seed } from "../helpers/seed";

const s = await seed(["eng1", "euroleague"]);
await ingestOps([liveMatchOp({ id: "m_cache_live", home_score: 0, away_score: 0 })]);
const mcp = await mcpSession({ "x-api-key": s.key });

describe("MCP tool results while the data stands still", () => {
  it("an identical call is answered from memory; an ingest commit makes the next one read afresh", async () => {
    const first = await mcp.call("get_matches", { sport: "football", status: "live" });
    const kept = cachedResults();
    const again = await mcp.call("get_matches", { sport: "football", status: "live" });
    expect(cachedResults()).toBe(kept);
    expect(again.structuredContent).toEqual(first.structuredContent);
    // Proof that the second call read nothing: with the table gone (a change no data version sees), it still answers.
    await env.DB.prepare("ALTER TABLE matches RENAME TO matches_away").run();
    try {
      const hit = await mcp.call("get_matches", { sport: "football", status: "live" });
      expect(hit.isError).toBeFalsy();
      expect(hit.structuredContent).toEqual(first.structuredContent);
    } finally {
      await env.DB.prepare("ALTER TABLE matches_away RENAME TO matches").run();
    }

    const m = first.structuredContent.matches.find((x: any) => x.id === "m_cache_live");
    await ingestOps([matchOp({ id: m.id, league_id: m.league_id, home_score: m.home_score + 3 })]);
    const after = await mcp.call("get_matches", { sport: "football", status: "live" });
    expect(after.structuredContent.matches.find((x: any) => x.id === m.id).home_score).toBe(m.home_score + 3);
    expect(cachedResults()).toBe(kept + 1);
  });

  it("another account's leagues make another answer", async () => {
    const { id } = (await (await admin("POST", "/accounts", { email: "bb-cache@example.com" })).json()) as any;
    await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_bb_euroleague"] });
    const other = await mcpSession({ "x-api-key": (await createKey(id)).key });
    await mcp.call("list_leagues", {});
    const theirs = await other.call("list_leagues", {});
    expect(theirs.structuredContent.leagues.map((l: any) => l.id)).toEqual(["lg_bb_euroleague"]);
    const ours = await mcp.call("list_leagues", {});
    expect(ours.structuredContent.leagues.map((l: any) => l.id)).toContain("lg_fb_eng1");
  });
});

describe("a kept result", () => {
  const ctx = {
    principal: { type: "key", accountId: "acc_frozen" },
    entitlementVersion: 1,
    dataVersion: "v-frozen",
    now: new Date(),
  } as unknown as ToolContext;

  it("is a frozen copy: the next caller gets what the first got, whatever anyone tried to change", async () => {
    const shared = { id: "lg_shared", name: "League" };
    const produced = { content: [{ type: "text", text: "one" }], structuredContent: { leagues: [shared] } };
    let runs = 0;
    const run = async () => (runs++, produced);
    const first = await memoized("frozen_tool", ctx, { a: 1 }, run);
    // What the tool returned shares objects with other code (a cached league): those are not frozen with it.
    expect(Object.isFrozen(shared)).toBe(false);
    expect(first).toEqual(produced);
    expect(() => {
      (first.structuredContent.leagues[0] as { name: string }).name = "changed";
    }).toThrow(TypeError);
    expect(() => first.content.push({ type: "text", text: "two" })).toThrow(TypeError);
    const again = await memoized("frozen_tool", ctx, { a: 1 }, run);
    expect(runs).toBe(1);
    expect(again).toEqual({ content: [{ type: "text", text: "one" }], structuredContent: { leagues: [shared] } });
  });

  it("an error result is neither kept nor frozen", async () => {
    const failed = { isError: true, content: [{ type: "text", text: "no" }] };
    const got = await memoized("frozen_error", ctx, {}, async () => failed);
    expect(got).toBe(failed);
    expect(Object.isFrozen(got)).toBe(false);
  });
});
