// Operator API (docs/operations.md "Admin API"). Bearer ADMIN_TOKEN, compared in constant time.
import { z } from "@hono/zod-openapi";
import { internal } from "./route";
import { Email, Password, passwordNotEmail } from "../core/auth/password-policy";
import { requireSecret } from "../http/shared-secret";
import { changePlan, createAccount, createApiKey, revokeApiKey, setTrackedLeagues } from "../core/auth/service";
import { PLANS } from "../core/domain/codes";
import { NewKey } from "../core/domain/key-schemas";
import { IdParam } from "../core/domain/schemas";
import { dbFor } from "../core/db/client";
import type { AppEnv } from "../http/app-env";
import { adminFeedRoutes } from "./admin-feeds";
import { adminIdentityRoutes } from "./admin-identities";
import { adminWebhookRoutes } from "./admin-webhooks";
import { apiRouter, jsonBody } from "../http/openapi-route";
import { json } from "../http/respond";

const AccountBody = z
  .object({ email: Email, password: Password.optional(), plan: z.enum(PLANS).default("trial") })
  .superRefine(passwordNotEmail);
const PlanBody = z.object({ plan: z.enum(PLANS) });
const TrackedBody = z.object({ league_ids: z.array(IdParam).max(1000) });
/** Without `scopes`, the key gets every scope. */
const KeyBody = NewKey.partial({ scopes: true });
const AccountPath = z.object({ id: IdParam });
const KeyPath = z.object({ keyId: IdParam });

export const adminRoutes = apiRouter();
adminRoutes.use(requireSecret("ADMIN_TOKEN"));
adminRoutes.openapi(internal("post", "/accounts", { body: jsonBody(AccountBody) }), async (c) => {
  const b = c.req.valid("json");
  return json(c, await createAccount(dbFor(c.env.DB), b.email, b.password, b.plan), 201);
});
adminRoutes.openapi(
  internal("put", "/accounts/{id}/plan", { params: AccountPath, body: jsonBody(PlanBody) }),
  async (c) => {
    const { id } = c.req.valid("param");
    const b = c.req.valid("json");
    await changePlan(c.env, id, b.plan);
    return json(c, { id, plan: b.plan });
  },
);
adminRoutes.openapi(
  // 1,000 ids of up to 64 characters (the schema's bounds) need more than the default 64 KiB.
  internal("put", "/accounts/{id}/tracked-leagues", { params: AccountPath, body: jsonBody(TrackedBody) }, 128 * 1024),
  async (c) => {
    const { id } = c.req.valid("param");
    const b = c.req.valid("json");
    await setTrackedLeagues(c.env, id, b.league_ids);
    return json(c, { id, league_ids: [...new Set(b.league_ids)] });
  },
);
adminRoutes.openapi(
  internal("post", "/accounts/{id}/keys", { params: AccountPath, body: jsonBody(KeyBody) }),
  async (c) => {
    const { id } = c.req.valid("param");
    const b = c.req.valid("json");
    return json(c, await createApiKey(dbFor(c.env.DB), c.env.ENVIRONMENT, id, b.name, b.scopes, undefined, c.env), 201);
  },
);
adminRoutes.openapi(internal("delete", "/keys/{keyId}", { params: KeyPath }), async (c) => {
  await revokeApiKey(c.env, c.req.valid("param").keyId);
  return c.body(null, 204);
});
// Webhook endpoints (behind the same token check: the middleware above runs for every route of this app).
adminRoutes.route("/", adminWebhookRoutes);
// Provider feeds: the league mapping and each feed's status.
adminRoutes.route("/", adminFeedRoutes);
adminRoutes.route("/", adminIdentityRoutes);
