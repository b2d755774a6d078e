// POST /internal/ingest (CONTRACT.md "Ingest"): feed ops, applied in one D1 batch, pushed after the commit, one
// batch at a time (workers/ingestor.ts).
import { Hono } from "hono";
import { requireSecret } from "../auth/shared-secret";
import type { AppEnv } from "../env";
import { ingestInOrder } from "../ingest/serial";
import { IngestBody, MAX_BODY_BYTES } from "../ingest/ops";
import { json } from "./respond";
import { parseBody } from "./validate";

export const ingestRoutes = new Hono<AppEnv>().post("/", requireSecret("INGEST_TOKEN"), async (c) => {
  const { ops } = await parseBody(c.req.raw, IngestBody, MAX_BODY_BYTES);
  return json(c, await ingestInOrder(c.env, ops, (work) => c.executionCtx.waitUntil(work)));
});
