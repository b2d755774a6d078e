// POST /internal/ingest (docs/operations.md "Ingest"): feed ops, applied in one D1 batch, pushed after the commit, one
// batch at a time (workers/ingestor.ts). Internal: validated by its schema, left out of the published document.
import { createRoute } from "@hono/zod-openapi";
import { requireSecret } from "../http/shared-secret";
import { ingestInOrder } from "../core/ingest/serial";
import { IngestBody, MAX_BODY_BYTES } from "../core/ingest/ops";
import { apiRouter, capJson, INTERNAL_RESPONSES, jsonBody } from "../http/openapi-route";
import { json } from "../http/respond";

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
  return json(c, await ingestInOrder(c.env, ops, (work) => c.executionCtx.waitUntil(work)));
});
