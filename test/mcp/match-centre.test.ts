// The MCP App "match centre" (docs/mcp.md "MCP App: live match centre"): show_match links the ui:// resource and
// answers with the match, a browser token for that match only and where to stream it; the resource is the app's HTML
// with a CSP naming our origins only; refresh_match_token (app-only) hands a fresh token. Tokens minted for an OAuth
// caller hang off its grant: revoking the grant fails them and closes their streams, as a key's revocation does.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { openToken } from "../../src/core/auth/token-format";
import { admin, createKey } from "../helpers/admin";
import { signedUp } from "../helpers/browser";
import { connect, ingestOps } from "../helpers/live";
import { mcpSession } from "../helpers/mcp";
import { tokensFor } from "../helpers/oauth";
import { liveMatchOp } from "../helpers/ops";
import { get, getJson, seed } from "../helpers/seed";

const s = await seed(["eng1", "euroleague"]);
const A = "m_app_a";
const B = "m_app_b";
await ingestOps([liveMatchOp({ id: A }), liveMatchOp({ id: B })]);

const URI = "ui://sports-data/match-centre.html";
const OURS = ["http://127.0.0.1:8787", "ws://127.0.0.1:8787"];
const text = (r: any) => r.content.map((c: any) => c.text).join("\n");
const mcp = await mcpSession({ "x-api-key": s.key });

describe("tools/list", () => {
  it("show_match links the ui:// resource; refresh_match_token is listed for the app only (hosts hide it)", async () => {
    const tools = new Map((await mcp.list()).map((t) => [t.name, t]));
    expect(tools.get("show_match")._meta).toEqual({ ui: { resourceUri: URI }, "ui/resourceUri": URI });
    // The spec (SEP-1865 "Visibility"): servers list app-only tools with `visibility: ["app"]`; hosts keep them from
    // the model and let only the app call them.
    expect(tools.get("refresh_match_token")._meta.ui).toEqual({ resourceUri: URI, visibility: ["app"] });
    for (const t of tools.values())
      if (t.name !== "refresh_match_token") expect(t._meta?.ui?.visibility).toBeUndefined();
  });
});

describe("the ui:// resource", () => {
  it("is the app's HTML (text/html;profile=mcp-app) whose CSP may connect to our origins and nothing else", async () => {
    const read = (await mcp.rpc("resources/read", { uri: URI })).body.result;
    expect(read.contents).toHaveLength(1);
    const c = read.contents[0];
    expect(c).toMatchObject({ uri: URI, mimeType: "text/html;profile=mcp-app" });
    expect(c._meta.ui.csp).toEqual({ connectDomains: OURS });
    expect(c.text).toMatch(/^<!doctype html>/);
    // Self-contained: nothing loaded from anywhere (no script src, stylesheet link, image or frame).
    expect(c.text).not.toMatch(/<(script|img|iframe)[^>]*\ssrc=|<link[^>]*href=/i);
    // The script, inline, is the committed build (read from the static assets, not part of the Worker bundle).
    const built = (await import("../../src/mcp/app/match-centre.gen.js?raw")).default as string;
    expect(c.text).toContain(built.slice(built.indexOf("\n") + 1, built.indexOf("\n") + 2001));
    expect(c.text.length).toBeGreaterThan(built.length);
    // The asset is the Worker's to read: no route hands /internal/* to ASSETS.
    const direct = await get("/internal/match-centre.js");
    expect(direct.status).not.toBe(200);
    expect(await direct.text()).not.toContain(built.slice(200, 400));
    const listed = (await mcp.rpc("resources/list", {})).body.result.resources.find((r: any) => r.uri === URI);
    expect(listed).toMatchObject({
      mimeType: "text/html;profile=mcp-app",
      _meta: { ui: { csp: { connectDomains: OURS } } },
    });
  });
});

describe("show_match", () => {
  it("answers get_match's text, and the match (with seq) with a 10-minute token for that match and its stream", async () => {
    const before = Date.now();
    const r = await mcp.call("show_match", { match_id: A });
    expect(r.isError, text(r)).toBeFalsy();
    expect(text(r)).toBe(text(await mcp.call("get_match", { match_id: A })));
    const sc = r.structuredContent;
    const detail = (await getJson(`/v1/football/matches/${A}`, s.key)).body;
    expect(sc.match).toEqual(detail);
    expect(Number.isInteger(sc.match.seq)).toBe(true);
    expect(sc.token).toMatch(/^tk_test_/);
    const ttl = Date.parse(sc.expires_at) - before;
    expect(ttl).toBeGreaterThan(590_000);
    expect(ttl).toBeLessThanOrEqual(601_000);
    expect(sc.websocket_url).toBe(`ws://127.0.0.1:8787/v1/ws/match/${A}`);
    expect(sc.match_url).toBe(`http://127.0.0.1:8787/v1/football/matches/${A}`);
  });

  it("the token reads that match and streams it from ?since=; another match is 404, leagues are out of scope", async () => {
    const { token, match } = (await mcp.call("show_match", { match_id: A })).structuredContent;
    expect((await get(`/v1/football/matches/${A}`, token)).status).toBe(200);
    expect((await get(`/v1/football/matches/${A}/events`, token)).status).toBe(200);
    expect((await getJson(`/v1/football/matches/${B}`, token)).status).toBe(404);
    expect((await getJson("/v1/football/leagues", token)).body.code).toBe("insufficient_scope");
    const ws = (await connect(`/v1/ws/match/${A}?api_key=${token}&since=${match.seq}`)).socket!;
    await ingestOps([liveMatchOp({ id: A, home_score: 3 })]);
    expect((await ws.next())[0]).toMatchObject({ type: "score_update", seq: match.seq + 1, data: { home: 3 } });
    ws.ws.close(1000);
  });

  it("two calls get two tokens (results carrying a token are never reused)", async () => {
    const [a, b] = [await mcp.call("show_match", { match_id: A }), await mcp.call("show_match", { match_id: A })];
    expect(a.structuredContent.token).not.toBe(b.structuredContent.token);
  });

  it("an unknown match is a tool error; so is a key that could not open the stream itself", async () => {
    const unknown = await mcp.call("show_match", { match_id: "m_nope" });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toMatch(/match m_nope not found/);
    const mcpOnly = await mcpSession({ "x-api-key": (await createKey(s.accountId, ["mcp:invoke"])).key });
    const r = await mcpOnly.call("show_match", { match_id: A });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/needs a key with `read:matches` and `stream:websocket`/);
  });
});

describe("refresh_match_token", () => {
  it("hands a fresh token for the match; an unknown match is a tool error", async () => {
    const shown = (await mcp.call("show_match", { match_id: A })).structuredContent;
    const r = await mcp.call("refresh_match_token", { match_id: A });
    expect(r.isError, text(r)).toBeFalsy();
    expect(Object.keys(r.structuredContent).sort()).toEqual(["expires_at", "token"]);
    expect(r.structuredContent.token).not.toBe(shown.token);
    expect((await get(`/v1/football/matches/${A}`, r.structuredContent.token)).status).toBe(200);
    expect((await get(`/v1/football/matches/${B}`, r.structuredContent.token)).status).toBe(404);
    expect((await mcp.call("refresh_match_token", { match_id: "m_nope" })).isError).toBe(true);
  });
});

describe("tokens of an OAuth caller belong to its grant", () => {
  it("revoking the grant: the token is refused (401) and its open WebSocket closes 1008 within 5 s", async () => {
    const email = "app-oauth@example.com";
    const agent = await signedUp(email);
    const { id } = (await env.DB.prepare("SELECT id FROM accounts WHERE email = ?")
      .bind(email)
      .first<{ id: string }>())!;
    await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
    const t = await tokensFor(agent);
    const session = await mcpSession({ authorization: `Bearer ${t.access_token}` });
    const r = await session.call("show_match", { match_id: A });
    expect(r.isError, text(r)).toBeFalsy();
    const { token, match } = r.structuredContent;
    const claims = await openToken(env, token);
    expect(claims).toMatchObject({ a: id, k: null, g: t.refresh_token.split(":")[1] });
    expect((await get(`/v1/football/matches/${A}`, token)).status).toBe(200);
    const ws = (await connect(`/v1/ws/match/${A}?api_key=${token}&since=${match.seq}`)).socket!;

    const page = await (await agent.get("/dashboard/apps")).text();
    const grantId = /data-grant-id="([^"]+)"/.exec(page)![1]!;
    const t0 = Date.now();
    expect(
      (await agent.post(`/dashboard/apps/${grantId}/revoke`, { _csrf: await agent.csrf("/dashboard/apps") })).status,
    ).toBe(303);
    const closed = await ws.closed;
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(closed).toEqual({ code: 1008, reason: "app access revoked" });
    const refused = await getJson(`/v1/football/matches/${A}`, token);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe("invalid_api_key");
    expect((await connect(`/v1/ws/match/${A}?api_key=${token}`)).status).toBe(401);
  });

  it("a key's token dies with the key: 401 and its stream closes 1008 `api key revoked`", async () => {
    const k = await createKey(s.accountId);
    const session = await mcpSession({ "x-api-key": k.key });
    const { token, match } = (await session.call("show_match", { match_id: A })).structuredContent;
    const ws = (await connect(`/v1/ws/match/${A}?api_key=${token}&since=${match.seq}`)).socket!;
    expect((await admin("DELETE", `/keys/${k.id}`)).status).toBe(204);
    expect(await ws.closed).toEqual({ code: 1008, reason: "api key revoked" });
    expect((await get(`/v1/football/matches/${A}`, token)).status).toBe(401);
  });
});
