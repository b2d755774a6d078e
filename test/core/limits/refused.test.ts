// A request refused for its budget does no other work (docs/security-and-limits.md "Abuse limits"): no data read, no
// Durable Object beyond the budget check, no tool run, no socket slot taken.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../../workers/api";
import { admin, createKey } from "../../helpers/admin";
import { mcpSession } from "../../helpers/mcp";
import { recordingD1 } from "../../helpers/recording-d1";
import { get, seed } from "../../helpers/seed";

await seed(["eng1"]);

async function trialKey(email: string) {
  const { id } = (await (await admin("POST", "/accounts", { email, plan: "trial" })).json()) as { id: string };
  await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
  return { accountId: id, ...(await createKey(id)) };
}

/** Sends one request through the Worker with a D1 handle that records every statement. */
async function recorded(path: string, headers: Record<string, string>) {
  const { db, log } = recordingD1(env.DB);
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://127.0.0.1:8787${path}`, { headers }), { ...env, DB: db }, ctx);
  await waitOnExecutionContext(ctx);
  return { res, statements: log.map((l) => l.sql) };
}

const useUp = async (key: string, n: number) => {
  for (let i = 0; i < n; i++) expect((await get("/v1/football/leagues", key)).status).toBe(200);
};

describe("a 429 costs nothing but the budget check", () => {
  it("REST: the refused request runs at most the key check, no data query", async () => {
    const k = await trialKey("refused-rest@example.com");
    await useUp(k.key, 60);
    const { res, statements } = await recorded("/v1/football/matches?status=live", { "x-api-key": k.key });
    expect(res.status).toBe(429);
    // The key's record is in this isolate's memory (src/core/auth/key-records.ts) unless it is more than 1 s old.
    expect(statements.length).toBeLessThanOrEqual(1);
    for (const q of statements) expect(q).toMatch(/from "?api_keys"?/i);
  });

  it("WebSocket: a refused upgrade takes no connection slot and reaches no match room", async () => {
    const k = await trialKey("refused-ws@example.com");
    await useUp(k.key, 60);
    const live = (await env.DB.prepare("SELECT id FROM matches WHERE status_code = 2 LIMIT 1").first<{
      id: string;
    }>())!;
    const { res, statements } = await recorded(`/v1/ws/match/${live.id}`, { "x-api-key": k.key, upgrade: "websocket" });
    expect(res.status).toBe(429);
    expect(statements).toHaveLength(1);
    expect(await env.ACCOUNT_GATE.getByName(k.accountId).holders()).toEqual([]);
  });

  it("MCP: a refused tool call does not run the tool", async () => {
    const k = await trialKey("refused-mcp@example.com");
    const session = await mcpSession({ "x-api-key": k.key });
    for (let i = 0; i < 30; i++) expect((await session.call("list_leagues")).isError).toBeFalsy();
    // Were the tool to run, it would fail on the missing table; refused first, it never touches it.
    await env.DB.prepare("ALTER TABLE leagues RENAME TO leagues_away").run();
    try {
      const r = await session.call("list_leagues");
      expect(r.isError).toBe(true);
      expect(r.content[0].text).toMatch(/^rate limited: the trial plan allows 30 tool calls per minute/);
    } finally {
      await env.DB.prepare("ALTER TABLE leagues_away RENAME TO leagues").run();
    }
  });
});
