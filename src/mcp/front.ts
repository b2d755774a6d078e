// In front of /v1/mcp: Origin validation and API keys. OAuth access tokens are checked by the OAuth provider.
import { authenticate } from "../auth/api-key";
import { isOurOrigin } from "../auth/host";
import { extractKey } from "../auth/keys";
import type { AuthContext } from "../env";
import { ApiError, problemResponse } from "../errors";

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
  // Never the request's own Host: under DNS rebinding it is the attacker's name too (src/auth/host.ts).
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

/** API-key auth for MCP: the usual key check plus the `mcp:invoke` scope; errors carry WWW-Authenticate. */
export async function authenticateMcpKey(request: Request, env: Env): Promise<AuthContext | Response> {
  const challenge = (error?: string) =>
    `Bearer resource_metadata="${resourceMetadataUrl(env.PUBLIC_BASE_URL)}"${error ? `, error="${error}"` : ""}`;
  try {
    if (extractKey(request) === null) throw new ApiError(401, "invalid_api_key", "missing or invalid api key");
    const auth = await authenticate(request, env);
    if (!auth.scopes.includes("mcp:invoke")) {
      throw new ApiError(401, "insufficient_scope", "this key lacks the `mcp:invoke` scope");
    }
    return auth;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // MCP's challenge names the resource metadata (the MCP authorization spec), whatever the key check said.
    return problemResponse(err.status, err.code, err.detail, undefined, {
      ...err.headers,
      "www-authenticate": challenge(err.code === "insufficient_scope" ? "insufficient_scope" : undefined),
    });
  }
}
