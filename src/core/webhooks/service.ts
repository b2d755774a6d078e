// Webhook endpoint lifecycle. The admin API and the dashboard call these; nothing else writes endpoints.
// Owner checks: the dashboard passes the session's account (another account's endpoint is "not found"); the admin
// API passes none.
import { base62 } from "../auth/keys";
import {
  MAX_ENDPOINTS_PER_ACCOUNT,
  TEST_EVENT,
  WEBHOOK_EVENTS,
  type WebhookEventType,
} from "../domain/webhook-schemas";
import type { z } from "zod";
import type { WebhookAttempt, WebhookEndpoint } from "../domain/webhook-schemas";
import { accountExists } from "../db/queries/accounts";
import { dbFor, type Db } from "../db/client";
import {
  deleteEndpoint,
  endpointRow,
  endpointView,
  insertEndpoint,
  listDeadLetters,
  listEndpoints,
  rotateEndpointSecret,
  updateEndpoint,
  type EndpointView,
} from "../db/queries/webhooks";
import { ApiError, badRequest } from "../errors";
import { laneOf, type AttemptRow } from "./lane";
import { newMessageId, type WebhookMessage } from "./message";
import { newSecret, sealSecret } from "./secrets";
import { checkWebhookUrl } from "./url-guard";
import { rfc3339 } from "../../lib/time";

/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_OVERLAP_S = 24 * 3600;

const notFound = () => new ApiError(404, "not_found", "webhook endpoint not found");

/** Stored filter: null for "all" (also when every type is listed, so types added later are included too). */
const storedEvents = (events: readonly WebhookEventType[] | null | undefined) =>
  !events || WEBHOOK_EVENTS.every((e) => events.includes(e))
    ? null
    : WEBHOOK_EVENTS.filter((e) => events.includes(e)).join(" ");

export function endpointJson(e: EndpointView): z.infer<typeof WebhookEndpoint> {
  const now = Date.now() / 1000;
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events === null ? null : (e.events.split(" ") as WebhookEventType[]),
    enabled: e.enabled,
    disabled_reason: e.enabled ? null : e.disabledReason,
    disabled_at: e.enabled ? null : e.disabledAt,
    failing_since_at: e.failingSince === null ? null : rfc3339(e.failingSince * 1000),
    previous_secret_expires_at:
      e.previousSecretUntil !== null && e.previousSecretUntil > now ? rfc3339(e.previousSecretUntil * 1000) : null,
    created_at: e.createdAt,
  };
}

export const attemptJson = (a: AttemptRow): z.infer<typeof WebhookAttempt> => ({
  id: a.id,
  message_id: a.messageId,
  event_type: a.eventType,
  attempt: a.attempt,
  outcome: a.outcome,
  response_status: a.status,
  error: a.error,
  latency_ms: a.latencyMs,
  response_excerpt: a.responseExcerpt,
  retry_in: a.retryIn,
  created_at: a.createdAt,
});

/** The URL rules of this deployment's environment, as a 400 naming `url`. */
export function requireWebhookUrl(raw: string, environment: string): string {
  const check = checkWebhookUrl(raw, environment);
  if (!check.ok) throw badRequest("url", check.reason);
  return check.url.href;
}

export async function createEndpoint(
  env: Env,
  accountId: string,
  input: { url: string; events?: readonly WebhookEventType[] | null; description?: string | null },
) {
  const db = dbFor(env.DB);
  const url = requireWebhookUrl(input.url, env.ENVIRONMENT);
  if (!(await accountExists(db, accountId))) throw new ApiError(404, "not_found", "account not found");
  const id = `wh_${base62(crypto.getRandomValues(new Uint8Array(16)), 22)}`;
  const secret = newSecret();
  const row = {
    id,
    accountId,
    url,
    description: input.description || null,
    events: storedEvents(input.events),
    secret: await sealSecret(env, id, secret),
    createdAt: rfc3339(),
  };
  if (!(await insertEndpoint(db, row, MAX_ENDPOINTS_PER_ACCOUNT)))
    throw new ApiError(409, "invalid_request", `an account has at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints`);
  return { ...endpointJson((await endpointView(db, id))!), secret };
}

/** The endpoint, if it exists and (when `owner` is given) belongs to that account. */
async function requireEndpoint(db: Db, id: string, owner?: string): Promise<EndpointView> {
  const e = await endpointView(db, id);
  if (!e || (owner !== undefined && e.accountId !== owner)) throw notFound();
  return e;
}

export async function accountEndpoints(env: Env, accountId: string) {
  const db = dbFor(env.DB);
  if (!(await accountExists(db, accountId))) throw new ApiError(404, "not_found", "account not found");
  return (await listEndpoints(db, accountId)).map(endpointJson);
}

export async function getEndpoint(env: Env, id: string, owner?: string) {
  return endpointJson(await requireEndpoint(dbFor(env.DB), id, owner));
}

export async function removeEndpoint(env: Env, id: string, owner?: string) {
  const db = dbFor(env.DB);
  await requireEndpoint(db, id, owner);
  if (!(await deleteEndpoint(db, id))) throw notFound();
  await laneOf(env, id).close();
}

export async function changeEndpoint(
  env: Env,
  id: string,
  patch: { enabled?: boolean; events?: readonly WebhookEventType[] | null; description?: string | null },
  owner?: string,
  by = "the admin API",
) {
  const db = dbFor(env.DB);
  const current = await requireEndpoint(db, id, owner);
  const set: Parameters<typeof updateEndpoint>[2] = {};
  if (patch.events !== undefined) set.events = storedEvents(patch.events);
  if (patch.description !== undefined) set.description = patch.description || null;
  if (patch.enabled === false && current.enabled) {
    Object.assign(set, { enabled: false, disabledReason: `disabled by ${by}`, disabledAt: rfc3339() });
  } else if (patch.enabled === true && !current.enabled) {
    // A fresh start: the failure streak that may have disabled it no longer counts.
    Object.assign(set, { enabled: true, disabledReason: null, disabledAt: null, failingSince: null });
  }
  if (Object.keys(set).length > 0) {
    if (!(await updateEndpoint(db, id, set))) throw notFound();
    await laneOf(env, id).forget();
  }
  return endpointJson((await endpointView(db, id))!);
}

/** A new secret; the current one keeps signing too for ROTATION_OVERLAP_S (a second rotation ends that early). */
export async function rotateSecret(env: Env, id: string, owner?: string) {
  const db = dbFor(env.DB);
  await requireEndpoint(db, id, owner);
  const row = (await endpointRow(db, id))!;
  const secret = newSecret();
  const until = Math.floor(Date.now() / 1000) + ROTATION_OVERLAP_S;
  // The current secret, still sealed for this endpoint, becomes the previous one.
  if (!(await rotateEndpointSecret(db, id, await sealSecret(env, id, secret), row.secret, until))) throw notFound();
  await laneOf(env, id).forget();
  return { secret, previous_secret_expires_at: rfc3339(until * 1000) };
}

/** Test events per endpoint per minute: each is a signed POST to a URL a customer chose, so it is bounded. */
export const TEST_EVENTS_PER_MINUTE = 5;

/**
 * Enqueues a `webhook.test` message (delivered once, even to a disabled endpoint, so one can be checked before it is
 * enabled; never retried). At most TEST_EVENTS_PER_MINUTE per endpoint, counted by the account's gate: without a
 * bound, a trial account could aim a stream of signed requests at any third party's URL.
 */
export async function sendTestEvent(env: Env, id: string, owner?: string) {
  const db = dbFor(env.DB);
  const endpoint = await requireEndpoint(db, id, owner);
  const gate = env.ACCOUNT_GATE.getByName(endpoint.accountId);
  const decision = await gate.hit(`webhook.test:${id}`, TEST_EVENTS_PER_MINUTE);
  if (!decision.allowed) {
    const detail = `at most ${TEST_EVENTS_PER_MINUTE} test events per endpoint per minute`;
    throw new ApiError(429, "rate_limited", detail, { "retry-after": String(decision.retryAfter) });
  }
  const message: WebhookMessage = {
    endpoint_id: id,
    id: newMessageId(),
    type: TEST_EVENT,
    league_id: null,
    body: JSON.stringify({
      type: TEST_EVENT,
      timestamp: rfc3339(),
      data: { endpoint_id: id, message: "This is a test event from Sports data." },
    }),
  };
  await env.WEBHOOK_QUEUE.send(message, { contentType: "json" });
  return { message_id: message.id };
}

export async function endpointAttempts(env: Env, id: string, owner?: string) {
  const db = dbFor(env.DB);
  await requireEndpoint(db, id, owner);
  return (await laneOf(env, id).attempts()).map(attemptJson);
}

/** Messages that exhausted every attempt, with the body that was signed (for support and replay). */
export async function endpointDeadLetters(env: Env, id: string, owner?: string) {
  const db = dbFor(env.DB);
  await requireEndpoint(db, id, owner);
  return (await listDeadLetters(db, id)).map((d) => ({
    message_id: d.messageId,
    event_type: d.eventType,
    attempts: d.attempts,
    dead_at: d.deadAt,
    body: d.body,
  }));
}
