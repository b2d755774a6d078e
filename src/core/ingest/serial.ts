// ingest() through the Ingestor object (workers/ingestor.ts): batches from every source applied one at a time.
import { dataChanged } from "../db/data-view";
import { ApiError, type ProblemCode } from "../errors";
import { enqueueWebhooks } from "./webhooks";
import type { WebhookEvent } from "../webhooks/events";
import type { PlanOp } from "./ops";
import type { Marks, Tracer } from "../../lib/trace";

export type IngestOutcome =
  | { ok: true; result: { applied: number; unchanged: number }; webhooks: WebhookEvent[]; marks?: Marks }
  | { ok: false; status: number; code: ProblemCode; detail: string }
  | { ok: false; error: string };

/**
 * Applies a batch, then enqueues its webhook messages (one per endpoint and event, src/core/ingest/webhooks.ts). `defer`
 * (the HTTP route's, src/internal/ingest.ts) is handed that work to start once the feed's answer has gone out: it then
 * runs after the batch is committed and published, outside the Ingestor (which takes the next batch meanwhile), and a
 * feed's request costs about the same with or without endpoints (benchmark P10). Deferred or awaited, a failed enqueue
 * is logged and not retried, as a failed socket push; webhooks promise no order (retries reorder them anyway), `seq`
 * does. `quiet`: history, pushed and sent nowhere; `source`: whose references the ids are (src/core/ingest/apply.ts).
 */
export async function ingestInOrder(
  env: Env,
  ops: PlanOp[],
  defer?: (start: () => Promise<unknown>) => void,
  t?: Tracer,
  quiet = false,
  source?: string,
): Promise<{ applied: number; unchanged: number }> {
  const outcome = await env.INGESTOR.getByName("ingest").apply(ops, t !== undefined, quiet, source);
  if (outcome.ok) t?.add(outcome.marks);
  t?.mark("ingestor_answered");
  // The route's isolate (in production not the Ingestor's) knows of the commit too: its next read sees it.
  if (outcome.ok && outcome.result.applied > 0) dataChanged();
  if (outcome.ok) {
    const webhooks = outcome.webhooks;
    if (defer) defer(() => enqueueWebhooks(env, webhooks));
    else await enqueueWebhooks(env, webhooks);
    return outcome.result;
  }
  if ("code" in outcome) throw new ApiError(outcome.status, outcome.code, outcome.detail);
  throw new Error(`ingest failed: ${outcome.error}`);
}
