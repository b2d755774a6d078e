// GET /live: the live scoreboard (src/web/live). The page asks for a key, which stays in its memory; it travels as
// ?api_key= on the WebSockets because browsers cannot set their headers, and as X-API-Key on the REST calls.
import { Hono } from "hono";
import type { AppEnv } from "../../http/app-env";
import { LIVE_PAGE_HTML } from "./html";
import { LIVE_PAGE_SCRIPT } from "./script.gen";

/**
 * The page talks only to its own origin: REST with fetch, and WebSockets, named explicitly because browsers before CSP
 * Level 3 (Safari until 15.4) do not count ws:/wss: as 'self'.
 */
function csp(url: string) {
  const { protocol, host } = new URL(url);
  const ws = `${protocol === "https:" ? "wss:" : "ws:"}//${host}`;
  return `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self' ${ws}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;
}

export const livePage = new Hono<AppEnv>()
  .get("/live", (c) => c.html(LIVE_PAGE_HTML, 200, { "content-security-policy": csp(c.req.url) }))
  .get("/live.js", (c) => c.body(LIVE_PAGE_SCRIPT, 200, { "content-type": "text/javascript; charset=utf-8" }));
