// The Hono app: middleware order, route mounting, the one error handler.
import { OpenAPIHono } from "@hono/zod-openapi";
import { etag, RETAINED_304_HEADERS } from "hono/etag";
import { HTTPException } from "hono/http-exception";
import { asyncApiDocument } from "./api/documents/asyncapi";
import { completeRegistry, openApiDocument, serviceRoutes } from "./api/documents/openapi";
import { SPORTS } from "./core/domain/codes";
import type { AppEnv } from "./http/app-env";
import { ApiError } from "./core/errors";
import { problemResponse } from "./http/problem";
import { log } from "./lib/log";
import { requestLog } from "./http/request-log";
import { adminRoutes } from "./internal/admin";
import { dashboardRoutes } from "./web/dashboard";
import { docsRoutes } from "./web/docs";
import { faviconRoutes } from "./web/favicon";
import { landingRoutes } from "./web/landing";
import { ingestRoutes } from "./internal/ingest";
import { livePage } from "./web/live/route";
import { oauthUi } from "./web/oauth-consent";
import { leagueRoutes } from "./api/leagues";
import { matchRoutes } from "./api/matches";
import { changeRoutes } from "./api/changes";
import { peopleRoutes } from "./api/people";
import { teamH2HRoutes } from "./api/team-h2h";
import { json, setResponseHeaders } from "./http/respond";
import { finishV1 } from "./http/finish";
import { wsRoutes } from "./api/ws";
import { sseRoutes } from "./api/sse";
import { tokenRoutes } from "./api/tokens";
import { replayRoutes } from "./api/replays";
import { oauthHelpers } from "./mcp/oauth";

/** What an entry adds: the development and staging entry mounts the demo's operator routes (workers/dev.ts). */
export interface AppExtras {
  admin?: OpenAPIHono<AppEnv>[];
}

export function buildApp(extras: AppExtras = {}) {
  const app = new OpenAPIHono<AppEnv>();

  app.use(async (c, next) => {
    const id = crypto.randomUUID();
    c.set("requestId", id);
    await next();
    setResponseHeaders(c, [["x-request-id", id]]);
  });
  app.use(requestLog);

  // Every /v1 answer finished one way (src/http/finish.ts: CORS, rate headers, Cache-Control, request id), the warm
  // read's too; preflights answered there, before any key check. Outside the ETag step, so a 304 it builds is
  // finished like any answer (a page cannot read a response without its CORS headers).
  app.use("/v1/*", finishV1);
  // Every 200 GET gets an ETag; a matching If-None-Match gets 304 (RFC 9110 §13.1.2).
  // A 304 gets the rate-limit fields like any answer (src/http/finish.ts): it used the budget too.
  // Not on event streams: hashing a body reads it to its end, and a stream has none.
  const tagged = etag({ retainedHeaders: RETAINED_304_HEADERS });
  app.use((c, next) => (c.req.path.startsWith("/v1/sse/") ? next() : tagged(c, next)));
  app.openapi(serviceRoutes.health, (c) => json(c, { status: "ok" as const }));

  // The public API is read-only: other methods on its paths are 405 with the methods that exist (RFC 9110 §15.5.6).
  for (const path of ["/health", "/v1/openapi.json", "/v1/asyncapi.json", ...SPORTS.map((s) => `/v1/${s}/*`)]) {
    app.on(["POST", "PUT", "PATCH", "DELETE"], path, (c) => {
      const detail = `${c.req.method} is not allowed; this API is read-only`;
      return problemResponse(405, "invalid_request", detail, c.get("requestId"), { allow: "GET, HEAD" });
    });
  }
  app.openapi(serviceRoutes.document("/v1/openapi.json", "getOpenApiDocument", "This OpenAPI 3.1 document"), (c) =>
    json(c, openApiDocument(app, c.env.PUBLIC_BASE_URL)),
  );
  app.openapi(
    serviceRoutes.document(
      "/v1/asyncapi.json",
      "getAsyncApiDocument",
      "The AsyncAPI 3.0 document of the WebSockets and webhooks",
    ),
    (c) => json(c, asyncApiDocument(c.env.PUBLIC_BASE_URL)),
  );
  for (const sport of SPORTS) {
    app.route(`/v1/${sport}/leagues`, leagueRoutes(sport));
    app.route(`/v1/${sport}/matches`, matchRoutes(sport));
    app.route(`/v1/${sport}/changes`, changeRoutes(sport));
    app.route(`/v1/${sport}`, teamH2HRoutes(sport));
    app.route(`/v1/${sport}`, peopleRoutes(sport));
  }
  app.route("/v1/ws", wsRoutes);
  app.route("/v1/sse", sseRoutes);
  app.route("/v1/tokens", tokenRoutes);
  app.route("/v1/replays", replayRoutes);
  // The pages that manage OAuth grants: the consent page (reached through the provider) and the dashboard's apps.
  for (const path of ["/oauth/*", "/dashboard/*"])
    app.use(path, async (c, next) => {
      c.set("oauth", oauthHelpers(c.env));
      await next();
    });
  app.route("/", landingRoutes); // GET /: the page linking /docs, /live and /dashboard (JSON-only clients: the 404)
  app.route("/", livePage);
  app.route("/", faviconRoutes);
  app.route("/docs", docsRoutes);
  app.route("/dashboard", dashboardRoutes);
  app.route("/oauth", oauthUi);
  app.route("/internal/admin", adminRoutes);
  for (const routes of extras.admin ?? []) app.route("/internal/admin", routes);
  app.route("/internal/ingest", ingestRoutes);

  completeRegistry(app);

  app.notFound((c) =>
    problemResponse(
      404,
      "not_found",
      `no route for ${c.req.method} ${new URL(c.req.url).pathname}`,
      c.get("requestId"),
    ),
  );

  app.onError((err, c) => {
    const requestId = c.get("requestId");
    if (err instanceof ApiError) return problemResponse(err.status, err.code, err.detail, requestId, err.headers);
    // The validators' own refusals (e.g. 415 for a body that is not JSON) are problems too.
    if (err instanceof HTTPException && err.status < 500)
      return problemResponse(err.status, "invalid_request", err.message, requestId);
    // Unknown failure: the client gets no internals; the log gets the cause and the request id.
    log("error", "unhandled", {
      request_id: requestId,
      method: c.req.method,
      route: c.req.routePath,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    });
    return problemResponse(500, "internal", "internal error; quote the request id to support", requestId);
  });

  return app;
}
