// In front of /v1/mcp: Origin validation and API keys. OAuth access tokens are checked by the OAuth provider.
import { verifyKey } from "../http/require-key";
import { isOurOrigin } from "../http/host";
import { extractKey } from "../core/auth/keys";
import type { AuthContext } from "../http/app-env";
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
 * API-key auth for MCP: the usual key check plus the `mcp:invoke` scope; errors carry WWW-Authenticate. Also the
 * tracked leagues (comma-separated) of the key's record, so the call need not read them again.
 */
export async function authenticateMcpKey(
  request: Request,
  env: Env,
): Promise<(AuthContext & { tracked: string }) | Response> {
  const challenge = (error?: string) => mcpChallenge(env.PUBLIC_BASE_URL, error);
  try {
    if (extractKey(request) === null) throw new ApiError(401, "invalid_api_key", "missing or invalid api key");
    const { auth, tracked } = await verifyKey(request, env);
    if (!auth.scopes.includes("mcp:invoke")) {
      throw new ApiError(401, "insufficient_scope", "this key lacks the `mcp:invoke` scope");
    }
    return { ...auth, tracked };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // MCP's challenge names the resource metadata (the MCP authorization spec), whatever the key check said.
    return problemResponse(err.status, err.code, err.detail, undefined, {
      ...err.headers,
      "www-authenticate": challenge(err.code === "insufficient_scope" ? "insufficient_scope" : undefined),
    });
  }
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
