// Webhook endpoints in the operator API (docs/webhooks.md "Managing endpoints"). Mounted under /internal/admin, behind
// its ADMIN_TOKEN check; the dashboard calls the same service functions for the signed-in account.
import { createRoute, z, type RouteConfig } from "@hono/zod-openapi";
import { IdParam } from "../core/domain/schemas";
import {
  CreateWebhookBody,
  MAX_ENDPOINTS_PER_ACCOUNT,
  UpdateWebhookBody,
  WebhookAttemptList,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookEndpointList,
} from "../core/domain/webhook-schemas";
import {
  accountEndpoints,
  changeEndpoint,
  createEndpoint,
  endpointAttempts,
  endpointDeadLetters,
  getEndpoint,
  removeEndpoint,
  rotateSecret,
  sendTestEvent,
} from "../core/webhooks/service";
import { adminErrors, apiRouter, capJson, jsonBody, problem } from "../http/openapi-route";
import { json } from "../http/respond";

const AccountPath = z.object({ id: IdParam.describe("Account id.") });
const WebhookPath = z.object({ wid: IdParam.describe("Webhook endpoint id.") });

const ok = (description: string, schema: z.ZodType) => ({ description, content: { "application/json": { schema } } });

const op = <
  M extends "get" | "post" | "patch" | "delete",
  P extends string,
  R extends RouteConfig["request"],
  Res extends RouteConfig["responses"],
>(
  method: M,
  path: P,
  operationId: string,
  summary: string,
  request: R,
  responses: Res,
) =>
  createRoute({
    method,
    path,
    operationId,
    summary,
    tags: ["Webhooks (operator API)"],
    description:
      "Internal operator API: `Authorization: Bearer <ADMIN_TOKEN>`. The dashboard's Webhooks page does the same for the signed-in account.",
    security: [{ AdminToken: [] }],
    // In the document for operators and generated clients, left out of /docs' reference for customers (Scalar hides
    // what is marked internal; customers manage endpoints on the dashboard).
    "x-internal": true,
    ...(request && "body" in request ? { middleware: capJson() } : {}),
    request,
    responses: { ...responses, ...adminErrors },
  });

const endpoint = ok("The endpoint (never its secret).", WebhookEndpoint);

export const adminWebhookRoutes = apiRouter();

adminWebhookRoutes.openapi(
  op(
    "post",
    "/accounts/{id}/webhooks",
    "createWebhookEndpoint",
    "Add a webhook endpoint to an account; the answer holds its signing secret, shown only here",
    { params: AccountPath, body: jsonBody(CreateWebhookBody) },
    {
      201: ok("Created.", WebhookEndpointCreated),
      409: problem(`The account already has the maximum number of endpoints (${MAX_ENDPOINTS_PER_ACCOUNT}).`),
    },
  ),
  async (c) => json(c, await createEndpoint(c.env, c.req.valid("param").id, c.req.valid("json")), 201),
);
adminWebhookRoutes.openapi(
  op(
    "get",
    "/accounts/{id}/webhooks",
    "listWebhookEndpoints",
    "An account's webhook endpoints",
    { params: AccountPath },
    {
      200: ok("OK", WebhookEndpointList),
    },
  ),
  async (c) => json(c, { data: await accountEndpoints(c.env, c.req.valid("param").id) }),
);
adminWebhookRoutes.openapi(
  op(
    "get",
    "/webhooks/{wid}",
    "getWebhookEndpoint",
    "One webhook endpoint",
    { params: WebhookPath },
    { 200: endpoint },
  ),
  async (c) => json(c, await getEndpoint(c.env, c.req.valid("param").wid)),
);
adminWebhookRoutes.openapi(
  op(
    "patch",
    "/webhooks/{wid}",
    "updateWebhookEndpoint",
    "Enable or disable an endpoint, change its events filter or description",
    { params: WebhookPath, body: jsonBody(UpdateWebhookBody) },
    { 200: endpoint },
  ),
  async (c) => json(c, await changeEndpoint(c.env, c.req.valid("param").wid, c.req.valid("json"))),
);
adminWebhookRoutes.openapi(
  op(
    "delete",
    "/webhooks/{wid}",
    "deleteWebhookEndpoint",
    "Delete an endpoint with its attempts and dead letters",
    { params: WebhookPath },
    { 204: { description: "Deleted; pending deliveries are dropped." } },
  ),
  async (c) => {
    await removeEndpoint(c.env, c.req.valid("param").wid);
    return c.body(null, 204);
  },
);
adminWebhookRoutes.openapi(
  op(
    "post",
    "/webhooks/{wid}/rotate-secret",
    "rotateWebhookSecret",
    "New signing secret; the previous one keeps signing too for 24 h",
    { params: WebhookPath },
    {
      200: ok(
        "The new secret, shown only here.",
        z.object({ secret: z.string(), previous_secret_expires_at: z.string() }),
      ),
    },
  ),
  async (c) => json(c, await rotateSecret(c.env, c.req.valid("param").wid)),
);
adminWebhookRoutes.openapi(
  op(
    "post",
    "/webhooks/{wid}/test",
    "sendWebhookTestEvent",
    "Queue a `webhook.test` event (delivered once, even to a disabled endpoint; not retried; at most 5 per endpoint per minute)",
    { params: WebhookPath },
    {
      202: ok("Queued.", z.object({ message_id: z.string() })),
      429: problem("rate_limited: 5 test events this minute."),
    },
  ),
  async (c) => json(c, await sendTestEvent(c.env, c.req.valid("param").wid), 202),
);
adminWebhookRoutes.openapi(
  op(
    "get",
    "/webhooks/{wid}/attempts",
    "listWebhookAttempts",
    "The endpoint's last 100 delivery attempts, newest first",
    { params: WebhookPath },
    { 200: ok("OK", WebhookAttemptList) },
  ),
  async (c) => json(c, { data: await endpointAttempts(c.env, c.req.valid("param").wid) }),
);
adminWebhookRoutes.openapi(
  op(
    "get",
    "/webhooks/{wid}/dead-letters",
    "listWebhookDeadLetters",
    "Messages that failed every attempt, with the body that was signed (newest 100)",
    { params: WebhookPath },
    {
      200: ok(
        "OK",
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
    },
  ),
  async (c) => json(c, { data: await endpointDeadLetters(c.env, c.req.valid("param").wid) }),
);
