// GET /docs: the interactive API reference, rendered in the browser from /v1/openapi.json by Scalar's standalone
// build. The renderer is a Workers static asset (public/docs/assets/scalar.js, scripts/build-docs-assets.mjs), not part
// of the Worker bundle; this route serves the page, its settings script and hands the asset to ASSETS.
import { Hono } from "hono";
import type { AppEnv } from "../http/app-env";

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Sports data</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<noscript><p>The interactive reference needs JavaScript. The OpenAPI document itself is at
<a href="/v1/openapi.json">/v1/openapi.json</a>; keys and the getting-started guide are in the
<a href="/dashboard">dashboard</a>.</p></noscript>
<div id="app"></div>
<script src="/docs/assets/scalar.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

/**
 * No request may leave the deployment: no default fonts (they come from Scalar's CDN), no telemetry, no AI agent or
 * "generate MCP" features (Scalar's cloud), no developer tools, and Scalar's own service URLs pointed at our origin
 * so a code path we did not switch off still stays here. "Try it" calls go to the document's server, which is us.
 */
const INIT = `"use strict";
(() => {
  const here = location.origin;
  Scalar.createApiReference("#app", {
    url: "/v1/openapi.json",
    title: "Sports data API",
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: "never",
    persistAuth: false,
    externalUrls: { dashboardUrl: here, registryUrl: here, proxyUrl: here, apiBaseUrl: here },
    defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
    // On a phone the top bar shows the current operation's title on one line: cut it short instead of widening the page.
    customCss: ".t-doc__header header > span { min-width: 0; overflow: hidden; text-overflow: ellipsis; }",
  });
})();
`;

/**
 * The CSP is the second fence: connect-src 'self' stops any fetch to another origin even if the renderer tried one.
 * Scalar injects its styles and icons at run time, hence 'unsafe-inline' for styles and data: images.
 */
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; " +
  "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const docsRoutes = new Hono<AppEnv>()
  .get("/", (c) => c.html(PAGE, 200, { "content-security-policy": CSP, "x-content-type-options": "nosniff" }))
  .get("/init.js", (c) => c.body(INIT, 200, { "content-type": "text/javascript; charset=utf-8" }))
  .get("/assets/*", async (c) => {
    const res = await c.env.ASSETS.fetch(c.req.raw);
    return new Response(res.body, res); // a fetched response's headers are immutable; the app's middleware adds some
  });
