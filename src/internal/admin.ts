// Operator API (docs/operations.md "Admin API"). Bearer ADMIN_TOKEN, compared in constant time.
import { createRoute, z, type RouteConfig } from "@hono/zod-openapi";
import { KEY_PATTERN } from "../core/auth/keys";
import { Email, Password, passwordNotEmail } from "../core/auth/password-policy";
import { requireSecret } from "../http/shared-secret";
import { changePlan, createAccount, createApiKey, revokeApiKey, setTrackedLeagues } from "../core/auth/service";
import { PLANS } from "../core/domain/codes";
import { NewKey } from "../core/domain/key-schemas";
import { IdParam } from "../core/domain/schemas";
import { dbFor } from "../core/db/client";
import { seedDemo } from "../demo/seed";
import type { AppEnv } from "../http/app-env";
import { ApiError, badRequest } from "../core/errors";
import { adminFeedRoutes } from "./admin-feeds";
import { adminIdentityRoutes } from "./admin-identities";
import { adminWebhookRoutes } from "./admin-webhooks";
import { apiRouter, capJson, INTERNAL_RESPONSES, jsonBody } from "../http/openapi-route";
import { json } from "../http/respond";

const AccountBody = z
  .object({ email: Email, password: Password.optional(), plan: z.enum(PLANS).default("trial") })
  .superRefine(passwordNotEmail);
const PlanBody = z.object({ plan: z.enum(PLANS) });
const TrackedBody = z.object({ league_ids: z.array(IdParam).max(1000) });
/** Without `scopes`, the key gets every scope. */
const KeyBody = NewKey.partial({ scopes: true });
const DemoBody = z.object({
  demo_api_key: z.string().regex(KEY_PATTERN, "expected an sk_test_ key").optional(),
  /** "bench": the benchmark data set (10 leagues per sport, a 5-season history). */
  scale: z.enum(["demo", "bench"]).default("demo"),
  /** Real past seasons were imported first (npm start): the demo invents none for those leagues. */
  real_history: z.boolean().default(false),
});
const SimulatorBody = z.object({ running: z.boolean() });
const AccountPath = z.object({ id: IdParam });
const KeyPath = z.object({ keyId: IdParam });

/**
 * An account-management operation: validated by its schemas like the public ones, but left out of the published
 * document (internal; the webhook operations in ./admin-webhooks.ts are documented for operators).
 */
const internal = <M extends "post" | "put" | "delete", P extends string, R extends RouteConfig["request"]>(
  method: M,
  path: P,
  request: R,
  maxBytes?: number,
) =>
  createRoute({
    method,
    path,
    hide: true,
    ...(request && "body" in request ? { middleware: capJson(maxBytes) } : {}),
    request,
    responses: INTERNAL_RESPONSES,
  });

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
// Local/staging only: (re)generate the demo leagues for today and make sure the demo account and key exist.
adminRoutes.openapi(internal("post", "/demo", { body: jsonBody(DemoBody) }), async (c) => {
  if (c.env.ENVIRONMENT === "production") throw new ApiError(404, "not_found", "not available in production");
  const b = c.req.valid("json");
  if (b.demo_api_key && !b.demo_api_key.startsWith("sk_test_"))
    throw badRequest("demo_api_key", "expected an sk_test_ key");
  return json(
    c,
    await seedDemo(c.env, {
      demoApiKey: b.demo_api_key,
      scale: b.scale,
      realHistory: b.real_history,
    }),
  );
});
// Local/staging only: start or stop the demo feed (a Durable Object alarm loop).
adminRoutes.openapi(internal("put", "/simulator", { body: jsonBody(SimulatorBody) }), async (c) => {
  if (c.env.ENVIRONMENT === "production") throw new ApiError(404, "not_found", "not available in production");
  const { running } = c.req.valid("json");
  const sim = c.env.SIMULATOR.getByName("demo");
  return json(c, running ? await sim.start(Number(c.env.SIMULATOR_TICK_MS) || 2000) : await sim.stop());
});
// Webhook endpoints (behind the same token check: the middleware above runs for every route of this app).
adminRoutes.route("/", adminWebhookRoutes);
// Provider feeds: the league mapping and each feed's status.
adminRoutes.route("/", adminFeedRoutes);
adminRoutes.route("/", adminIdentityRoutes);
