// GET /live: the live scoreboard (src/live-page). The page asks for a key, which stays in its memory; it travels as
// ?api_key= on the WebSockets because browsers cannot set their headers, and as X-API-Key on the REST calls.
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { LIVE_PAGE_HTML } from "../live-page/html";
import { LIVE_PAGE_SCRIPT } from "../live-page/script.gen";

// connect-src 'self' covers the same origin's ws:/wss: (CSP Level 3).
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export const livePage = new Hono<AppEnv>()
  .get("/live", (c) => c.html(LIVE_PAGE_HTML, 200, { "content-security-policy": CSP }))
  .get("/live.js", (c) => c.body(LIVE_PAGE_SCRIPT, 200, { "content-type": "text/javascript; charset=utf-8" }));
