// The REST front door for /v1: three named steps, in this order, each refusing before the next does any work.
// 1. who: the API key or browser token as a Principal (src/core/auth/authenticate.ts), with the route's scope;
// 2. budget: one request of the plan's REST budget (./rate-limit.ts);
// 3. data: the D1 session the handler reads through, at least as recent as the data version (src/core/db/data-view.ts);
//    then what a restricted browser token may name (./token-restrictions.ts).
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { Scope } from "../core/domain/codes";
import { dbFor } from "../core/db/client";
import { trackedParam } from "../core/db/queries/visibility";
import { currentData, sessionDb } from "../core/db/data-view";
import { authenticate, authenticateKey, requireScope } from "../core/auth/authenticate";
import type { ApiPrincipal } from "../core/auth/principal";
import type { AppEnv } from "./app-env";
import { spendRest } from "./rate-limit";
import { checkRestrictions } from "./token-restrictions";
import type { WarmStart } from "./warm-start";

/**
 * `fresh`: read the credential from the primary now (stream admission; see src/core/auth/key-records.ts). Stream
 * admission reads the match and takes its slot on the primary too, so it opens no read session. `keysOnly`: refuse
 * browser tokens (POST /v1/tokens: a token never mints a token). `scope` null: any key.
 */
export const requireKey = (scope: Scope | null, fresh = false, keysOnly = false) =>
  createMiddleware<AppEnv>(async (c, next) => {
    // A read the warm read left to the app was checked there with this same plain step: its principal is reused.
    const warm = fresh || keysOnly ? undefined : c.env.warmStart;
    const principal = await who(c, warm?.who, fresh, keysOnly);
    if (scope) requireScope(principal, scope);
    c.set("principal", principal);
    c.set("leagues", trackedParam(principal.tracked));
    const refused = await spendRest(c, principal);
    if (refused) return refused;
    const restricted = principal.type === "token" && (principal.matchIds || principal.leagueIds);
    if (fresh) {
      if (restricted) await checkRestrictions(principal, new URL(c.req.url), dbFor(c.env.DB));
      return next();
    }
    const data = warm?.data ?? (await currentData(c.env));
    c.set("db", sessionDb(c.env, data));
    if (restricted) await checkRestrictions(principal, new URL(c.req.url), c.get("db"));
    c.set("readScope", {
      tracked: principal.tracked,
      dataVersion: data.version,
      entitlementVersion: principal.entitlementVersion,
      // What a cached answer needs checked again when the warm read serves it (src/api/warm-read.ts): only this
      // plain step (any credential, the 2 s record, the route's scope) can be repeated there.
      warm: keysOnly ? undefined : { scope },
    });
    await next();
  });

/** The principal: the warm read's, or built now; a refusal the warm read met is thrown as it was. */
async function who(
  c: Context<AppEnv>,
  known: WarmStart["who"],
  fresh: boolean,
  keysOnly: boolean,
): Promise<ApiPrincipal> {
  if (known && "principal" in known) return known.principal;
  if (known) throw known.refused;
  return (keysOnly ? authenticateKey : authenticate)(c.req.raw, c.env, fresh);
}
