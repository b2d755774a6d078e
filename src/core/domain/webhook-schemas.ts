// Webhooks (docs/webhooks.md): event types, the admin API's bodies and answers, and each event's payload.
// The validators, the OpenAPI document (its `webhooks` section) and the dashboard use these.
import { z } from "@hono/zod-openapi";
import { SPORTS } from "./codes";
import { Event, EventRef, ScoreData, StandingRow, StatusCode } from "./schemas";

export const WEBHOOK_EVENTS = [
  "match.status_changed",
  "match.score_updated",
  "match.event_added",
  "match.event_updated",
  "match.event_removed",
  "match.finished",
  "standings.updated",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** Sent by "send test event"; not an event an endpoint subscribes to. */
export const TEST_EVENT = "webhook.test";
export type DeliveredType = WebhookEventType | typeof TEST_EVENT;

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "match.status_changed": "A match's status code changed (the WebSocket `status_change`).",
  "match.score_updated":
    "Score, period, minute or clock of a live match changed, or a finished match's score was corrected (the WebSocket `score_update`).",
  "match.event_added": "A timeline event was added: goal, card, substitution … (the WebSocket `event_added`).",
  "match.event_updated":
    "A timeline event was corrected: scorer, minute, type … changed; the whole event as it now stands (the WebSocket `event_updated`).",
  "match.event_removed":
    "A timeline event was withdrawn, e.g. a goal disallowed by VAR (the WebSocket `event_removed`); the corrected score comes as `match.score_updated`.",
  "match.finished": "A match reached a final status (3, 9 or 10), with the final score.",
  "standings.updated":
    "A league table was recomputed after a final whistle or a corrected final score, with the new table.",
};

export const TEST_EVENT_DESCRIPTION =
  "Sent by “send test event” (dashboard, admin API); delivered once, never retried.";

/** The words for a delivered type: the event's description, or the test event's. */
export const deliveredDescription = (type: DeliveredType) =>
  type === TEST_EVENT ? TEST_EVENT_DESCRIPTION : WEBHOOK_EVENT_DESCRIPTIONS[type];

/** At most this many endpoints per account: each one multiplies ingest's fan-out. */
export const MAX_ENDPOINTS_PER_ACCOUNT = 20;

// ---------- admin API and dashboard bodies ----------
export const WebhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1, "choose at least one event, or omit `events` for all")
  .max(WEBHOOK_EVENTS.length * 4)
  .transform((a) => [...new Set(a)])
  .describe("Event types to receive; omitted or null: all, including types added later.");

export const WebhookUrl = z
  .string()
  .trim()
  .min(1, "required")
  .max(2000, "at most 2000 characters")
  .describe(
    "Where to POST. Production: `https://` to a public host. Staging and local also accept `http://` loopback.",
  );

const Description = z.string().trim().max(200, "at most 200 characters");

export const CreateWebhookBody = z.object({
  url: WebhookUrl,
  events: WebhookEvents.nullable().optional(),
  description: Description.nullable().optional(),
});

export const UpdateWebhookBody = z
  .object({
    enabled: z.boolean().optional().describe("false disables the endpoint (pending deliveries are dropped)."),
    events: WebhookEvents.nullable().optional(),
    description: Description.nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), "give at least one of enabled, events, description");

// ---------- admin API answers ----------
const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENTS)).nullable().describe("null: every event type."),
  enabled: z.boolean(),
  disabled_reason: z
    .string()
    .nullable()
    .describe("Why the endpoint was disabled (by its owner or after 3 days of failures)."),
  disabled_at: z.string().nullable(),
  failing_since_at: z.string().nullable().describe("First failed attempt since the last success; null while healthy."),
  previous_secret_expires_at: z
    .string()
    .nullable()
    .describe("After a rotation, the previous secret also signs until this time."),
  created_at: z.string(),
});
export const WebhookEndpoint = webhookEndpoint.openapi("WebhookEndpoint");

export const WebhookEndpointCreated = webhookEndpoint
  .extend({
    secret: z.string().describe("`whsec_` + base64 of 32 bytes. Returned only here (and by rotate-secret)."),
  })
  .openapi("WebhookEndpointCreated");

export const WebhookEndpointList = z.object({ data: z.array(WebhookEndpoint) }).openapi("WebhookEndpointList");

export const WebhookAttempt = z
  .object({
    id: z.number().int(),
    message_id: z.string().describe("The `webhook-id` header: the same on every attempt of one message."),
    event_type: z.string(),
    attempt: z.number().int().describe("1 for the first delivery, 2 for the first retry …"),
    outcome: z.enum(["delivered", "retrying", "failed", "dead_lettered"]),
    response_status: z.number().int().nullable().describe("HTTP status of the answer; null without one."),
    error: z.string().nullable(),
    latency_ms: z.number().int().nullable(),
    response_excerpt: z.string().nullable().describe("At most 200 characters of the answer's body."),
    retry_in: z.number().int().nullable().describe("Seconds until the next attempt (outcome `retrying`)."),
    created_at: z.string(),
  })
  .openapi("WebhookAttempt");

export const WebhookAttemptList = z.object({ data: z.array(WebhookAttempt) }).openapi("WebhookAttemptList");

// ---------- payloads ----------
const matchBase = {
  match_id: z.string(),
  sport: z.enum(SPORTS),
  league_id: z.string(),
  seq: z.number().int().describe("The match stream's seq (as on the WebSockets)."),
  simulated: z.boolean().describe("An invented match the simulator plays (docs/data.md); false for a real one."),
};
/** A payload's schema name: `Webhook` + the type in PascalCase (`match.status_changed` → WebhookMatchStatusChanged). */
export const webhookPayloadId = (type: string) =>
  "Webhook" + type.replace(/^webhook\./, "").replace(/(^|[._])(\w)/g, (_, _sep, c: string) => c.toUpperCase());

/** An event's webhook data: the Event, with the match stream's `seq` and the event's own one as `event_seq`. */
const EventData = Event.omit({ seq: true }).extend({
  ...matchBase,
  event_seq: z.number().int().describe("The event's own position in the timeline (Event `seq`)."),
});

const payload = <T extends string, D extends z.ZodType>(type: T, data: D, description: string) =>
  z
    .object({
      type: z.literal(type),
      timestamp: z.string().describe("RFC 3339 UTC time of the change (the same on every retry)."),
      data,
    })
    .describe(description)
    .openapi(webhookPayloadId(type), { description });

export const WebhookPayloads = {
  "match.status_changed": payload(
    "match.status_changed",
    z.object({ ...matchBase, from: StatusCode, to: StatusCode }),
    WEBHOOK_EVENT_DESCRIPTIONS["match.status_changed"],
  ),
  "match.score_updated": payload(
    "match.score_updated",
    ScoreData.extend(matchBase),
    WEBHOOK_EVENT_DESCRIPTIONS["match.score_updated"],
  ),
  "match.event_added": payload("match.event_added", EventData, WEBHOOK_EVENT_DESCRIPTIONS["match.event_added"]),
  "match.event_updated": payload("match.event_updated", EventData, WEBHOOK_EVENT_DESCRIPTIONS["match.event_updated"]),
  "match.event_removed": payload(
    "match.event_removed",
    EventRef.extend(matchBase),
    WEBHOOK_EVENT_DESCRIPTIONS["match.event_removed"],
  ),
  "match.finished": payload(
    "match.finished",
    z.object({
      ...matchBase,
      from: StatusCode,
      to: StatusCode.describe("3, 9 or 10."),
      home: z.number().int().describe("Final score (status 9: before the shoot-out)."),
      away: z.number().int(),
    }),
    WEBHOOK_EVENT_DESCRIPTIONS["match.finished"],
  ),
  "standings.updated": payload(
    "standings.updated",
    z.object({
      ...matchBase,
      match_id: z.string().describe("The finished match that changed the table."),
      seq: z
        .number()
        .int()
        .describe(
          "That match's seq after the commit that finished it (or corrected its final score): the table reflects the match as a read at this seq shows it; 0 when it arrived already finished, before any stream message.",
        ),
      season: z.string(),
      as_of: z.string(),
      standings: z.array(StandingRow),
    }),
    WEBHOOK_EVENT_DESCRIPTIONS["standings.updated"],
  ),
  [TEST_EVENT]: payload(TEST_EVENT, z.object({ endpoint_id: z.string(), message: z.string() }), TEST_EVENT_DESCRIPTION),
} as const;
