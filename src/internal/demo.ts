// The demo's operator routes, mounted only by the development and staging entry (workers/dev.ts): the production
// Worker has neither these routes nor the simulator, the demo catalogue or the benchmark data set they reach.
import { z } from "@hono/zod-openapi";
import { KEY_PATTERN } from "../core/auth/keys";
import { badRequest } from "../core/errors";
import { demoSimulator } from "../demo/binding";
import { seedDemo } from "../demo/seed";
import { apiRouter, jsonBody } from "../http/openapi-route";
import { json } from "../http/respond";
import { requireSecret } from "../http/shared-secret";
import { internal } from "./route";

const DemoBody = z.object({
  demo_api_key: z.string().regex(KEY_PATTERN, "expected an sk_test_ key").optional(),
  /** "bench": the benchmark data set (10 leagues per sport, a 5-season history). */
  scale: z.enum(["demo", "bench"]).default("demo"),
  /** Real past seasons were imported first (npm start): the demo invents none for those leagues. */
  real_history: z.boolean().default(false),
});
const SimulatorBody = z.object({ running: z.boolean() });

export const demoAdminRoutes = apiRouter();
demoAdminRoutes.use(requireSecret("ADMIN_TOKEN"));
// Local/staging only: (re)generate the demo leagues for today and make sure the demo account and key exist.
demoAdminRoutes.openapi(internal("post", "/demo", { body: jsonBody(DemoBody) }), async (c) => {
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
demoAdminRoutes.openapi(internal("put", "/simulator", { body: jsonBody(SimulatorBody) }), async (c) => {
  const { running } = c.req.valid("json");
  const sim = demoSimulator(c.env);
  return json(c, running ? await sim.start(Number(c.env.SIMULATOR_TICK_MS) || 2000) : await sim.stop());
});
