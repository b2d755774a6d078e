// Webhook endpoints, delivery attempts and dead letters (migrations/0009_webhooks.sql).
import { desc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { webhookDeadLetters, webhookEndpoints } from "../schema";
import { rfc3339 } from "../../../lib/time";
import { trackedListSql, tracksSql } from "./visibility";

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** Endpoint fields shown to their owner: never the sealed secrets. */
const publicColumns = {
  id: webhookEndpoints.id,
  accountId: webhookEndpoints.accountId,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  disabledReason: webhookEndpoints.disabledReason,
  disabledAt: webhookEndpoints.disabledAt,
  failingSince: webhookEndpoints.failingSince,
  previousSecretUntil: webhookEndpoints.previousSecretUntil,
  createdAt: webhookEndpoints.createdAt,
};
export type EndpointView = Pick<EndpointRow, keyof typeof publicColumns>;

/** Inserts unless the account already has `max` endpoints (one statement: parallel creates cannot pass together). */
export async function insertEndpoint(db: Db, row: typeof webhookEndpoints.$inferInsert, max: number) {
  const res = await db.$client
    .prepare(
      `INSERT INTO webhook_endpoints (id, account_id, url, description, events, secret, enabled, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, 1, ?7
       WHERE (SELECT count(*) FROM webhook_endpoints WHERE account_id = ?2) < ?8`,
    )
    .bind(row.id, row.accountId, row.url, row.description ?? null, row.events ?? null, row.secret, row.createdAt, max)
    .run();
  return res.meta.changes === 1;
}

export const listEndpoints = (db: Db, accountId: string): Promise<EndpointView[]> =>
  db
    .select(publicColumns)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);

export const endpointView = async (db: Db, id: string): Promise<EndpointView | undefined> =>
  (await db.select(publicColumns).from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0];

export const endpointRow = async (db: Db, id: string): Promise<EndpointRow | undefined> =>
  (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0];

/** Deletes the endpoint with its dead letters, in one transaction; false when there was none. */
export async function deleteEndpoint(db: Db, id: string): Promise<boolean> {
  const [, res] = await db.batch([
    db.delete(webhookDeadLetters).where(eq(webhookDeadLetters.endpointId, id)),
    db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id }),
  ]);
  return res.length === 1;
}

export async function updateEndpoint(
  db: Db,
  id: string,
  patch: Partial<
    Pick<EndpointRow, "enabled" | "events" | "description" | "disabledReason" | "disabledAt" | "failingSince">
  >,
): Promise<boolean> {
  const res = await db
    .update(webhookEndpoints)
    .set(patch)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return res.length === 1;
}

/** The current secret becomes the previous one (signing too until `until`); `sealed` is the new current. */
export async function rotateEndpointSecret(
  db: Db,
  id: string,
  sealedNew: string,
  sealedPrevious: string,
  until: number,
) {
  const res = await db
    .update(webhookEndpoints)
    .set({ secret: sealedNew, previousSecret: sealedPrevious, previousSecretUntil: until })
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return res.length === 1;
}

/**
 * Ingest's fan-out after a commit: every enabled endpoint whose account tracks one of `leagueIds`, once per such
 * league. Driven by the enabled endpoints (few) with a primary-key probe of tracked_leagues each, not by the
 * league's trackers (every account that tracks it).
 */
export async function fanoutTargets(db: Db, leagueIds: string[]) {
  const { results } = await db.$client
    .prepare(
      `SELECT e.id, e.events, l.value AS league_id
       FROM webhook_endpoints e, json_each(?1) l
       WHERE e.enabled = 1
         AND ${tracksSql("e.account_id", "l.value")}`,
    )
    .bind(JSON.stringify(leagueIds))
    .all<{ id: string; events: string | null; league_id: string }>();
  return results;
}

export interface DeliveryTarget {
  id: string;
  account_id: string;
  url: string;
  events: string | null;
  enabled: number;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: number | null;
  failing_since: number | null;
  /** The account's tracked league ids now, comma-separated (null: none). */
  tracked: string | null;
}

/** What the queue consumer needs for a batch: each endpoint as it is now, with its account's tracked leagues. */
export async function deliveryTargets(db: Db, endpointIds: string[]): Promise<Map<string, DeliveryTarget>> {
  const { results } = await db.$client
    .prepare(
      `SELECT e.id, e.account_id, e.url, e.events, e.enabled, e.secret, e.previous_secret, e.previous_secret_until,
              e.failing_since, ${trackedListSql("e.account_id")} AS tracked
       FROM webhook_endpoints e WHERE e.id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(endpointIds))
    .all<DeliveryTarget>();
  return new Map(results.map((r) => [r.id, r]));
}

export type Health = { endpointId: string; ok: true } | { endpointId: string; ok: false; last: string };

/**
 * A consumer batch's outcome in one transaction: its attempts; each endpoint's health (a success clears the failure
 * streak; a failure starts one, and one that began `disableAfterS` ago or more disables the endpoint with the
 * reason); and each endpoint's attempts pruned to the newest `keep`.
 */
/**
 * An endpoint's health after a round of its lane, written only when it changes: a success ends a failure streak; a
 * failure starts one, or disables the endpoint once the streak is `disableAfterS` old.
 */
export async function recordHealth(db: Db, h: Health, now: number, disableAfterS: number) {
  const c = db.$client;
  if (h.ok) {
    await c.prepare("UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ?").bind(h.endpointId).run();
    return;
  }
  // SET expressions all see the row as it was: `failing_since` below is the streak's start before this failure.
  await c
    .prepare(
      `UPDATE webhook_endpoints SET
         failing_since = COALESCE(failing_since, ?2),
         enabled = CASE WHEN enabled = 1 AND COALESCE(failing_since, ?2) <= ?2 - ?3 THEN 0 ELSE enabled END,
         disabled_reason = CASE WHEN enabled = 1 AND COALESCE(failing_since, ?2) <= ?2 - ?3
           THEN 'every delivery failed for ' || ?6 || ' days (since ' ||
                strftime('%Y-%m-%dT%H:%M:%SZ', failing_since, 'unixepoch') || '); last attempt: ' || ?4
           ELSE disabled_reason END,
         disabled_at = CASE WHEN enabled = 1 AND COALESCE(failing_since, ?2) <= ?2 - ?3 THEN ?5 ELSE disabled_at END
       WHERE id = ?1`,
    )
    .bind(h.endpointId, now, disableAfterS, h.last, rfc3339(now * 1000), String(Math.round(disableAfterS / 86_400)))
    .run();
}

/**
 * Dead letters, at least once: a message the dead-letter queue delivers twice is kept once; one of an endpoint
 * deleted meanwhile is not kept (deleting an endpoint deletes its dead letters).
 */
/** A dead letter as a lane records it. */
export type DeadLetterRow = typeof webhookDeadLetters.$inferInsert;

export async function insertDeadLetters(db: Db, rows: DeadLetterRow[]) {
  if (rows.length === 0) return;
  await db.$client.batch(
    rows.map((r) =>
      db.$client
        .prepare(
          `INSERT OR IGNORE INTO webhook_dead_letters (message_id, endpoint_id, event_type, body, attempts, dead_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM webhook_endpoints WHERE id = ?2)`,
        )
        .bind(r.messageId, r.endpointId, r.eventType, r.body, r.attempts, r.deadAt),
    ),
  );
}

export const listDeadLetters = (db: Db, endpointId: string) =>
  db
    .select()
    .from(webhookDeadLetters)
    .where(eq(webhookDeadLetters.endpointId, endpointId))
    .orderBy(desc(webhookDeadLetters.deadAt))
    .limit(100);
