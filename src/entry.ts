// The Worker's fetch: /v1/mcp with an API key goes straight to the MCP handler (after Origin and key checks);
// everything else — OAuth discovery, registration, tokens, MCP with OAuth tokens — goes through the OAuth provider,
// whose default handler is the Hono app.
import { getOAuthApi, OAuthProvider, type OAuthProviderOptions } from "@cloudflare/workers-oauth-provider";
import { guardRegistration } from "./http/oauth-registration";
import { foreignHost } from "./http/host";
import { tokenWithReuseDetection, tokenOfRevokedGrant } from "./core/auth/oauth-grants";
import { capBody, takesUnauthenticatedBody } from "./http/body";
import { dbFor, primaryDb } from "./core/db/client";
import type { Hono } from "hono";
import type { AppEnv, Principal } from "./http/app-env";
import {
  authenticateMcpKey,
  carriesApiKey,
  foreignOrigin,
  isMcpPath,
  MCP_PATH,
  mcpAuthProblem,
  mcpChallenge,
} from "./mcp/front";
import { problemResponse } from "./http/problem";
import { webhookQueue } from "./core/webhooks/consumer";

/** The Worker's queue handler: webhook deliveries and their dead-letter queue (src/core/webhooks/consumer.ts). */
export const queue = (batch: MessageBatch, env: Env): Promise<void> => webhookQueue(batch, env);

type Handler = { fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> };

export function makeFetch(app: Hono<AppEnv>, mcp: Handler) {
  // The provider needs the absolute resource URL at construction (RFC 9728 `resource`), so one per base URL.
  const providers = new Map<string, { provider: OAuthProvider<Env>; options: OAuthProviderOptions<Env> }>();
  const forBase = (env: Env) => {
    const base = new URL(env.PUBLIC_BASE_URL).origin;
    let p = providers.get(base);
    if (!p) {
      const options: OAuthProviderOptions<Env> = {
        apiRoute: MCP_PATH,
        apiHandler: mcp as never,
        defaultHandler: { fetch: (req, e, ctx) => app.fetch(req, e, ctx) },
        authorizeEndpoint: "/oauth/authorize",
        tokenEndpoint: "/oauth/token",
        clientRegistrationEndpoint: "/oauth/register",
        scopesSupported: ["mcp:invoke"],
        accessTokenTTL: 3600,
        resourceMetadata: { resource: `${base}${MCP_PATH}` },
      };
      p = { provider: new OAuthProvider<Env>(options), options };
      providers.set(base, p);
    }
    return p;
  };
  const provider = (env: Env) => forBase(env).provider;

  return async (request: Request, env: Env, ctx: ExecutionContext): Promise<Response> => {
    const misdirected = foreignHost(request, env);
    if (misdirected) return misdirected;
    const url = new URL(request.url);
    // Bodies anyone may send are capped before a handler parses them (a 30 MB form would be read in full).
    if (takesUnauthenticatedBody(url.pathname)) {
      const capped = await capBody(request);
      if (capped instanceof Response) return capped;
      request = capped;
    }
    // Open registration (RFC 7591) is bounded in size and rate before the provider stores anything.
    if (url.pathname === "/oauth/register" && request.method === "POST") {
      const guarded = await guardRegistration(request, env);
      if (guarded instanceof Response) return guarded;
      request = guarded;
    }
    // The contract serves RFC 9728 metadata at the bare path too; the library only at the resource's path.
    if (url.pathname === "/.well-known/oauth-protected-resource") {
      url.pathname = `/.well-known/oauth-protected-resource${MCP_PATH}`;
      return provider(env).fetch(new Request(url, request), env, ctx);
    }
    if (isMcpPath(url.pathname)) {
      const refused = foreignOrigin(request, env);
      if (refused) return refused;
      // The MCP handler checks Host again and needs the header; a request built in-process (tests, service bindings)
      // has only its URL, which foreignHost has already checked.
      if (!request.headers.has("host")) {
        const headers = new Headers(request.headers);
        headers.set("host", url.host);
        request = new Request(request, { headers });
      }
      if (!carriesApiKey(request) && (await tokenOfRevokedGrant(primaryDb(env.DB), request))) {
        return problemResponse(401, "invalid_token", "this app's access was revoked", undefined, {
          "www-authenticate": mcpChallenge(env.PUBLIC_BASE_URL, "invalid_token"),
        });
      }
      if (carriesApiKey(request)) {
        const auth = await authenticateMcpKey(request, env);
        if (auth instanceof Response) return auth;
        // Ids only, the shape an OAuth grant carries, so tools never branch on how the caller signed in.
        const principal: Principal = {
          type: "api_key",
          accountId: auth.accountId,
          keyId: auth.keyId,
          plan: auth.plan,
          tracked: auth.tracked,
          entitlementVersion: auth.entitlementVersion,
        };
        (ctx as ExecutionContext & { props: unknown }).props = principal;
        return mcp.fetch(request, env, ctx);
      }
      return mcpAuthProblem(await provider(env).fetch(request, env, ctx), env);
    }
    // The read API, its WebSockets and /health need nothing from the provider: skip its per-request work.
    if (url.pathname === "/health" || (url.pathname.startsWith("/v1/") && !isMcpPath(url.pathname))) {
      return app.fetch(request, env, ctx);
    }
    if (url.pathname === "/oauth/token" && request.method === "POST") {
      const { provider: p, options } = forBase(env);
      return tokenWithReuseDetection(request, (r) => p.fetch(r, env, ctx), dbFor(env.DB), getOAuthApi(options, env));
    }
    return provider(env).fetch(request, env, ctx);
  };
}
