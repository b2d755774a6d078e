// Which host and origins this deployment answers for (docs/security-and-limits.md "Abuse limits": Host allowlist).
import { problemResponse } from "./problem";

/** Loopback names a local deployment also answers for, on any port (wrangler dev, tests, the e2e workers). */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

let known = { base: "", host: "" };
/** PUBLIC_BASE_URL's host, parsed once per value (every request asks). */
const ourHost = (env: Env) => {
  if (known.base !== env.PUBLIC_BASE_URL)
    known = { base: env.PUBLIC_BASE_URL, host: new URL(env.PUBLIC_BASE_URL).host };
  return known.host;
};
const isLocal = (env: Env) => env.ENVIRONMENT === "local";

/** Whether `host` (a Host header or URL host, with port) names this deployment. */
export function isOurHost(host: string, env: Env): boolean {
  const h = host.toLowerCase();
  if (h === ourHost(env)) return true;
  if (!isLocal(env)) return false;
  const name = h.startsWith("[") ? h.slice(0, h.indexOf("]") + 1) : h.split(":")[0]!;
  return LOOPBACK.has(name);
}

/** Whether a browser Origin is one of ours (same host rules; scheme http or https). */
export function isOurOrigin(origin: string, env: Env): boolean {
  try {
    const u = new URL(origin);
    return (u.protocol === "https:" || u.protocol === "http:") && u.origin === origin && isOurHost(u.host, env);
  } catch {
    return false;
  }
}

/**
 * DNS rebinding: a name an attacker controls can resolve to our address, so a browser on their page reaches us with
 * their Host and Origin; answering only for our own host denies that page every route (RFC 9110 §15.5.20: 421).
 */
export function foreignHost(request: Request, env: Env): Response | undefined {
  const host = request.headers.get("host") ?? new URL(request.url).host;
  if (isOurHost(host, env)) return undefined;
  return problemResponse(421, "invalid_request", `this deployment answers only for ${ourHost(env)}`);
}

/**
 * This deployment's own origins from PUBLIC_BASE_URL: the http(s) one for reads and SSE, the ws(s) one for WebSockets
 * (an MCP App's iframe may reach these and nothing else: src/mcp/match-centre.ts).
 */
export function publicOrigins(env: Env): { http: string; ws: string } {
  const http = new URL(env.PUBLIC_BASE_URL).origin;
  return { http, ws: http.replace(/^http/, "ws") };
}
