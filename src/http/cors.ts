// CORS for the read API and its event streams (docs/security-and-limits.md "Browser tokens"): any origin may
// read with a key or, as it should from a page, a browser token. `/v1/tokens` takes a secret key, which has no
// business in a browser: it sends no CORS headers and its preflight is refused, so no page can call it. WebSockets
// need none (browsers do not apply CORS to them); /v1/mcp has its own Origin rules (src/mcp/front.ts). The headers
// are set by the one finishing step of /v1 answers (./finish.ts).
import { RATE_HEADERS } from "../core/limits/rate";
import { problemResponse } from "./problem";

const ALLOW_HEADERS = "X-API-Key, Authorization, If-None-Match, Last-Event-ID";
const EXPOSE_HEADERS = ["ETag", "Retry-After", "X-Request-Id", ...RATE_HEADERS].join(", ");
/** Set on every CORS-enabled answer, errors included (a page must be able to read a 401 or a 429). */
export const CORS_RESPONSE_HEADERS: [string, string][] = [
  ["access-control-allow-origin", "*"],
  ["access-control-expose-headers", EXPOSE_HEADERS],
];
const PREFLIGHT_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, HEAD, OPTIONS",
  "access-control-allow-headers": ALLOW_HEADERS,
  "access-control-max-age": "86400",
};

export const noCors = (path: string) => path.startsWith("/v1/tokens") || path.startsWith("/v1/ws/");

/** The answer to a preflight: allowed for the read API and its event streams, refused where no page may call. */
export function preflight(path: string, requestId: string): Response {
  if (noCors(path)) {
    const detail = "no cross-origin requests here: mint browser tokens on your server with a secret key";
    return problemResponse(403, "invalid_request", detail, requestId);
  }
  return new Response(null, { status: 204, headers: PREFLIGHT_HEADERS });
}
