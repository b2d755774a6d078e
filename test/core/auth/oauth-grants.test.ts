import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signedUp } from "../../helpers/browser";
import { mcpPost } from "../../helpers/mcp";
import { token, tokensFor } from "../../helpers/oauth";
import { seed } from "../../helpers/seed";

await seed(["eng1"]);
const list = (accessToken: string) =>
  mcpPost(
    {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    },
    { authorization: `Bearer ${accessToken}` },
  );

describe("refresh-token reuse beyond the one-step grace revokes the grant", () => {
  it("after T0 → T1 → T2, presenting T0 again kills the grant: T2's access and refresh tokens stop working", async () => {
    const t = await tokensFor(await signedUp("reuse@example.com"));
    const r1 = await token({
      grant_type: "refresh_token",
      refresh_token: t.refresh_token,
      client_id: t.client.client_id,
    });
    const r2 = await token({
      grant_type: "refresh_token",
      refresh_token: r1.body.refresh_token,
      client_id: t.client.client_id,
    });
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect((await list(r2.body.access_token)).status).toBe(200);
    const replay = await token({
      grant_type: "refresh_token",
      refresh_token: t.refresh_token,
      client_id: t.client.client_id,
    });
    expect(replay.status).toBe(400);
    expect((await list(r2.body.access_token)).status).toBe(401);
    const next = await token({
      grant_type: "refresh_token",
      refresh_token: r2.body.refresh_token,
      client_id: t.client.client_id,
    });
    expect(next.status).toBe(400);
  });

  it("a replay of T0 inside the grace, then the client's own T1, revokes the grant: the attacker's tokens die too", async () => {
    const t = await tokensFor(await signedUp("grace-replay@example.com"));
    const refresh = (refresh_token: string) =>
      token({ grant_type: "refresh_token", refresh_token, client_id: t.client.client_id });
    const client = await refresh(t.refresh_token);
    expect(client.status).toBe(200);
    // The attacker replays the stolen T0 while the library still accepts the previous token.
    const attacker = await refresh(t.refresh_token);
    expect(attacker.status).toBe(200);
    expect((await list(attacker.body.access_token)).status).toBe(200);
    // The client's T1 has been superseded by the attacker's refresh: presenting it is reuse.
    expect((await refresh(client.body.refresh_token)).status).toBe(400);
    expect((await list(attacker.body.access_token)).status).toBe(401);
    expect((await refresh(attacker.body.refresh_token)).status).toBe(400);
    expect((await list(client.body.access_token)).status).toBe(401);
  });

  it("a garbage refresh token revokes nothing", async () => {
    const t = await tokensFor(await signedUp("garbage@example.com"));
    const [userId, grantId] = t.refresh_token.split(":");
    const forged = await token({
      grant_type: "refresh_token",
      refresh_token: `${userId}:${grantId}:forged`,
      client_id: t.client.client_id,
    });
    expect(forged.status).toBe(400);
    expect((await list(t.access_token)).status).toBe(200);
  });
});

describe("connected apps in the dashboard", () => {
  it("lists the grant by client name and revoking it stops its token on the next call", async () => {
    const a = await signedUp("apps@example.com");
    const t = await tokensFor(a);
    expect((await list(t.access_token)).status).toBe(200);
    const page = await (await a.get("/dashboard/apps")).text();
    expect(page).toContain('<td class="name lead">Test Client</td>');
    expect(page).toContain("mcp:invoke");
    const grantId = /data-grant-id="([^"]+)"/.exec(page)![1]!;
    const _csrf = await a.csrf("/dashboard/apps");
    expect((await a.post(`/dashboard/apps/${grantId}/revoke`, { _csrf })).status).toBe(303);
    const res = await list(t.access_token);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect(await (await a.get("/dashboard/apps")).text()).toContain("No connected apps.");
  });

  it("another account cannot revoke it", async () => {
    const owner = await signedUp("apps-owner@example.com");
    const t = await tokensFor(owner);
    const grantId = /data-grant-id="([^"]+)"/.exec(await (await owner.get("/dashboard/apps")).text())![1]!;
    const other = await signedUp("apps-other@example.com");
    const _csrf = await other.csrf("/dashboard/apps");
    expect((await other.post(`/dashboard/apps/${grantId}/revoke`, { _csrf })).status).toBe(404);
    expect((await list(t.access_token)).status).toBe(200);
  });
});

describe("expired access tokens", () => {
  it("answer 401 invalid_token (the client refreshes and retries)", async () => {
    const t = await tokensFor(await signedUp("expired@example.com"));
    const keys = (await env.OAUTH_KV.list({ prefix: `token:${t.access_token.split(":")[0]}:` })).keys;
    for (const k of keys) {
      const v = (await env.OAUTH_KV.get(k.name, "json")) as any;
      await env.OAUTH_KV.put(k.name, JSON.stringify({ ...v, expiresAt: Math.floor(Date.now() / 1000) - 1 }));
    }
    const res = await list(t.access_token);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
    const fresh = await token({
      grant_type: "refresh_token",
      refresh_token: t.refresh_token,
      client_id: t.client.client_id,
    });
    expect(fresh.status).toBe(200);
    expect((await list(fresh.body.access_token)).status).toBe(200);
  });
});
