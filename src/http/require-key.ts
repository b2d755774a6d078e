// The REST front door for /v1: three named steps, in this order, each refusing before the next does any work.
// 1. who: the API key as a Principal (src/core/auth/authenticate.ts), with the route's scope;
// 2. budget: one request of the plan's REST budget (./rate-limit.ts);
// 3. data: the D1 session the handler reads through, at least as recent as the data version (src/core/db/data-view.ts).
import { createMiddleware } from "hono/factory";
import type { Scope } from "../core/domain/codes";
import { currentData, sessionDb } from "../core/db/data-view";
import { authenticateKey, requireScope } from "../core/auth/authenticate";
import type { AppEnv } from "./app-env";
import { spendRest } from "./rate-limit";

/** `fresh`: read the key from the primary now (WebSocket upgrades; see src/core/auth/key-records.ts). */
export const requireKey = (scope: Scope, fresh = false) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const principal = await authenticateKey(c.req.raw, c.env, fresh);
    requireScope(principal, scope);
    c.set("principal", principal);
    const refused = await spendRest(c, principal);
    if (refused) return refused;
    const data = await currentData(c.env);
    c.set("db", sessionDb(c.env, data));
    c.set("readScope", {
      tracked: principal.tracked,
      dataVersion: data.version,
      entitlementVersion: principal.entitlementVersion,
    });
    await next();
  });
