// GET /: a small page for whoever opens the server's address in a browser (npm start's banner, a deployment's root):
// what the service is, and the three pages to go on to (/docs, /live, /dashboard). Server-rendered, no script.
// An API client that asks for JSON only (an Accept naming JSON and not HTML) gets the JSON 404 `/` always answered:
// the API lives under /v1, and `/` is no API resource. Browsers, and curl's `*/*`, get the page.
import { Hono } from "hono";
import type { AppEnv } from "../http/app-env";

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sports data</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
:root{--bg:#f4f6f8;--card:#fff;--ink:#161b22;--muted:#5a6472;--line:#e2e6eb;--accent:#0b5cad}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--ink)}
main{max-width:40rem;margin:0 auto;padding:2rem 1.25rem}
h1{font-size:1.6rem;margin:0 0 .3rem}
.lede{color:var(--muted);margin:0 0 1.5rem}
ul{list-style:none;margin:0;padding:0}
li{background:var(--card);border:1px solid var(--line);border-radius:10px;margin:0 0 .7rem;padding:.8rem 1rem}
a{color:var(--accent);font-weight:600}
li span{display:block;color:var(--muted);font-size:.9rem}
</style>
</head>
<body>
<main>
<h1>Sports data</h1>
<p class="lede">Football and basketball data — live scores, results, tables and history — over REST, WebSockets and MCP.</p>
<ul>
<li><a href="/docs">API reference</a><span>Every route of the REST API under /v1, its parameters and answers; try calls with your key.</span></li>
<li><a href="/live">Live scores</a><span>The live matches of the leagues your key tracks, as they happen.</span></li>
<li><a href="/dashboard">Dashboard</a><span>Sign in for your API keys, tracked leagues, usage, webhooks and connected apps.</span></li>
</ul>
</main>
</body>
</html>
`;

/** Nothing to load but the page's own style and the site icon. */
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; " +
  "frame-ancestors 'none'";

/** An Accept that names JSON and not HTML: an API client, which gets the JSON 404 rather than a page. */
export const wantsJsonOnly = (accept: string | undefined) =>
  accept !== undefined && /json/i.test(accept) && !/text\/html/i.test(accept);

export const landingRoutes = new Hono<AppEnv>().get("/", async (c) => {
  // The answer depends on Accept: a cache must not hand the page to an API client, or the 404 to a browser.
  if (wantsJsonOnly(c.req.header("accept"))) {
    const res = await c.notFound();
    res.headers.set("vary", "accept");
    return res;
  }
  return c.html(PAGE, 200, {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    vary: "accept",
  });
});
