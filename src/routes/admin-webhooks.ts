// Webhook endpoints in the operator API (CONTRACT.md "Webhooks": Manage). Mounted under /internal/admin, behind its
// ADMIN_TOKEN check; the dashboard calls the same service functions for the signed-in account.
import { Hono } from "hono";
import { z } from "zod";
import { IdParam } from "../domain/schemas";
import { CreateWebhookBody, UpdateWebhookBody } from "../domain/webhook-schemas";
import type { AppEnv } from "../env";
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
} from "../webhooks/service";
import { json } from "./respond";
import { parseBody, parseInput } from "./validate";

const AccountPath = z.object({ id: IdParam });
const WebhookPath = z.object({ wid: IdParam });

export const adminWebhookRoutes = new Hono<AppEnv>()
  .post("/accounts/:id/webhooks", async (c) => {
    const { id } = parseInput(AccountPath, c.req.param());
    const b = await parseBody(c.req.raw, CreateWebhookBody);
    return json(c, await createEndpoint(c.env, id, b), 201);
  })
  .get("/accounts/:id/webhooks", async (c) => {
    const { id } = parseInput(AccountPath, c.req.param());
    return json(c, { data: await accountEndpoints(c.env, id) });
  })
  .get("/webhooks/:wid", async (c) => {
    const { wid } = parseInput(WebhookPath, c.req.param());
    return json(c, await getEndpoint(c.env, wid));
  })
  .patch("/webhooks/:wid", async (c) => {
    const { wid } = parseInput(WebhookPath, c.req.param());
    const b = await parseBody(c.req.raw, UpdateWebhookBody);
    return json(c, await changeEndpoint(c.env, wid, b));
  })
  .delete("/webhooks/:wid", async (c) => {
    const { wid } = parseInput(WebhookPath, c.req.param());
    await removeEndpoint(c.env, wid);
    return c.body(null, 204);
  })
  .post("/webhooks/:wid/rotate-secret", async (c) => {
    const { wid } = parseInput(WebhookPath, c.req.param());
    return json(c, await rotateSecret(c.env, wid));
  })
  .post("/webhooks/:wid/test", async (c) => {
    const { wid } = parseInput(WebhookPath, c.req.param());
    const sent = await sendTestEvent(c.env, wid);
    return c.body(JSON.stringify(sent), 202, { "content-type": "application/json; charset=utf-8" });
  })
  .get("/webhooks/:wid/attempts", async (c) => {
    const { wid } = parseInput(WebhookPath, c.req.param());
    return json(c, { data: await endpointAttempts(c.env, wid) });
  })
  .get("/webhooks/:wid/dead-letters", async (c) => {
    const { wid } = parseInput(WebhookPath, c.req.param());
    return json(c, { data: await endpointDeadLetters(c.env, wid) });
  });
