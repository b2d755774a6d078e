// The events we POST to customers' endpoints, as the OpenAPI 3.1 `webhooks` section, from the payload schemas in
// src/core/domain/webhook-schemas.ts. (The operator API's webhook operations are routes: src/internal/admin-webhooks.ts.)
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  deliveredDescription,
  WEBHOOK_EVENTS,
  WebhookPayloads,
  type DeliveredType,
} from "../../core/domain/webhook-schemas";
import { RETRY_DELAYS_S } from "../../core/webhooks/retry";

const RETRY_SCHEDULE = RETRY_DELAYS_S.map((s) =>
  s < 60 ? `${s} s` : s < 3600 ? `${s / 60} min` : `${s / 3600} h`,
).join(", ");

/** The Standard Webhooks headers every delivery carries (signed; see docs/webhooks.md "Headers and signatures"). */
export const SIGNATURE_HEADERS = z.object({
  "webhook-id": z.string().describe("Message id (`msg_…`), the same on every retry of this message."),
  "webhook-timestamp": z.string().describe("Unix seconds of this attempt (signed; reject if far from now)."),
  "webhook-signature": z
    .string()
    .describe(
      '`v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`; space-separated when two secrets sign (24 h after a rotation).',
    ),
});

export const DELIVERY_RULES =
  "Signed per Standard Webhooks (verify with the `standardwebhooks` library and the endpoint's `whsec_` secret). " +
  `At least once: dedupe by \`webhook-id\`. A 2xx within 10 s is success; redirects are not followed. Retries after ${RETRY_SCHEDULE}, then the message is dropped and recorded; an endpoint failing for 3 days in a row is disabled.`;

export const DELIVERED_TYPES: DeliveredType[] = [...WEBHOOK_EVENTS, "webhook.test"];

export function registerWebhookEvents(app: OpenAPIHono<any>) {
  for (const type of DELIVERED_TYPES) {
    app.openAPIRegistry.registerWebhook({
      method: "post",
      path: type,
      operationId: `webhook_${type.replace(/\./g, "_")}`,
      summary: deliveredDescription(type),
      // Nothing authenticates us to the receiver but the signature headers below.
      security: [],
      description: DELIVERY_RULES,
      tags: ["Webhook events"],
      request: {
        headers: SIGNATURE_HEADERS,
        body: { required: true, content: { "application/json": { schema: WebhookPayloads[type] } } },
      },
      responses: {
        "2XX": { description: "Received. Answer within 10 s; do slow work after answering." },
        default: { description: "Anything else (or no answer within 10 s) is a failure and is retried." },
      },
    });
  }
}
