// Who an MCP request is: the front door's Principal for an API key, the grant's ids for an OAuth token, and
// nothing a request could forge. Calls the MCP handler the way the OAuth provider does (ctx.props = a grant's props).
// And what a key's tools/call is served by: a server holding only the called tool, which must answer exactly what
// the full server (a token's call, same account) answers.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mcpHandler } from "../../src/mcp/handler";
import { rawToolCall, readRpc } from "../helpers/mcp";
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

/** A tools/call's answer as raw bytes: with the key through the Worker, or with a grant's props as above. */
async function rawCall(era: "2025" | "2026", name: string, args: unknown, via: "key" | "grant") {
  const call = { id: 7, name, args };
  let res: Response;
  if (via === "key") res = await exports.default.fetch(rawToolCall(era, call, { "x-api-key": s.key }).request);
  else {
    const ctx = {
      props: { type: "oauth", accountId: s.accountId },
      waitUntil() {},
      passThroughOnException() {},
    } as unknown as ExecutionContext;
    const { request } = rawToolCall(era, call, { authorization: "Bearer acc:grant:secret" });
    res = await mcpHandler(request, env, ctx);
  }
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

describe("a key's tools/call, served by a server that registers only the called tool", () => {
  const day = new Date().toISOString().slice(0, 10);
  const calls: [string, unknown][] = [
    ["list_leagues", {}],
    ["get_matches", { sport: "football", date: day, limit: 5 }],
    ["get_standings", { league_id: "lg_fb_eng1" }],
    ["get_matches", { sport: "football", limit: "five" }],
    ["no_such_tool", {}],
  ];
  for (const era of ["2025", "2026"] as const)
    it(`answers byte for byte what the full server answers (${era === "2025" ? "2025-era" : "2026-07-28"} requests)`, async () => {
      for (const [name, args] of calls) {
        const full = await rawCall(era, name, args, "grant");
        const narrow = await rawCall(era, name, args, "key");
        expect(full.status, `${name} ${full.text}`).toBe(200);
        expect(narrow, `${name}(${JSON.stringify(args)})`).toEqual(full);
      }
    });
});
