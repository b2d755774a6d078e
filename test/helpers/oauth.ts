import { exports } from "cloudflare:workers";
import { testIp, type Agent } from "./browser";

const ORIGIN = "http://127.0.0.1:8787";
export const REDIRECT = "http://127.0.0.1:9999/callback";

const b64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

export async function pkce() {
  const verifier = b64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = b64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return { verifier, challenge };
}

export const call = (path: string, init: RequestInit = {}) =>
  exports.default.fetch(`${ORIGIN}${path}`, { redirect: "manual", ...init });

/** Registers a public client, from a fresh client address unless `ip` is given (registrations are budgeted per IP). */
export async function register(name = "Test Client", ip = testIp()) {
  const res = await call("/oauth/register", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip },
    body: JSON.stringify({ redirect_uris: [REDIRECT], client_name: name, token_endpoint_auth_method: "none" }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

export const authorizePath = (clientId: string, challenge: string, state = "st-1", redirect = REDIRECT) =>
  `/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirect, state, code_challenge: challenge, code_challenge_method: "S256", scope: "mcp:invoke" })}`;

/** Signed-in user approves: returns the redirect back to the client. */
export async function approve(agent: Agent, clientId: string, challenge: string, decision = "approve") {
  const path = authorizePath(clientId, challenge);
  const page = await agent.get(path);
  const html = await page.text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(html)![1]!;
  const res = await agent.post("/oauth/authorize", { _csrf: csrf, q: path.split("?")[1]!, decision });
  return { html, res, location: new URL(res.headers.get("location") ?? "http://x/") };
}

export async function token(fields: Record<string, string>) {
  const res = await call("/oauth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** The authorization-code exchange at the token endpoint (PKCE, the registered redirect). */
export const codeGrant = (clientId: string, code: string, verifier: string) =>
  token({
    grant_type: "authorization_code",
    code,
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
  });

/** Register, sign in, approve, exchange the code: a fresh token set for `agent`'s account. */
export async function tokensFor(agent: Agent) {
  const client = (await register()).body;
  const { verifier, challenge } = await pkce();
  const { location } = await approve(agent, client.client_id, challenge);
  const t = await codeGrant(client.client_id, location.searchParams.get("code")!, verifier);
  return { client, ...t.body };
}
