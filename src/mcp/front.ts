// The front door of /v1/mcp: Origin validation, then who is calling, as a Principal. API keys are checked here (the
// same authenticateKey as REST's); OAuth access tokens by the OAuth provider, whose API handler is the MCP handler.
import { authenticateKey, requireScope } from "../core/auth/authenticate";
import { extractKey } from "../core/auth/keys";
import { tokenOfRevokedGrant } from "../core/auth/oauth-grants";
import type { KeyPrincipal } from "../core/auth/principal";
import { primaryDb } from "../core/db/client";
import { isOurOrigin } from "../http/host";
import { ApiError, INVALID_KEY_DETAIL } from "../core/errors";
import { problemResponse } from "../http/problem";

export const MCP_PATH = "/v1/mcp";
export const isMcpPath = (pathname: string) => pathname === MCP_PATH || pathname.startsWith(`${MCP_PATH}/`);

export const resourceMetadataUrl = (base: string) =>
  `${new URL(base).origin}/.well-known/oauth-protected-resource${MCP_PATH}`;

/**
 * The MCP spec's DNS-rebinding defence: a browser page from another origin must not drive the local server.
 * Requests without an Origin (native MCP clients) pass.
 */
export function foreignOrigin(request: Request, env: Env): Response | undefined {
  const origin = request.headers.get("origin");
  // Never the request's own Host: under DNS rebinding it is the attacker's name too (src/http/host.ts).
  if (!origin || isOurOrigin(origin, env)) return undefined;
  return problemResponse(403, "invalid_request", `origin ${origin} may not use this MCP server`);
}

/** Whether the request carries an API key (any transport) rather than, possibly, an OAuth token. */
export function carriesApiKey(request: Request): boolean {
  const auth = request.headers.get("authorization") ?? "";
  return (
    request.headers.has("x-api-key") || new URL(request.url).searchParams.has("api_key") || /^bearer\s+sk_/i.test(auth)
  );
}

/**
 * API-key auth for MCP: the usual key check plus the `mcp:invoke` scope. Every refusal carries MCP's challenge,
 * which names the resource metadata (the MCP authorization spec), whatever the key check said.
 */
async function authenticateMcpKey(request: Request, env: Env): Promise<KeyPrincipal | Response> {
  try {
    if (extractKey(request) === null) throw new ApiError(401, "invalid_api_key", "missing or invalid api key");
    const principal = await authenticateKey(request, env);
    requireScope(principal, "mcp:invoke");
    return principal;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const error = err.code === "insufficient_scope" ? "insufficient_scope" : undefined;
    return problemResponse(err.status, err.code, err.detail, undefined, {
      ...err.headers,
      "www-authenticate": mcpChallenge(env.PUBLIC_BASE_URL, error),
    });
  }
}

type Handler = (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response>;

/**
 * /v1/mcp: an API key is authenticated here and its Principal handed to `mcp` as the request's props; anything else
 * goes through the OAuth provider (`oauth`), which validates the token and calls `mcp` with the grant's props.
 */
export async function serveMcp(request: Request, env: Env, ctx: ExecutionContext, mcp: Handler, oauth: Handler) {
  const refused = foreignOrigin(request, env);
  if (refused) return refused;
  // The MCP handler checks Host again and needs the header; a request built in-process (tests, service bindings)
  // has only its URL, which the Worker's Host check has already accepted.
  if (!request.headers.has("host")) {
    const headers = new Headers(request.headers);
    headers.set("host", new URL(request.url).host);
    request = new Request(request, { headers });
  }
  if (carriesApiKey(request)) {
    const principal = await authenticateMcpKey(request, env);
    if (principal instanceof Response) return principal;
    (ctx as ExecutionContext & { props: unknown }).props = principal;
    return mcp(request, env, ctx);
  }
  // Revoked in D1 (strongly consistent) before the provider's KV, which may still hold the grant elsewhere.
  if (await tokenOfRevokedGrant(primaryDb(env.DB), request)) {
    return problemResponse(401, "invalid_token", "this app's access was revoked", undefined, {
      "www-authenticate": mcpChallenge(env.PUBLIC_BASE_URL, "invalid_token"),
    });
  }
  return mcpAuthProblem(await oauth(request, env, ctx), env);
}

/** The MCP authorization spec's challenge: where to start OAuth, and the RFC 6750 error when there is one. */
export const mcpChallenge = (base: string, error?: string) =>
  `Bearer resource_metadata="${resourceMetadataUrl(base)}"${error ? `, error="${error}"` : ""}`;

/**
 * Every 401/403 of /v1/mcp as problem+json with the resource_metadata challenge. The OAuth provider answers missing,
 * expired or foreign-audience tokens with its own body and a `realm="OAuth"` challenge; clients get one shape.
 */
export async function mcpAuthProblem(res: Response, env: Env): Promise<Response> {
  if (res.status !== 401 && res.status !== 403) return res;
  if ((res.headers.get("content-type") ?? "").includes("application/problem+json")) return res;
  const error = /error="([^"]+)"/.exec(res.headers.get("www-authenticate") ?? "")?.[1];
  await res.body?.cancel();
  if (res.status === 403)
    return problemResponse(403, "insufficient_scope", "this token lacks the `mcp:invoke` scope", undefined, {
      "www-authenticate": mcpChallenge(env.PUBLIC_BASE_URL, "insufficient_scope"),
    });
  return error === "invalid_token"
    ? problemResponse(
        401,
        "invalid_token",
        "the access token is expired, revoked or not for this resource",
        undefined,
        {
          "www-authenticate": mcpChallenge(env.PUBLIC_BASE_URL, "invalid_token"),
        },
      )
    : problemResponse(401, "invalid_api_key", INVALID_KEY_DETAIL, undefined, {
        "www-authenticate": mcpChallenge(env.PUBLIC_BASE_URL),
      });
}
