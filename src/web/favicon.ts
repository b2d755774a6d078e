// The site icon of the dashboard, /live and /docs. /favicon.ico is what browsers ask for on pages that name none
// (the JSON endpoints opened in a tab).
import { Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { FAVICON_SVG } from "./dashboard/assets";

export const faviconRoutes = new Hono<AppEnv>()
  .get("/favicon.svg", (c) =>
    c.body(FAVICON_SVG, 200, { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" }),
  )
  .get("/favicon.ico", (c) => c.redirect("/favicon.svg", 301));
