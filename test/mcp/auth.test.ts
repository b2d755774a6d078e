import { describe, expect, it } from "vitest";
import { generateKey } from "../../src/core/auth/keys";
import { admin, createKey } from "../helpers/admin";
import { mcpPost, mcpSession } from "../helpers/mcp";
import { seed } from "../helpers/seed";

const s = await seed(["eng1"]);
const init = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};
const META = 'resource_metadata="http://127.0.0.1:8787/.well-known/oauth-protected-resource/v1/mcp"';

describe("/v1/mcp credentials", () => {
  it("no credentials → 401 with WWW-Authenticate pointing at the protected resource metadata", async () => {
    const res = await mcpPost(init);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain(META);
  });

  it("a malformed, unknown or revoked key → 401 invalid_api_key with the same challenge", async () => {
    const k = await createKey(s.accountId);
    await admin("DELETE", `/keys/${k.id}`);
    for (const key of ["sk_test_nope", generateKey("sk_test_"), k.key]) {
      const res = await mcpPost(init, { "x-api-key": key });
      expect(res.status).toBe(401);
      expect(((await res.json()) as any).code).toBe("invalid_api_key");
      expect(res.headers.get("www-authenticate")).toContain(META);
    }
    const bearer = await mcpPost(init, { authorization: `Bearer ${k.key}` });
    expect(bearer.status).toBe(401);
  });

  it("a key without mcp:invoke → 401 insufficient_scope", async () => {
    const k = await createKey(s.accountId, ["read:matches", "read:leagues"]);
    const res = await mcpPost(init, { "x-api-key": k.key });
    expect(res.status).toBe(401);
    expect(((await res.json()) as any).code).toBe("insufficient_scope");
    expect(res.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
  });

  it("accepts the key by X-API-Key, Authorization: Bearer and ?api_key=", async () => {
    for (const [headers, path] of [
      [{ "x-api-key": s.key }, undefined],
      [{ authorization: `Bearer ${s.key}` }, undefined],
      [{}, `/v1/mcp?api_key=${s.key}`],
    ] as const) {
      const session = await mcpSession({ ...headers }, path);
      expect((await session.list()).length).toBe(15);
    }
  });

  it("a key revoked mid-session stops working on the next call", async () => {
    const k = await createKey(s.accountId);
    const session = await mcpSession({ "x-api-key": k.key });
    expect((await session.list()).length).toBe(15);
    await admin("DELETE", `/keys/${k.id}`);
    await expect(session.list()).rejects.toThrow();
  });
});

describe("Origin", () => {
  it("refuses a foreign browser origin, allows none and our own", async () => {
    const foreign = await mcpPost(init, { "x-api-key": s.key, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect((await mcpPost(init, { "x-api-key": s.key, origin: "http://127.0.0.1:8787" })).status).toBe(200);
    expect((await mcpPost(init, { "x-api-key": s.key })).status).toBe(200);
  });
});

describe("the plan's MCP budget", () => {
  it("trial: the 31st tool call in a minute is a rate-limit tool error", async () => {
    const { id } = (await (
      await admin("POST", "/accounts", { email: "mcp-trial@example.com", plan: "trial" })
    ).json()) as { id: string };
    await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
    const session = await mcpSession({ "x-api-key": (await createKey(id)).key });
    const results = [];
    for (let i = 0; i < 31; i++) results.push(await session.call("list_leagues", {}));
    expect(results.slice(0, 30).every((r) => !r.isError)).toBe(true);
    expect(results[30].isError).toBe(true);
    expect(results[30].content[0].text).toMatch(/rate limited: the trial plan allows 30 tool calls per minute/);
  });
});
