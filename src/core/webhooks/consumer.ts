// The queue consumer (same Worker): delivers each message, then acks or retries it on its own.
//
// No head-of-line blocking: a batch's messages are delivered concurrently, each with its own 10 s timeout, and acked
// or retried individually, so a slow or failing endpoint costs the others in its batch nothing; batches hold at most
// six messages (wrangler.toml), the number of connections an invocation may have waiting for headers at once, so
// no request queues behind another's. Across batches, production Queues runs consumer invocations concurrently; the
// local runtime runs one batch at a time, so there a batch waiting on a hanging endpoint holds the next one back for
// up to those 10 s (docs/webhooks.md "How delivery runs").
//
// Entitlements at delivery (docs/security-and-limits.md "Entitlements are live"): the endpoint and its account's
// tracked leagues are read for each batch; a message of a league no longer tracked, of a type no longer subscribed, or
// for an endpoint disabled or deleted since it was enqueued is acked without a request.
import { leagueSet, mayReceive } from "../auth/entitlements";
import { TEST_EVENT } from "../domain/webhook-schemas";
import { dbFor } from "../db/client";
import {
  deliveryTargets,
  insertDeadLetters,
  recordDeliveries,
  type DeliveryTarget,
  type Health,
  type NewAttempt,
} from "../db/queries/webhooks";
import { log } from "../../lib/log";
import { deliverOnce, type AttemptResult } from "./deliver";
import { subscribes, type WebhookMessage } from "./message";
import { delayAfter, DISABLE_AFTER_S, MAX_ATTEMPTS, retryDelays } from "./retry";
import { openSecret } from "./secrets";
import { checkWebhookUrl } from "./url-guard";
import { rfc3339 } from "../../lib/time";

/** The secrets that sign now: the current one, and the previous one during a rotation's 24 h overlap. */
async function signingSecrets(env: Env, t: DeliveryTarget, now: number): Promise<string[]> {
  const secrets = [await openSecret(env, t.id, t.secret)];
  if (t.previous_secret && (t.previous_secret_until ?? 0) > now)
    secrets.push(await openSecret(env, t.id, t.previous_secret));
  return secrets;
}

/** `permanent`: retrying cannot help (the URL is refused by the rules). */
type Outcome = AttemptResult & { permanent?: boolean };

async function attempt(env: Env, t: DeliveryTarget, m: WebhookMessage, now: number): Promise<Outcome> {
  // Checked again at delivery: the rules (or the environment) may have changed since the endpoint was created.
  const url = checkWebhookUrl(t.url, env.ENVIRONMENT);
  if (!url.ok)
    return {
      ok: false,
      status: null,
      error: `URL refused: ${url.reason}`,
      latencyMs: 0,
      excerpt: null,
      permanent: true,
    };
  let secrets: string[];
  try {
    secrets = await signingSecrets(env, t, now);
  } catch {
    return { ok: false, status: null, error: "signing secret unreadable", latencyMs: 0, excerpt: null };
  }
  return deliverOnce(url.url, m, secrets);
}

export async function consumeWebhooks(batch: MessageBatch<WebhookMessage>, env: Env): Promise<void> {
  const db = dbFor(env.DB);
  const delays = retryDelays(env);
  let targets: Map<string, DeliveryTarget>;
  try {
    targets = await deliveryTargets(db, [...new Set(batch.messages.map((m) => m.body.endpoint_id))]);
  } catch (err) {
    log("error", "webhook batch: endpoints unreadable", { error: err instanceof Error ? err.message : String(err) });
    batch.retryAll({ delaySeconds: delays[0] });
    return;
  }
  const attempts: NewAttempt[] = [];
  const succeeded = new Set<string>();
  const failed = new Map<string, string>();

  await Promise.all(
    batch.messages.map(async (msg) => {
      const m = msg.body;
      const t = targets.get(m.endpoint_id);
      const isTest = m.type === TEST_EVENT;
      const deliverable =
        isTest ||
        (t?.enabled === 1 &&
          subscribes(t.events, m.type) &&
          m.league_id !== null &&
          mayReceive({ leagues: leagueSet(t.tracked) }, m.league_id));
      if (!t || !deliverable) return msg.ack();

      const now = Math.floor(Date.now() / 1000);
      const r = await attempt(env, t, m, now);
      let outcome: NewAttempt["outcome"];
      let retryIn: number | null = null;
      if (r.ok) {
        msg.ack();
        outcome = "delivered";
      } else if (isTest || r.permanent) {
        // A test event is a one-off check; a refused URL will be refused again: neither is retried.
        msg.ack();
        outcome = "failed";
      } else {
        retryIn = delayAfter(msg.attempts, delays);
        // After the last attempt, retry() hands the message to the dead-letter queue (max_retries is spent).
        msg.retry(retryIn === null ? undefined : { delaySeconds: retryIn });
        outcome = retryIn === null ? "dead_lettered" : "retrying";
      }
      attempts.push({
        endpointId: t.id,
        messageId: m.id,
        eventType: m.type,
        attempt: msg.attempts,
        outcome,
        status: r.status,
        error: r.error,
        latencyMs: r.latencyMs,
        responseExcerpt: r.excerpt,
        retryIn,
        createdAt: rfc3339(now * 1000),
      });
      if (isTest) return;
      if (r.ok) succeeded.add(t.id);
      else failed.set(t.id, r.error ?? "failed");
    }),
  );

  // Health: a success in the batch ends a failure streak (written only if there is one); otherwise a failure counts.
  const health: Health[] = [
    ...[...succeeded]
      .filter((id) => targets.get(id)!.failing_since !== null)
      .map((id) => ({ endpointId: id, ok: true as const })),
    ...[...failed]
      .filter(([id]) => !succeeded.has(id))
      .map(([id, last]) => ({ endpointId: id, ok: false as const, last })),
  ];
  // The log of attempts is bookkeeping: if it cannot be written, the acks and retries above still stand (throwing
  // here would retry the whole batch and deliver the successful messages again).
  try {
    await recordDeliveries(db, attempts, health, Math.floor(Date.now() / 1000), DISABLE_AFTER_S);
  } catch (err) {
    log("error", "webhook attempts not recorded", { error: err instanceof Error ? err.message : String(err) });
  }
}

/** The dead-letter queue's consumer: records each message that exhausted its attempts (docs/webhooks.md "Delivery"). */
export async function recordDeadLetters(batch: MessageBatch<WebhookMessage>, env: Env): Promise<void> {
  const deadAt = rfc3339();
  await insertDeadLetters(
    dbFor(env.DB),
    batch.messages.map((msg) => ({
      messageId: msg.body.id,
      endpointId: msg.body.endpoint_id,
      eventType: msg.body.type,
      body: msg.body.body,
      attempts: MAX_ATTEMPTS,
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
