// Ingestor: every ingest batch (the HTTP route, the simulator, the feed poller) runs in this one object, one batch at
// a time. A batch reads the current state, plans against it and writes; two batches interleaving would plan on the
// same stale state (a transition checked against a status already changed, an event published twice). Running them
// in sequence also publishes in commit order. Throughput is what one object can do (tens of batches per second,
// each a D1 read and a write); feeds batch many ops per call. Split by sport if that is ever not enough.
import { DurableObject } from "cloudflare:workers";
import { ApiError } from "../src/core/errors";
import { ingest } from "../src/core/ingest/apply";
import { forgetIdentities } from "../src/core/ingest/identify";
import type { PlanOp } from "../src/core/ingest/ops";
import type { IngestOutcome } from "../src/core/ingest/serial";

export class Ingestor extends DurableObject<Env> {
  /**
   * `trace`: the outcome carries the batch's hop marks (src/lib/trace.ts); `quiet`: history; `source`: the source whose
   * references the ops' ids are (src/core/ingest/apply.ts).
   */
  async apply(ops: PlanOp[], trace = false, quiet = false, source?: string): Promise<IngestOutcome> {
    // blockConcurrencyWhile: no other call starts until this batch is written and published. Failures come back as
    // values (a throw inside would reset the object), and the caller rethrows them.
    return this.ctx.blockConcurrencyWhile(async () => {
      try {
        const { webhooks, marks, ...result } = await ingest(this.env, ops, trace, quiet, source);
        return { ok: true as const, result, webhooks, marks };
      } catch (err) {
        if (err instanceof ApiError)
          return { ok: false as const, status: err.status, code: err.code, detail: err.detail };
        return { ok: false as const, error: err instanceof Error ? err.message : String(err) };
      }
    });
  }

  /** The operator pinned or merged: what this isolate remembers of the crosswalk is read again (identify.ts). */
  async forgetIdentities(): Promise<void> {
    await this.ctx.blockConcurrencyWhile(async () => forgetIdentities());
  }
}
