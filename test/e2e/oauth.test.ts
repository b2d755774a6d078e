// A full OAuth 2.0 run for an MCP client with an independent, strict client library (oauth4webapi): discovery from
// the MCP 401, dynamic registration, authorization with sign-in and consent in headless Chromium, PKCE token
// exchange, MCP calls with the token, refresh rotation — and the refusals a correct server owes.
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import * as oauth from "oauth4webapi";
import type { Browser, Page } from "playwright-core";
import { chromiumAvailable, launchChromium } from "./chromium";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectModern, watch } from "../helpers/mcp-watch";
import { startWorker, type RunningWorker } from "./worker";

const REDIRECT = "http://127.0.0.1:5999/callback"; // never reached: the browser's navigation to it is intercepted
const insecure = { [oauth.allowInsecureRequests]: true }; // loopback http only

let w: RunningWorker;
let browser: Browser;
let page: Page;
let as: oauth.AuthorizationServer;
let client: oauth.Client;

/** The token request for an authorization code: a public client with PKCE, the registered redirect. */
const exchange = (params: URLSearchParams, verifier: string) =>
  oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, insecure);

/**
 * Drives the browser through an authorization-code request with PKCE S256; returns the callback URL the server
 * redirected to (or null) and the status of the first page.
 */
async function authorize(
  verifier: string,
  state: string,
  redirectUri = REDIRECT,
): Promise<{ callback: URL | null; status: number | undefined }> {
  const url = new URL(as.authorization_endpoint!);
  const params = {
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: redirectUri,
    state,
    scope: "mcp:invoke",
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  let callback: URL | null = null;
  await page.route(`${REDIRECT}**`, async (route) => {
    callback = new URL(route.request().url());
    await route.fulfill({ status: 200, body: "back in the app" });
  });
  const first = await page.goto(url.toString());
  if (page.url().includes("/dashboard/sign-in")) {
    await page.getByLabel("Email").fill("demo@example.com");
    await page.getByLabel("Password").fill("demo-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/oauth\/authorize/);
  }
  if (page.url().includes("/oauth/authorize") && (await page.getByRole("button", { name: "Approve" }).count()) > 0) {
    expect(await page.locator("#client-name").textContent()).toBe("E2E MCP client");
    expect(await page.locator("#redirect-host").textContent()).toBe("127.0.0.1");
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(`${REDIRECT}**`);
  }
  await page.unroute(`${REDIRECT}**`);
  return { callback, status: first?.status() };
}

describe.skipIf(!chromiumAvailable)("OAuth 2.0 for MCP with oauth4webapi and Chromium", () => {
  beforeAll(async () => {
    w = await startWorker();
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await w?.stop();
  });

  it("discovery starts from the MCP 401 and leads to the authorization server", async () => {
    const res = await fetch(`${w.base}/v1/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(401);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(res.headers.get("www-authenticate") ?? "")![1]!;
    const resource = new URL(`${w.base}/v1/mcp`);
    const rs = await oauth.processResourceDiscoveryResponse(resource, await fetch(metadataUrl));
    const issuer = new URL(rs.authorization_servers![0]!);
    as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }),
    );
    expect(as.code_challenge_methods_supported).toContain("S256");
    const reg = await oauth.dynamicClientRegistrationRequest(
      as,
      { redirect_uris: [REDIRECT], client_name: "E2E MCP client", token_endpoint_auth_method: "none" },
      insecure,
    );
    client = (await oauth.processDynamicClientRegistrationResponse(reg)) as oauth.Client;
    expect(client.client_id).toBeTruthy();
    expect(client.client_secret).toBeUndefined();
  });

  it("authorize (sign-in + consent) → code → token with PKCE → MCP calls → refresh rotation", async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const { callback } = await authorize(verifier, state);
    expect(callback).not.toBeNull();
    const params = oauth.validateAuthResponse(as, client, callback!, state);
    const tokenRes = await exchange(params, verifier);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, tokenRes);
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe("mcp:invoke");

    const mcp = new McpClient({ name: "oauth-e2e", version: "1" });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${w.base}/v1/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${tokens.access_token}` } },
      }),
    );
    expect((await mcp.listTools()).tools).toHaveLength(15);
    const live = await mcp.callTool({ name: "get_matches", arguments: { status: "live" } });
    expect(live.isError).toBeFalsy();
    await mcp.close();

    // The same token with a 2026-07-28 client: tools, and a subscription that an ingest commit reaches.
    const modern = await connectModern(w.base, { authorization: `Bearer ${tokens.access_token}` });
    expect(modern.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const { resources } = await modern.listResources();
    // A live match (the list also holds the match centre's ui:// page).
    const liveMatch = resources.find((r) => r.uri.startsWith("sports://"))!;
    const match = JSON.parse(((await modern.readResource({ uri: liveMatch.uri })).contents[0] as any).text);
    const watching = await watch(modern, [liveMatch.uri]);
    await w.ingest([{ op: "match", id: match.id, sport: match.sport, league_id: match.league.id, home_score: 99 }]);
    expect(await watching.until(1)).toBe(1);
    await modern.close();

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
    );
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const again = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure),
    );
    await expect(
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
      ),
    ).rejects.toMatchObject({ error: "invalid_grant" });
    void again;
  });

  it("refuses a wrong verifier, a reused code and an unregistered redirect URI", async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const { callback } = await authorize(verifier, state);
    const params = oauth.validateAuthResponse(as, client, callback!, state);
    const wrong = await exchange(params, oauth.generateRandomCodeVerifier());
    await expect(oauth.processAuthorizationCodeResponse(as, client, wrong)).rejects.toMatchObject({
      error: "invalid_grant",
    });
    const first = await exchange(params, verifier);
    expect((await oauth.processAuthorizationCodeResponse(as, client, first)).access_token).toBeTruthy();
    const reused = await exchange(params, verifier);
    await expect(oauth.processAuthorizationCodeResponse(as, client, reused)).rejects.toMatchObject({
      error: "invalid_grant",
    });

    const { callback: none, status } = await authorize(verifier, state, "http://127.0.0.1:5999/elsewhere");
    expect(none).toBeNull();
    expect(status).toBe(400);
  });
});
