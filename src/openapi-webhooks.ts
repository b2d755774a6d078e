// The webhook parts of the OpenAPI document: the operator API's endpoint operations (internal, ADMIN_TOKEN) and the
// events we POST to customers' endpoints (OpenAPI 3.1 `webhooks`), from the schemas in src/domain/webhook-schemas.ts.
import { z } from "zod";
import { IdParam, registry } from "./domain/schemas";
import {
  CreateWebhookBody,
  UpdateWebhookBody,
  WEBHOOK_EVENTS,
  WebhookPayloads,
  type DeliveredType,
} from "./domain/webhook-schemas";
import { RETRY_DELAYS_S } from "./webhooks/retry";

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: ref("Problem") } },
});
const jsonBody = (s: z.ZodType) => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(s, { io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return { required: true, content: { "application/json": { schema } } };
};
const ok = (description: string, schema: unknown) => ({ description, content: { "application/json": { schema } } });
const pathParam = (name: string, description: string) => ({
  name,
  in: "path",
  required: true,
  description,
  schema: z.toJSONSchema(IdParam),
});
const accountId = pathParam("id", "Account id.");
const webhookId = pathParam("wid", "Webhook endpoint id.");

function adminOp(
  operationId: string,
  summary: string,
  params: unknown[],
  responses: Record<string, unknown>,
  body?: unknown,
) {
  return {
    operationId,
    summary,
    tags: ["Webhooks (operator API)"],
    description:
      "Internal operator API: `Authorization: Bearer <ADMIN_TOKEN>`. The dashboard's Webhooks page does the same for the signed-in account.",
    security: [{ AdminToken: [] }],
    parameters: params,
    ...(body ? { requestBody: body } : {}),
    responses: {
      ...responses,
      "400": problem("invalid_request: `detail` names the parameter (e.g. `url` refused by the URL rules)."),
      "401": {
        ...problem("invalid_token: missing or wrong admin token."),
        headers: { "WWW-Authenticate": { schema: { type: "string" }, description: "`Bearer`" } },
      },
      "404": problem("not_found: unknown account or endpoint."),
    },
  };
}

export function webhookAdminPaths(): Record<string, unknown> {
  const endpoint = ok("The endpoint (never its secret).", ref("WebhookEndpoint"));
  return {
    "/internal/admin/accounts/{id}/webhooks": {
      post: adminOp(
        "createWebhookEndpoint",
        "Add a webhook endpoint to an account; the answer holds its signing secret, shown only here",
        [accountId],
        {
          "201": ok("Created.", ref("WebhookEndpointCreated")),
          "409": problem("The account already has the maximum number of endpoints (20)."),
        },
        jsonBody(CreateWebhookBody),
      ),
      get: adminOp("listWebhookEndpoints", "An account's webhook endpoints", [accountId], {
        "200": ok("OK", ref("WebhookEndpointList")),
      }),
    },
    "/internal/admin/webhooks/{wid}": {
      get: adminOp("getWebhookEndpoint", "One webhook endpoint", [webhookId], { "200": endpoint }),
      patch: adminOp(
        "updateWebhookEndpoint",
        "Enable or disable an endpoint, change its events filter or description",
        [webhookId],
        { "200": endpoint },
        jsonBody(UpdateWebhookBody),
      ),
      delete: adminOp("deleteWebhookEndpoint", "Delete an endpoint with its attempts and dead letters", [webhookId], {
        "204": { description: "Deleted; pending deliveries are dropped." },
      }),
    },
    "/internal/admin/webhooks/{wid}/rotate-secret": {
      post: adminOp(
        "rotateWebhookSecret",
        "New signing secret; the previous one keeps signing too for 24 h",
        [webhookId],
        {
          "200": ok(
            "The new secret, shown only here.",
            z.toJSONSchema(z.object({ secret: z.string(), previous_secret_expires_at: z.string() })),
          ),
        },
      ),
    },
    "/internal/admin/webhooks/{wid}/test": {
      post: adminOp(
        "sendWebhookTestEvent",
        "Queue a `webhook.test` event (delivered once, even to a disabled endpoint; not retried)",
        [webhookId],
        { "202": ok("Queued.", z.toJSONSchema(z.object({ message_id: z.string() }))) },
      ),
    },
    "/internal/admin/webhooks/{wid}/attempts": {
      get: adminOp("listWebhookAttempts", "The endpoint's last 100 delivery attempts, newest first", [webhookId], {
        "200": ok("OK", ref("WebhookAttemptList")),
      }),
    },
    "/internal/admin/webhooks/{wid}/dead-letters": {
      get: adminOp(
        "listWebhookDeadLetters",
        "Messages that failed every attempt, with the body that was signed (newest 100)",
        [webhookId],
        {
          "200": ok(
            "OK",
            z.toJSONSchema(
              z.object({
                data: z.array(
                  z.object({
                    message_id: z.string(),
                    event_type: z.string(),
                    attempts: z.number().int(),
                    dead_at: z.string(),
                    body: z.string(),
                  }),
                ),
              }),
            ),
          ),
        },
      ),
    },
  };
}

const schedule = RETRY_DELAYS_S.map((s) => (s < 60 ? `${s} s` : s < 3600 ? `${s / 60} min` : `${s / 3600} h`)).join(
  ", ",
);

const header = (name: string, description: string) => ({
  name,
  in: "header",
  required: true,
  description,
  schema: { type: "string" },
});

/** OpenAPI 3.1 `webhooks`: what we POST to a customer's endpoint, per event type. */
export function webhookEvents(): Record<string, unknown> {
  const types: DeliveredType[] = [...WEBHOOK_EVENTS, "webhook.test"];
  return Object.fromEntries(
    types.map((type) => {
      const id = registry.get(WebhookPayloads[type])!.id;
      return [
        type,
        {
          post: {
            operationId: `webhook_${type.replace(/\./g, "_")}`,
            summary: WebhookPayloads[type].description,
            description:
              "Signed per Standard Webhooks (verify with the `standardwebhooks` library and the endpoint's `whsec_` secret). " +
              `At least once: dedupe by \`webhook-id\`. A 2xx within 10 s is success; redirects are not followed. Retries after ${schedule}, then the message is dropped and recorded; an endpoint failing for 3 days in a row is disabled.`,
            parameters: [
              header("webhook-id", "Message id (`msg_…`), the same on every retry of this message."),
              header("webhook-timestamp", "Unix seconds of this attempt (signed; reject if far from now)."),
              header(
                "webhook-signature",
                '`v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`; space-separated when two secrets sign (24 h after a rotation).',
              ),
            ],
            requestBody: { required: true, content: { "application/json": { schema: ref(id) } } },
            responses: {
              "2XX": { description: "Received. Answer within 10 s; do slow work after answering." },
              default: { description: "Anything else (or no answer within 10 s) is a failure and is retried." },
            },
          },
        },
      ];
    }),
  );
}
