// POST /internal/ingest (docs/operations.md "Ingest"): feed ops, applied in one D1 batch, pushed after the commit, one
// batch at a time (workers/ingestor.ts). Internal: validated by its schema, left out of the published document.
import { createRoute } from "@hono/zod-openapi";
import { requireSecret } from "../http/shared-secret";
import { ingestInOrder } from "../core/ingest/serial";
import { IngestBody, MAX_BODY_BYTES } from "../core/ingest/ops";
import { apiRouter, capJson, INTERNAL_RESPONSES, jsonBody } from "../http/openapi-route";
import { json } from "../http/respond";
import { serverTiming, tracer } from "../lib/trace";

const ingest = createRoute({
  method: "post",
  path: "/",
  hide: true,
  middleware: [requireSecret("INGEST_TOKEN"), capJson(MAX_BODY_BYTES)] as const,
  request: { body: jsonBody(IngestBody) },
  responses: INTERNAL_RESPONSES,
});

export const ingestRoutes = apiRouter();
ingestRoutes.openapi(ingest, async (c) => {
  const { ops } = c.req.valid("json");
  // `X-Trace: 1`: the answer carries the batch's hop marks (docs/operations.md "Tracing an ingest").
  const t = tracer(c.req.header("x-trace") === "1");
  t?.mark("route");
  const res = json(c, await ingestInOrder(c.env, ops, (work) => c.executionCtx.waitUntil(work), t));
  t?.mark("answer");
  if (t) res.headers.set("server-timing", serverTiming(t.marks));
  return res;
});
