// MCP requests speak for their own credentials (no session carries a caller), and plan and leagues are read at
// each call (docs/security-and-limits.md "Entitlements are live").
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { admin, createKey } from "../helpers/admin";
import { signedUp } from "../helpers/browser";
import { mcpPost, mcpSession } from "../helpers/mcp";
import { tokensFor } from "../helpers/oauth";
import { seed } from "../helpers/seed";

const s = await seed(["eng1", "euroleague"]);

async function account(email: string, plan: string, leagues: string[]) {
  const { id } = (await (await admin("POST", "/accounts", { email, plan })).json()) as { id: string };
  await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: leagues });
  const key = await createKey(id);
  return { id, key: key.key };
}

const leagueIds = (result: any) => (result.structuredContent.leagues as { id: string }[]).map((l) => l.id);

describe("every MCP request is its own credentials (stateless: no session carries a caller)", () => {
  it("initialize answers without Mcp-Session-Id; GET and DELETE are 405", async () => {
    const a = await account("mcp-stateless@example.com", "growth", ["lg_fb_eng1"]);
    const init = await mcpPost(
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      },
      { "x-api-key": a.key },
    );
    expect(init.status).toBe(200);
    expect(init.headers.get("mcp-session-id")).toBeNull();
    for (const method of ["GET", "DELETE"]) {
      const res = await exports.default.fetch("http://127.0.0.1:8787/v1/mcp", {
        method,
        headers: { "x-api-key": a.key, accept: "application/json, text/event-stream" },
      });
      expect(res.status, method).toBe(405);
    }
  });

  it("key B sending an Mcp-Session-Id never sees A's leagues", async () => {
    const a = await account("mcp-a@example.com", "growth", ["lg_fb_eng1"]);
    const b = await account("mcp-b@example.com", "growth", ["lg_bb_euroleague"]);
    const sa = await mcpSession({ "x-api-key": a.key });
    expect(leagueIds(await sa.call("list_leagues"))).toEqual(["lg_fb_eng1"]);
    const res = await mcpPost(
      { jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "list_leagues", arguments: {} } },
      { "x-api-key": b.key, "mcp-session-id": "anything-a-used", "mcp-protocol-version": "2025-06-18" },
    );
    const text = await res.text();
    expect(text).not.toContain("lg_fb_eng1");
    expect(text).toContain("lg_bb_euroleague");
  });
});

describe("plan and leagues are read at each call", () => {
  const exhaust = async (session: Awaited<ReturnType<typeof mcpSession>>, n: number) => {
    const results = [];
    for (let i = 0; i < n; i++) results.push(await session.call("list_leagues", { sport: "football" }));
    return results;
  };

  it("a downgrade applies to the next call of an open API-key session (trial: 30 calls a minute)", async () => {
    const a = await account("mcp-downgrade@example.com", "growth", ["lg_fb_eng1"]);
    const session = await mcpSession({ "x-api-key": a.key });
    expect((await session.call("list_leagues")).isError).toBeFalsy();
    await admin("PUT", `/accounts/${a.id}/plan`, { plan: "trial" });
    // One call used before the downgrade: 29 more fit the trial budget, the 30th after it is refused.
    const results = await exhaust(session, 30);
    const refused = results.filter((r) => r.isError);
    expect(refused).toHaveLength(1);
    expect(refused[0].content[0].text).toMatch(/trial plan allows 30 tool calls per minute/);
  });

  it("a downgrade applies to the next call of an OAuth grant approved on a larger plan", async () => {
    const agent = await signedUp("mcp-oauth-downgrade@example.com");
    const { id } = (await env.DB.prepare("SELECT id FROM accounts WHERE email = ?")
      .bind("mcp-oauth-downgrade@example.com")
      .first<{ id: string }>())!;
    await admin("PUT", `/accounts/${id}/plan`, { plan: "growth" });
    const t = await tokensFor(agent);
    await admin("PUT", `/accounts/${id}/plan`, { plan: "trial" });
    const session = await mcpSession({ authorization: `Bearer ${t.access_token}` });
    const refused = (await exhaust(session, 31)).filter((r) => r.isError);
    expect(refused).toHaveLength(1);
    expect(refused[0].content[0].text).toMatch(/trial plan/);
  });

  it("untracking a league hides it from the next call of an open session", async () => {
    const a = await account("mcp-untrack@example.com", "growth", ["lg_fb_eng1", "lg_bb_euroleague"]);
    const session = await mcpSession({ "x-api-key": a.key });
    expect(leagueIds(await session.call("list_leagues")).sort()).toEqual(["lg_bb_euroleague", "lg_fb_eng1"]);
    await admin("PUT", `/accounts/${a.id}/tracked-leagues`, { league_ids: ["lg_bb_euroleague"] });
    expect(leagueIds(await session.call("list_leagues"))).toEqual(["lg_bb_euroleague"]);
  });
});

describe("tool failures", () => {
  it("an internal failure reaches the client as a reference, never its message", async () => {
    const session = await mcpSession({ "x-api-key": s.key });
    await env.DB.prepare("ALTER TABLE leagues RENAME TO leagues_away").run();
    try {
      // A call no earlier one in this file made: a result kept from one (src/mcp/result-cache.ts) reads no table.
      const r = await session.call("get_standings", { league_id: "lg_fb_eng1" });
      expect(r.isError).toBe(true);
      expect(r.content[0].text).toMatch(/^internal error; quote [0-9a-f-]{36} to support$/);
      expect(JSON.stringify(r)).not.toMatch(/leagues|SQL|no such table/i);
    } finally {
      await env.DB.prepare("ALTER TABLE leagues_away RENAME TO leagues").run();
    }
  });
});
