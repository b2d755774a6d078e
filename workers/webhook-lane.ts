// WebhookLane: one object per webhook endpoint (idFromName(endpoint id)), the Durable Object shell of the endpoint's
// lane (src/core/webhooks/lane-queue.ts: its deliveries, retries and dead letters, with its I/O handed in). The shell
// hands it the object's storage, alarm and clock, a delivery round on this deployment's retry delays, and D1.
import { DurableObject } from "cloudflare:workers";
import { dbFor } from "../src/core/db/client";
import { insertDeadLetters } from "../src/core/db/queries/webhooks";
import { deliverRound, type AttemptRow } from "../src/core/webhooks/lane";
import { LaneQueue, type Pending } from "../src/core/webhooks/lane-queue";
import type { WebhookMessage } from "../src/core/webhooks/message";
import { retryDelays } from "../src/core/webhooks/retry";

export type { Pending };

export class WebhookLane extends DurableObject<Env> {
  private readonly lane: LaneQueue;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const delays = retryDelays(env);
    this.lane = new LaneQueue({
      sql: ctx.storage.sql,
      getAlarm: () => ctx.storage.getAlarm(),
      setAlarm: (at) => ctx.storage.setAlarm(at),
      deleteAlarm: () => ctx.storage.deleteAlarm(),
      waitUntil: (p) => ctx.waitUntil(p),
      now: () => Date.now(),
      deliver: (endpointId, due, cached) => deliverRound(env, endpointId, due, delays, cached),
      recordDead: (rows) => insertDeadLetters(dbFor(env.DB), rows),
    });
  }

  accept(messages: WebhookMessage[]): Promise<void> {
    return this.lane.accept(messages);
  }

  override alarm(): Promise<void> {
    return this.lane.alarm();
  }

  pending(): Promise<Pending[]> {
    return this.lane.pending();
  }

  attempts(limit?: number): Promise<AttemptRow[]> {
    return this.lane.attempts(limit);
  }

  forget(): Promise<void> {
    return this.lane.forget();
  }

  close(): Promise<void> {
    return this.lane.close();
  }

  idle(): Promise<void> {
    return this.lane.idle();
  }
}
