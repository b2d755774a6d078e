// Who an MCP request is: the front door's Principal for an API key, the grant's ids for an OAuth token, and
// nothing a request could forge. Calls the MCP handler the way the OAuth provider does (ctx.props = a grant's props).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mcpHandler } from "../../src/mcp/handler";
import { readRpc } from "../helpers/mcp";
import { seed } from "../helpers/seed";

const s = await seed(["eng1"]);

/** A stateless 2025-era tools/call, as a client holding an OAuth access token sends it. */
async function callWithProps(props: Record<string, unknown>, headers: Record<string, string> = {}) {
  const request = new Request("http://127.0.0.1:8787/v1/mcp", {
    method: "POST",
    headers: {
      host: "127.0.0.1:8787",
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
      authorization: "Bearer acc:grant:secret",
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "list_leagues", arguments: {} },
    }),
  });
  const ctx = { props, waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;
  return (await readRpc(await mcpHandler(request, env, ctx))).result;
}

describe("the MCP handler's Principal", () => {
  it("an OAuth grant's props (ids only) become an oauth Principal whose plan and leagues are read at use", async () => {
    const result = await callWithProps({ type: "oauth", accountId: s.accountId });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.leagues.map((l: { id: string }) => l.id)).toContain("lg_fb_eng1");
  });

  it("props that claim a key are no identity unless the request carries a key: a grant cannot pose as a key", async () => {
    const forged = {
      type: "key",
      accountId: s.accountId,
      keyId: "key_forged",
      scopes: ["mcp:invoke"],
      plan: "scale",
      tracked: "lg_fb_eng1",
      entitlementVersion: 1,
    };
    const result = await callWithProps(forged);
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toBe("not authenticated");
  });

  it("props of no known shape are no identity", async () => {
    const result = await callWithProps({ user: "someone" });
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toBe("not authenticated");
  });
});
