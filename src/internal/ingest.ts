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
  // The webhook enqueue starts in a later task than this answer, so the runtime writes the answer first: locally the
  // route, the queue consumer and the endpoints' lanes share one thread, and an enqueue started in the answer's own
  // task had the lanes' deliveries hold its bytes back (benchmark P10: 6.9× the ingest's time, 1.3× with the yield).
  const afterAnswer = (start: () => Promise<unknown>) =>
    c.executionCtx.waitUntil(new Promise((resolve) => setTimeout(resolve, 0)).then(start));
  const res = json(c, await ingestInOrder(c.env, ops, afterAnswer, t));
  t?.mark("answer");
  if (t) res.headers.set("server-timing", serverTiming(t.marks));
  return res;
});
