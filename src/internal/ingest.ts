// POST /internal/ingest (docs/operations.md "Ingest"): feed ops, applied in one D1 batch, pushed after the commit, one
// batch at a time (workers/ingestor.ts). Internal: validated by its schema, left out of the published document.
import { createRoute } from "@hono/zod-openapi";
import { requireSecret } from "../http/shared-secret";
import { ingestInOrder } from "../core/ingest/serial";
import { IngestBody, MAX_BODY_BYTES } from "../core/ingest/ops";
import { apiRouter, capJson, INTERNAL_RESPONSES, jsonBody } from "../http/openapi-route";
import { json } from "../http/respond";
import { serverTiming, tracer } from "../lib/trace";
import { z } from "zod";
import { dbFor } from "../core/db/client";
import { listImports, recordImport } from "../core/db/queries/imports";
import { rfc3339 } from "../lib/time";

const ingest = createRoute({
  method: "post",
  path: "/",
  hide: true,
  middleware: [requireSecret("INGEST_TOKEN"), capJson(MAX_BODY_BYTES)] as const,
  request: { body: jsonBody(IngestBody) },
  responses: INTERNAL_RESPONSES,
});

/**
 * How long after the feed's answer its webhook enqueue starts. Locally the route, the asset router in front of it,
 * the queue consumer and the endpoints' lanes share one thread: an enqueue started in the answer's own task holds the
 * answer's bytes back, and one a few milliseconds later does not. The measurements:
 * docs/benchmarks.md "Webhook enqueue delay". The price is 25 ms on every webhook's delivery, which promises seconds (docs/webhooks.md), not
 * milliseconds; a feed's POST costs the same with endpoints or none.
 */
const ENQUEUE_AFTER_MS = 25;

export const ingestRoutes = apiRouter();
ingestRoutes.openapi(ingest, async (c) => {
  const { ops, quiet, source } = c.req.valid("json");
  // `X-Trace: 1`: the answer carries the batch's hop marks (docs/operations.md "Tracing an ingest").
  const t = tracer(c.req.header("x-trace") === "1");
  t?.mark("route");
  // The webhook enqueue starts ENQUEUE_AFTER_MS after this answer, so the answer is out before the webhook work
  // begins (see ENQUEUE_AFTER_MS).
  const afterAnswer = (start: () => Promise<unknown>) =>
    c.executionCtx.waitUntil(new Promise((resolve) => setTimeout(resolve, ENQUEUE_AFTER_MS)).then(start));
  const res = json(c, await ingestInOrder(c.env, ops, afterAnswer, t, quiet, source));
  t?.mark("answer");
  if (t) res.headers.set("server-timing", serverTiming(t.marks));
  return res;
});

// The importer's ledger (docs/data.md "Importing history"): what files this deployment has imported whole.
const ImportEntry = z.object({
  source: z.string().min(1).max(300),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, "expected a SHA-256 in hex"),
  matches: z.number().int().min(0),
});
const importsList = createRoute({
  method: "get",
  path: "/imports",
  hide: true,
  middleware: [requireSecret("INGEST_TOKEN")] as const,
  responses: INTERNAL_RESPONSES,
});
const importsRecord = createRoute({
  method: "put",
  path: "/imports",
  hide: true,
  middleware: [requireSecret("INGEST_TOKEN")] as const,
  request: { body: jsonBody(ImportEntry) },
  responses: INTERNAL_RESPONSES,
});
ingestRoutes.openapi(importsList, async (c) => json(c, { data: await listImports(dbFor(c.env.DB)) }));
ingestRoutes.openapi(importsRecord, async (c) => {
  const entry = { ...c.req.valid("json"), at: rfc3339() };
  await recordImport(dbFor(c.env.DB), entry);
  return json(c, entry);
});
