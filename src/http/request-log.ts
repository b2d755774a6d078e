// One `request` log line per response (src/lib/log.ts). Never a credential: no URL query (WebSocket keys travel as
// ?api_key=), no headers, no bodies; the key's id only (a grant's token: the grant's).
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ApiPrincipal } from "../core/auth/principal";
import { log } from "../lib/log";
import type { AppEnv } from "./app-env";

/** The matched route pattern (`/v1/football/matches/:id`), not the path: ids and queries stay out of the logs. */
const routeOf = (c: Context<AppEnv>) => (c.req.routePath && c.req.routePath !== "/*" ? c.req.routePath : "(unmatched)");

/** One `request` line per response: request id, method, route, status, latency, key id. */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const start = performance.now();
  await next();
  logRequest(c.get("requestId"), c.req.method, routeOf(c), c.res.status, start, c.get("principal"));
});

/** The line itself, for the app's middleware above and the warm read's straight line (src/api/warm-read.ts). */
export function logRequest(
  requestId: string,
  method: string,
  route: string,
  status: number,
  start: number,
  principal: ApiPrincipal | undefined,
) {
  log(status >= 500 ? "error" : "info", "request", {
    request_id: requestId,
    method,
    route,
    status,
    latency_ms: Math.round((performance.now() - start) * 10) / 10,
    key_id: principal?.keyId ?? null,
    // A browser token minted for an OAuth grant (the MCP App) has no key.
    ...(principal?.type === "token" && principal.grantId ? { grant_id: principal.grantId } : {}),
  });
}
