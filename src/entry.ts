// The Worker's fetch: /v1/mcp with an API key goes straight to the MCP handler (after Origin and key checks);
// everything else — OAuth discovery, registration, tokens, MCP with OAuth tokens — goes through the OAuth provider,
// whose default handler is the Hono app.
import { OAuthProvider } from "@cloudflare/workers-oauth-provider";
import type { Hono } from "hono";
import type { AppEnv } from "./env";
import { authenticateMcpKey, carriesApiKey, foreignOrigin, isMcpPath, MCP_PATH } from "./mcp/front";

type Handler = { fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> };

export function makeFetch(app: Hono<AppEnv>, mcp: Handler) {
  // The provider needs the absolute resource URL at construction (RFC 9728 `resource`), so one per base URL.
  const providers = new Map<string, OAuthProvider<Env>>();
  const provider = (env: Env) => {
    const base = new URL(env.PUBLIC_BASE_URL).origin;
    let p = providers.get(base);
    if (!p) {
      p = new OAuthProvider<Env>({
        apiRoute: MCP_PATH,
        apiHandler: mcp as never,
        defaultHandler: { fetch: (req, e, ctx) => app.fetch(req, e, ctx) },
        authorizeEndpoint: "/oauth/authorize",
        tokenEndpoint: "/oauth/token",
        clientRegistrationEndpoint: "/oauth/register",
        scopesSupported: ["mcp:invoke"],
        accessTokenTTL: 3600,
        resourceMetadata: { resource: `${base}${MCP_PATH}` },
      });
      providers.set(base, p);
    }
    return p;
  };

  return async (request: Request, env: Env, ctx: ExecutionContext): Promise<Response> => {
    const url = new URL(request.url);
    // The contract serves RFC 9728 metadata at the bare path too; the library only at the resource's path.
    if (url.pathname === "/.well-known/oauth-protected-resource") {
      url.pathname = `/.well-known/oauth-protected-resource${MCP_PATH}`;
      return provider(env).fetch(new Request(url, request), env, ctx);
    }
    if (isMcpPath(url.pathname)) {
      const refused = foreignOrigin(request, env);
      if (refused) return refused;
      if (carriesApiKey(request)) {
        const auth = await authenticateMcpKey(request, env);
        if (auth instanceof Response) return auth;
        // The same props shape an OAuth grant carries, so tools never branch on how the caller signed in.
        (ctx as ExecutionContext & { props: unknown }).props = auth;
        return mcp.fetch(request, env, ctx);
      }
    }
    return provider(env).fetch(request, env, ctx);
  };
}
