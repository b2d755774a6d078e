// One round of an endpoint's lane (workers/webhook-lane.ts): up to IN_FLIGHT of its due messages delivered at once,
// each one's fate decided by the contract's schedule (docs/webhooks.md "Delivery"). The attempts go to the lane's own
// log; D1 is written only when the endpoint's health changes (a failure streak starts or ends, or it is disabled).
//
// Entitlements at delivery (docs/security-and-limits.md "Entitlements are live"): the endpoint and its account's
// tracked leagues as the lane last read them, at most TARGET_TTL_MS ago (and at once after the endpoint was changed
// through the API, which tells its lane); a message of a league no longer tracked, of a type no longer subscribed, or
// for an endpoint disabled or deleted since it was enqueued is dropped without a request.
import { leagueSet, mayReceive } from "../auth/entitlements";
import { TEST_EVENT } from "../domain/webhook-schemas";
import { dbFor } from "../db/client";
import { deliveryTargets, recordHealth, type DeliveryTarget, type Health } from "../db/queries/webhooks";
import { log } from "../../lib/log";
import { rfc3339 } from "../../lib/time";
import { deliverOnce, type AttemptResult } from "./deliver";
import { subscribes, type WebhookMessage } from "./message";
import { delayAfter, DISABLE_AFTER_S } from "./retry";
import { openSecret } from "./secrets";
import { checkWebhookUrl } from "./url-guard";

/**
 * Requests one endpoint has open at once: a slow receiver is not sent more until one answers (and stays under the six
 * connections an invocation may have waiting for headers).
 */
export const IN_FLIGHT = 4;

/** An endpoint's lane (workers/webhook-lane.ts). */
export const laneOf = (env: Env, endpointId: string) => env.WEBHOOK_LANE.get(env.WEBHOOK_LANE.idFromName(endpointId));

/** How long a lane trusts the endpoint it read (the house's 2 s rule, as for keys). */
export const TARGET_TTL_MS = 2000;

/** One attempt as the endpoint's log lists it (`GET /webhooks/{id}/attempts`). */
export interface AttemptRow {
  id: number;
  messageId: string;
  eventType: string;
  attempt: number;
  outcome: "delivered" | "retrying" | "failed" | "dead_lettered";
  status: number | null;
  error: string | null;
  latencyMs: number | null;
  responseExcerpt: string | null;
  retryIn: number | null;
  createdAt: string;
}
export type NewAttempt = Omit<AttemptRow, "id">;

/** The endpoint as read at `at` (undefined: deleted). */
export interface Cached {
  target: DeliveryTarget | undefined;
  at: number;
}

/** What a round did: each message's fate, in the order given, and the attempts it made. */
export interface Round {
  fates: Fate[];
  attempts: NewAttempt[];
  /** The endpoint as the round used it (to keep), or null when it must be read again. */
  cached: Cached | null;
}

/** A lane's message: the queue's body and the attempts already made. */
export interface Queued {
  message: WebhookMessage;
  attempts: number;
}

/**
 * What becomes of a message after a round: `done` (delivered, dropped or a one-off that failed), `retry` after
 * `seconds` (`counted`: an attempt was made; false when the endpoint could not be read), or `dead` after its last
 * attempt failed (it goes to the dead letters).
 */
export type Fate = { kind: "done" } | { kind: "retry"; seconds: number; counted: boolean } | { kind: "dead" };

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

const deliverable = (t: DeliveryTarget | undefined, m: WebhookMessage): t is DeliveryTarget =>
  t !== undefined &&
  (m.type === TEST_EVENT ||
    (t.enabled === 1 &&
      subscribes(t.events, m.type) &&
      m.league_id !== null &&
      mayReceive({ leagues: leagueSet(t.tracked) }, m.league_id)));

/**
 * Delivers one endpoint's due messages (all of `endpointId`) concurrently, using `cached` when it is fresh enough.
 */
export async function deliverRound(
  env: Env,
  endpointId: string,
  due: Queued[],
  delays: readonly number[],
  cached: Cached | null,
): Promise<Round> {
  if (!cached || Date.now() - cached.at > TARGET_TTL_MS) {
    try {
      cached = { target: (await deliveryTargets(dbFor(env.DB), [endpointId])).get(endpointId), at: Date.now() };
    } catch (err) {
      log("error", "webhook lane: endpoint unreadable", { error: err instanceof Error ? err.message : String(err) });
      return {
        fates: due.map(() => ({ kind: "retry", seconds: delays[0] ?? 5, counted: false })),
        attempts: [],
        cached: null,
      };
    }
  }
  const target = cached.target;
  const attempts: NewAttempt[] = [];
  let succeeded = false;
  let lastFailure: string | null = null;

  const fates = await Promise.all(
    due.map(async ({ message: m, attempts: before }): Promise<Fate> => {
      if (!deliverable(target, m)) return { kind: "done" };
      const t = target;
      const n = before + 1;
      const isTest = m.type === TEST_EVENT;
      const now = Math.floor(Date.now() / 1000);
      const r = await attempt(env, t, m, now);
      let fate: Fate;
      let outcome: NewAttempt["outcome"];
      let retryIn: number | null = null;
      if (r.ok) {
        fate = { kind: "done" };
        outcome = "delivered";
      } else if (isTest || r.permanent) {
        // A test event is a one-off check; a refused URL will be refused again: neither is retried.
        fate = { kind: "done" };
        outcome = "failed";
      } else {
        retryIn = delayAfter(n, delays);
        fate = retryIn === null ? { kind: "dead" } : { kind: "retry", seconds: retryIn, counted: true };
        outcome = retryIn === null ? "dead_lettered" : "retrying";
      }
      attempts.push({
        messageId: m.id,
        eventType: m.type,
        attempt: n,
        outcome,
        status: r.status,
        error: r.error,
        latencyMs: r.latencyMs,
        responseExcerpt: r.excerpt,
        retryIn,
        createdAt: rfc3339(now * 1000),
      });
      if (!isTest) {
        if (r.ok) succeeded = true;
        else lastFailure = r.error ?? "failed";
      }
      return fate;
    }),
  );

  // Health, written only when it changes: a success in the round ends a failure streak; otherwise a failure starts
  // one, or (the streak being old enough) disables the endpoint. A failure during a streak that cannot disable yet
  // writes nothing.
  let health: Health | null = null;
  const nowS = Math.floor(Date.now() / 1000);
  if (target && succeeded && target.failing_since !== null) health = { endpointId, ok: true };
  else if (target && !succeeded && lastFailure !== null) {
    const since = target.failing_since;
    if (since === null || (target.enabled === 1 && since <= nowS - DISABLE_AFTER_S))
      health = { endpointId, ok: false, last: lastFailure };
  }
  if (health) {
    try {
      await recordHealth(dbFor(env.DB), health, nowS, DISABLE_AFTER_S);
    } catch (err) {
      log("error", "webhook health not recorded", { error: err instanceof Error ? err.message : String(err) });
    }
    // The row changed: the next round reads it again.
    return { fates, attempts, cached: null };
  }
  return { fates, attempts, cached };
}
