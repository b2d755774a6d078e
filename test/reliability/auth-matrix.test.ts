// One table: every endpoint (REST of both sports, WebSocket upgrades, SSE streams, MCP) × every credential, Host and Origin case
// → the status, the problem code and the WWW-Authenticate challenge a client gets.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { generateKey } from "../../src/core/auth/keys";
import { SCOPES, type Scope } from "../../src/core/domain/codes";
import { admin, createKey } from "../helpers/admin";
import { signedUp } from "../helpers/browser";
import { tokensFor } from "../helpers/oauth";
import { seed } from "../helpers/seed";

interface Endpoint {
  name: string;
  scope: Scope;
  kind: "rest" | "ws" | "sse" | "mcp";
  path: string;
}

const s = await seed(["eng1", "euroleague"]);
const finished = async (league: string) =>
  (await env.DB.prepare(
    "SELECT id FROM matches WHERE league_id = ? AND status_code = 3 ORDER BY kickoff_ts DESC LIMIT 1",
  )
    .bind(league)
    .first<{ id: string }>())!.id;
const live = (await env.DB.prepare(
  "SELECT id FROM matches WHERE league_id = 'lg_fb_eng1' AND status_code = 2 LIMIT 1",
).first<{
  id: string;
}>())!.id;

const ENDPOINTS: Endpoint[] = [];
for (const [sport, league] of [
  ["football", "lg_fb_eng1"],
  ["basketball", "lg_bb_euroleague"],
] as const) {
  const m = await finished(league);
  ENDPOINTS.push(
    { name: `${sport} leagues`, scope: "read:leagues", kind: "rest", path: `/v1/${sport}/leagues` },
    {
      name: `${sport} standings`,
      scope: "read:leagues",
      kind: "rest",
      path: `/v1/${sport}/leagues/${league}/standings`,
    },
    { name: `${sport} matches`, scope: "read:matches", kind: "rest", path: `/v1/${sport}/matches?limit=5` },
    ...["", "/events", "/stats", "/lineups", "/standings", "/h2h"].map((tail) => ({
      name: `${sport} match${tail || " detail"}`,
      scope: "read:matches" as const,
      kind: "rest" as const,
      path: `/v1/${sport}/matches/${m}${tail}`,
    })),
  );
}
ENDPOINTS.push(
  { name: "ws match", scope: "stream:websocket", kind: "ws", path: `/v1/ws/match/${live}` },
  { name: "ws live", scope: "stream:websocket", kind: "ws", path: "/v1/ws/live" },
  { name: "sse match", scope: "stream:websocket", kind: "sse", path: `/v1/sse/match/${live}` },
  { name: "sse live", scope: "stream:websocket", kind: "sse", path: "/v1/sse/live" },
  { name: "mcp", scope: "mcp:invoke", kind: "mcp", path: "/v1/mcp" },
);

type Case = {
  name: string;
  headers: () => Record<string, string>;
  expect: (e: Endpoint) => Expected;
  /** The URL's origin (default ours): a DNS-rebinding page reaches us under its own name. */
  origin?: string;
};
type Expected = { status: number; code?: string; challenge?: RegExp };

const METADATA = /resource_metadata="http:\/\/127\.0\.0\.1:8787\/\.well-known\/oauth-protected-resource\/v1\/mcp"/;
/** A 401 for a bad or missing key: the API's Bearer challenge, or MCP's naming its resource metadata. */
const keyRefused =
  (code: string, error = "invalid_token") =>
  (e: Endpoint): Expected => ({
    status: 401,
    code,
    challenge: e.kind === "mcp" ? METADATA : new RegExp(`^Bearer realm="api", error="${error}"`),
  });
const ok = (e: Endpoint): Expected => ({ status: e.kind === "ws" ? 101 : 200 });

const keys: Record<string, string> = {};
let oauth: { valid: string; expired: string; otherAudience: string };

beforeAll(async () => {
  const revoked = await createKey(s.accountId, undefined, "revoked");
  await admin("DELETE", `/keys/${revoked.id}`);
  keys.revoked = revoked.key;
  for (const scope of SCOPES)
    keys[`without ${scope}`] = (
      await createKey(
        s.accountId,
        SCOPES.filter((x) => x !== scope),
      )
    ).key;

  // Three OAuth grants: one as issued, one expired, one bound to another resource (audience).
  const mint = async (email: string) => (await tokensFor(await signedUp(email))).access_token as string;
  const edit = async (accessToken: string, change: (v: any) => any) => {
    for (const k of (await env.OAUTH_KV.list({ prefix: `token:${accessToken.split(":")[0]}:` })).keys) {
      await env.OAUTH_KV.put(k.name, JSON.stringify(change(await env.OAUTH_KV.get(k.name, "json"))));
    }
  };
  oauth = {
    valid: await mint("matrix-valid@example.com"),
    expired: await mint("matrix-expired@example.com"),
    otherAudience: await mint("matrix-aud@example.com"),
  };
  await edit(oauth.expired, (v) => ({ ...v, expiresAt: Math.floor(Date.now() / 1000) - 1 }));
  await edit(oauth.otherAudience, (v) => ({ ...v, audience: "https://other.example.com/v1/mcp" }));
});

const CASES: Case[] = [
  { name: "valid key", headers: () => ({ "x-api-key": s.key }), expect: ok },
  {
    name: "missing",
    headers: () => ({}),
    // Without any credential /v1/mcp is the OAuth provider's: its 401 names the resource metadata to start OAuth.
    expect: (e) => (e.kind === "mcp" ? { status: 401, challenge: METADATA } : keyRefused("invalid_api_key")(e)),
  },
  { name: "malformed", headers: () => ({ "x-api-key": "sk_test_tooshort" }), expect: keyRefused("invalid_api_key") },
  { name: "unknown", headers: () => ({ "x-api-key": generateKey("sk_test_") }), expect: keyRefused("invalid_api_key") },
  { name: "revoked", headers: () => ({ "x-api-key": keys.revoked! }), expect: keyRefused("invalid_api_key") },
  {
    name: "wrong environment",
    headers: () => ({ "x-api-key": generateKey("sk_live_") }),
    expect: keyRefused("wrong_environment"),
  },
  ...SCOPES.map((scope): Case => ({
    name: `key without ${scope}`,
    headers: () => ({ "x-api-key": keys[`without ${scope}`]! }),
    expect: (e) => (e.scope === scope ? keyRefused("insufficient_scope", "insufficient_scope")(e) : ok(e)),
  })),
  {
    name: "OAuth token",
    headers: () => ({ authorization: `Bearer ${oauth.valid}` }),
    // OAuth tokens are for MCP; on the REST and WebSocket API they are not keys.
    expect: (e) => (e.kind === "mcp" ? ok(e) : keyRefused("invalid_api_key")(e)),
  },
  {
    name: "expired OAuth token",
    headers: () => ({ authorization: `Bearer ${oauth.expired}` }),
    expect: (e) =>
      e.kind === "mcp" ? { status: 401, challenge: /error="invalid_token"/ } : keyRefused("invalid_api_key")(e),
  },
  {
    name: "OAuth token for another resource",
    headers: () => ({ authorization: `Bearer ${oauth.otherAudience}` }),
    expect: (e) =>
      e.kind === "mcp" ? { status: 401, challenge: /error="invalid_token"/ } : keyRefused("invalid_api_key")(e),
  },
  // Host and Origin (docs/security-and-limits.md "Abuse limits"): only our own host is answered, on every route; MCP
  // refuses a foreign browser Origin, while REST and WebSockets serve browser apps of any origin that hold a key.
  {
    name: "valid key, foreign Host (DNS rebinding)",
    origin: "http://rebind.example:8787",
    headers: () => ({ "x-api-key": s.key, origin: "http://rebind.example:8787" }),
    expect: () => ({ status: 421, code: "invalid_request" }),
  },
  {
    name: "valid key, foreign Host header",
    headers: () => ({ "x-api-key": s.key, host: "rebind.example" }),
    expect: () => ({ status: 421, code: "invalid_request" }),
  },
  {
    name: "valid key, foreign Origin",
    headers: () => ({ "x-api-key": s.key, origin: "https://evil.example" }),
    expect: (e) => (e.kind === "mcp" ? { status: 403, code: "invalid_request" } : ok(e)),
  },
  {
    name: "valid key, our Origin",
    headers: () => ({ "x-api-key": s.key, origin: "http://127.0.0.1:8787" }),
    expect: ok,
  },
];

async function send(e: Endpoint, headers: Record<string, string>, origin = "http://127.0.0.1:8787"): Promise<Response> {
  if (e.kind === "mcp") {
    return exports.default.fetch(`${origin}/v1/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "matrix", version: "1" } },
      }),
    });
  }
  return exports.default.fetch(`${origin}${e.path}`, {
    headers: e.kind === "ws" ? { upgrade: "websocket", ...headers } : headers,
  });
}

describe("auth matrix", () => {
  for (const c of CASES) {
    it.each(ENDPOINTS.map((e) => [e.name, e] as const))(`${c.name} → %s`, async (_, e) => {
      const want = c.expect(e);
      const res = await send(e, c.headers(), c.origin);
      expect(res.status).toBe(want.status);
      if (res.status === 101) {
        res.webSocket!.accept();
        res.webSocket!.close(1000);
        return;
      }
      if (e.kind === "sse" && res.status === 200) {
        expect(res.headers.get("content-type")).toBe("text/event-stream");
        await res.body!.cancel();
        return;
      }
      if (want.challenge) expect(res.headers.get("www-authenticate") ?? "").toMatch(want.challenge);
      // Every refusal of /v1/mcp for its credentials is problem+json naming where to start OAuth (MCP authorization).
      if (e.kind === "mcp" && (res.status === 401 || res.status === 403) && want.status !== 403) {
        expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
        expect(res.headers.get("www-authenticate") ?? "").toMatch(METADATA);
      }
      if (want.code) expect(((await res.json()) as { code: string }).code).toBe(want.code);
      else await res.arrayBuffer();
    });
  }
});
