import { describe, expect, it } from "vitest";
import { Agent, signedUp } from "../helpers/browser";
import { mcpPost, mcpSession } from "../helpers/mcp";
import { approve, call, codeGrant, pkce, register, REDIRECT, token, tokensFor } from "../helpers/oauth";
import { seed } from "../helpers/seed";

await seed(["eng1"]);

describe("discovery (RFC 9728, RFC 8414)", () => {
  it("serves protected-resource metadata at both paths and authorization-server metadata", async () => {
    for (const p of ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/v1/mcp"]) {
      const res = await call(p);
      expect(res.status).toBe(200);
      const body = (await res.json()) as any;
      expect(body.resource).toBe("http://127.0.0.1:8787/v1/mcp");
      expect(body.authorization_servers).toEqual(["http://127.0.0.1:8787"]);
    }
    const as = (await (await call("/.well-known/oauth-authorization-server")).json()) as any;
    expect(as).toMatchObject({
      issuer: "http://127.0.0.1:8787",
      authorization_endpoint: "http://127.0.0.1:8787/oauth/authorize",
      token_endpoint: "http://127.0.0.1:8787/oauth/token",
      registration_endpoint: "http://127.0.0.1:8787/oauth/register",
    });
    expect(as.grant_types_supported).toEqual(expect.arrayContaining(["authorization_code", "refresh_token"]));
    expect(as.code_challenge_methods_supported).toContain("S256");
  });
});

describe("registration, consent, tokens", () => {
  it("a public client gets only a client_id", async () => {
    const r = await register();
    expect(r.status).toBe(201);
    expect(r.body.client_id).toBeTruthy();
    expect(r.body.client_secret).toBeUndefined();
  });

  it("authorize sends an anonymous user to sign in, then shows a consent page naming the client, host and scope", async () => {
    const { body: client } = await register("Claude Desktop");
    const { challenge } = await pkce();
    const anon = new Agent();
    const first = await anon.get(
      `/oauth/authorize?response_type=code&client_id=${client.client_id}&redirect_uri=${encodeURIComponent(REDIRECT)}&state=s&code_challenge=${challenge}&code_challenge_method=S256&scope=mcp:invoke`,
    );
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toMatch(/^\/dashboard\/sign-in\?next=%2Foauth%2Fauthorize%3F/);
    const a = await signedUp("consent@example.com");
    const { html, res, location } = await approve(a, client.client_id, challenge);
    expect(html).toContain('<strong id="client-name">Claude Desktop</strong>');
    expect(html).toContain('<strong id="redirect-host">127.0.0.1</strong>');
    expect(html).toContain("mcp:invoke");
    expect(res.status).toBe(302);
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get("state")).toBe("st-1");
    expect(location.searchParams.get("code")).toBeTruthy();
  });

  it("the consent page's CSP lets its form redirect to the registered client, and nowhere else", async () => {
    const { body: client } = await register();
    const { challenge } = await pkce();
    const a = await signedUp("csp@example.com");
    const res = await a.get(
      `/oauth/authorize?response_type=code&client_id=${client.client_id}&redirect_uri=${encodeURIComponent(REDIRECT)}&state=s&code_challenge=${challenge}&code_challenge_method=S256&scope=mcp:invoke`,
    );
    expect(res.headers.get("content-security-policy")).toContain("form-action 'self' http://127.0.0.1:9999;");
  });

  it("deny sends the user back with access_denied; a forged consent POST is refused", async () => {
    const { body: client } = await register();
    const { challenge } = await pkce();
    const a = await signedUp("deny@example.com");
    const { location } = await approve(a, client.client_id, challenge, "deny");
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("code")).toBeNull();
    const forged = await a.post("/oauth/authorize", { _csrf: "x".repeat(22), q: "", decision: "approve" });
    expect(forged.status).toBe(403);
  });

  it("PKCE S256 is required", async () => {
    const { body: client } = await register();
    const a = await signedUp("pkce@example.com");
    const res = await a.get(
      `/oauth/authorize?response_type=code&client_id=${client.client_id}&redirect_uri=${encodeURIComponent(REDIRECT)}&state=s&scope=mcp:invoke`,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/S256|code_challenge|PKCE/i);
  });

  it("code + verifier → a 3600 s bearer token for mcp:invoke that calls the tools; a wrong verifier and a reused code fail", async () => {
    const a = await signedUp("token@example.com");
    const { body: client } = await register();
    const { verifier, challenge } = await pkce();
    const { location } = await approve(a, client.client_id, challenge);
    const code = location.searchParams.get("code")!;
    const wrong = await codeGrant(client.client_id, code, "x".repeat(43));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("invalid_grant");

    const { verifier: v2, challenge: c2 } = await pkce();
    const { location: l2 } = await approve(a, client.client_id, c2);
    const ok = await codeGrant(client.client_id, l2.searchParams.get("code")!, v2);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: "bearer", expires_in: 3600, scope: "mcp:invoke" });
    expect(ok.body.refresh_token).toBeTruthy();
    const session = await mcpSession({ authorization: `Bearer ${ok.body.access_token}` });
    expect((await session.list()).length).toBe(15);
    const leagues = await session.call("list_leagues", {});
    expect(leagues.structuredContent.leagues.map((l: any) => l.id)).toEqual(["lg_fb_eng1"]);

    // Replaying a used code fails, and (RFC 6749 §4.1.2) revokes what that code produced.
    const again = await codeGrant(client.client_id, l2.searchParams.get("code")!, v2);
    expect(again.status).toBe(400);
    const after = await mcpPost(
      { jsonrpc: "2.0", id: 9, method: "tools/list" },
      { authorization: `Bearer ${ok.body.access_token}` },
    );
    expect(after.status).toBe(401);
    void verifier;
  });

  it("refresh rotates the refresh token; the old one then fails", async () => {
    const a = await signedUp("refresh@example.com");
    const t = await tokensFor(a);
    const r1 = await token({
      grant_type: "refresh_token",
      refresh_token: t.refresh_token,
      client_id: t.client.client_id,
    });
    expect(r1.status).toBe(200);
    expect(r1.body.refresh_token).not.toBe(t.refresh_token);
    expect(r1.body.access_token).not.toBe(t.access_token);
    const r2 = await token({
      grant_type: "refresh_token",
      refresh_token: r1.body.refresh_token,
      client_id: t.client.client_id,
    });
    expect(r2.status).toBe(200);
    const stale = await token({
      grant_type: "refresh_token",
      refresh_token: t.refresh_token,
      client_id: t.client.client_id,
    });
    expect(stale.status).toBe(400);
    expect(stale.body.error).toBe("invalid_grant");
  });

  it("an invalid access token → 401 invalid_token with the resource_metadata challenge", async () => {
    const res = await mcpPost(
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      { authorization: "Bearer not-a-token:x:y" },
    );
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/invalid_token/);
    expect(res.headers.get("www-authenticate")).toMatch(/resource_metadata=/);
  });
});
