// The queue consumer (same Worker): hands each message to its endpoint's lane (workers/webhook-lane.ts), which
// delivers it, retries it and records it as a dead letter if it comes to that. A message is acked once its lane has
// stored it; a lane that cannot take it has the queue try again on the contract's schedule, and after the last try the
// queue's dead-letter queue records it here (with 0 delivery attempts: it never reached its lane).
//
// The consumer makes no request to a receiver, so a batch takes milliseconds whatever the receivers do: a hanging
// endpoint holds its own lane and nothing else (docs/webhooks.md "How delivery runs").
import { dbFor } from "../db/client";
import { insertDeadLetters } from "../db/queries/webhooks";
import { log } from "../../lib/log";
import { laneOf } from "./lane";
import type { WebhookMessage } from "./message";
import { delayAfter, retryDelays } from "./retry";
import { rfc3339 } from "../../lib/time";

export async function consumeWebhooks(batch: MessageBatch<WebhookMessage>, env: Env): Promise<void> {
  const delays = retryDelays(env);
  const byEndpoint = new Map<string, Message<WebhookMessage>[]>();
  for (const msg of batch.messages) {
    const list = byEndpoint.get(msg.body.endpoint_id);
    if (list) list.push(msg);
    else byEndpoint.set(msg.body.endpoint_id, [msg]);
  }
  await Promise.all(
    [...byEndpoint].map(async ([endpointId, msgs]) => {
      try {
        await laneOf(env, endpointId).accept(msgs.map((m) => m.body));
        for (const m of msgs) m.ack();
      } catch (err) {
        log("error", "webhook lane unavailable", { error: err instanceof Error ? err.message : String(err) });
        // After the last try, retry() hands the message to the dead-letter queue (max_retries is spent).
        for (const m of msgs) {
          const retryIn = delayAfter(m.attempts, delays);
          m.retry(retryIn === null ? undefined : { delaySeconds: retryIn });
        }
      }
    }),
  );
}

/** The dead-letter queue's consumer: records each message no lane could take (docs/webhooks.md "Delivery"). */
export async function recordDeadLetters(batch: MessageBatch<WebhookMessage>, env: Env): Promise<void> {
  const deadAt = rfc3339();
  await insertDeadLetters(
    dbFor(env.DB),
    batch.messages.map((msg) => ({
      messageId: msg.body.id,
      endpointId: msg.body.endpoint_id,
      eventType: msg.body.type,
      body: msg.body.body,
      attempts: 0,
      deadAt,
    })),
  );
  log("warn", "webhook messages dead-lettered", { count: batch.messages.length });
  batch.ackAll();
}

/** The Worker's queue handler: the dead-letter queue is the one whose name ends in `-dlq` (wrangler.toml). */
export const webhookQueue = (batch: MessageBatch, env: Env): Promise<void> =>
  batch.queue.endsWith("-dlq")
    ? recordDeadLetters(batch as MessageBatch<WebhookMessage>, env)
    : consumeWebhooks(batch as MessageBatch<WebhookMessage>, env);
