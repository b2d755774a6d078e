// ingest() through the Ingestor object (workers/ingestor.ts): batches from every source applied one at a time.
import { ApiError, type ProblemCode } from "../errors";
import type { Op } from "./ops";

export type IngestOutcome =
  | { ok: true; result: { applied: number; unchanged: number } }
  | { ok: false; status: number; code: ProblemCode; detail: string }
  | { ok: false; error: string };

export async function ingestInOrder(env: Env, ops: Op[]): Promise<{ applied: number; unchanged: number }> {
  const outcome = await env.INGESTOR.getByName("ingest").apply(ops);
  if (outcome.ok) return outcome.result;
  if ("code" in outcome) throw new ApiError(outcome.status, outcome.code, outcome.detail);
  throw new Error(`ingest failed: ${outcome.error}`);
}
