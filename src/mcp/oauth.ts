// The OAuth 2.0 authorization server of MCP clients (@cloudflare/workers-oauth-provider) and what we add around it:
// bounded client registration, refresh-token reuse detection, RFC 9728 metadata at the bare path. Only OAuth
// endpoints and /v1/mcp with an OAuth token pass through the provider; every other route goes straight to the app.
import { getOAuthApi, OAuthProvider, type OAuthProviderOptions } from "@cloudflare/workers-oauth-provider";
import { tokenWithReuseDetection } from "../core/auth/oauth-grants";
import { guardRegistration } from "../http/oauth-registration";
import { MCP_PATH } from "./front";

type Handler = (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response>;

const ENDPOINTS = {
  authorizeEndpoint: "/oauth/authorize",
  tokenEndpoint: "/oauth/token",
  clientRegistrationEndpoint: "/oauth/register",
  scopesSupported: ["mcp:invoke"],
  accessTokenTTL: 3600,
};

/** The provider's own paths: its endpoints, the consent page, and the discovery documents. */
export const isOAuthPath = (pathname: string) =>
  pathname.startsWith("/oauth/") || pathname.startsWith("/.well-known/oauth-");

// The provider needs the absolute resource URL at construction (RFC 9728 `resource`), so one per base URL.
const optionsFor = (base: string, app: Handler, mcp: Handler): OAuthProviderOptions<Env> => ({
  ...ENDPOINTS,
  apiRoute: MCP_PATH,
  apiHandler: { fetch: mcp } as never,
  defaultHandler: { fetch: app },
  resourceMetadata: { resource: `${base}${MCP_PATH}` },
});

const unused: Handler = async () => new Response(null, { status: 404 });

/** The provider's helpers (grants, clients, consent) for pages that manage grants; no handler of it runs here. */
export const oauthHelpers = (env: Env) =>
  getOAuthApi(optionsFor(new URL(env.PUBLIC_BASE_URL).origin, unused, unused), env);

/** The provider in front of `app` (its default handler: the consent page) and `mcp` (its API handler). */
export function oauthFront(app: Handler, mcp: Handler): Handler {
  const providers = new Map<string, { provider: OAuthProvider<Env>; options: OAuthProviderOptions<Env> }>();
  const forBase = (env: Env) => {
    const base = new URL(env.PUBLIC_BASE_URL).origin;
    let p = providers.get(base);
    if (!p) {
      const options = optionsFor(base, app, mcp);
      providers.set(base, (p = { provider: new OAuthProvider<Env>(options), options }));
    }
    return p;
  };
  return async (request, env, ctx) => {
    const { provider, options } = forBase(env);
    const url = new URL(request.url);
    // Open registration (RFC 7591) is bounded in size and rate before the provider stores anything.
    if (url.pathname === ENDPOINTS.clientRegistrationEndpoint && request.method === "POST") {
      const guarded = await guardRegistration(request, env);
      if (guarded instanceof Response) return guarded;
      request = guarded;
    }
    // The protected-resource metadata is served at the bare path too; the library serves it at the resource's path.
    if (url.pathname === "/.well-known/oauth-protected-resource") {
      url.pathname = `/.well-known/oauth-protected-resource${MCP_PATH}`;
      return provider.fetch(new Request(url, request), env, ctx);
    }
    if (url.pathname === ENDPOINTS.tokenEndpoint && request.method === "POST") {
      const forward = (r: Request) => provider.fetch(r, env, ctx);
      return tokenWithReuseDetection(request, forward, env, getOAuthApi(options, env));
    }
    return provider.fetch(request, env, ctx);
  };
}
