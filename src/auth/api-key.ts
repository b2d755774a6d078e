// Key check in front of every /v1 route: transport precedence, environment prefix, revocation, scope.
import { createMiddleware } from "hono/factory";
import type { Scope } from "../domain/codes";
import { primaryDb } from "../db/client";
import { findKeyByHash } from "../db/queries/accounts";
import type { AppEnv, AuthContext } from "../env";
import { ApiError, invalidKey } from "../errors";
import { limitRest } from "../limits/rate";
import { extractKey, KEY_PATTERN, parseScopes, prefixFor, sha256Hex } from "./keys";

export async function authenticate(req: Request, env: Env): Promise<AuthContext> {
  const key = extractKey(req);
  if (!key || !KEY_PATTERN.test(key)) throw invalidKey();
  const expected = prefixFor(env.ENVIRONMENT);
  if (!key.startsWith(expected)) {
    const where = expected === "sk_live_" ? "the staging base URL" : "the production base URL";
    throw new ApiError(
      401,
      "wrong_environment",
      `this is a ${key.slice(0, 8)} key; this deployment accepts ${expected} keys. Use it against ${where}.`,
    );
  }
  // Read from the primary: a replica lagging behind a revocation must not let the key through.
  const record = await findKeyByHash(primaryDb(env.DB), await sha256Hex(key));
  if (!record || record.revokedAt) throw invalidKey();
  return {
    type: "api_key",
    accountId: record.accountId,
    keyId: record.id,
    scopes: parseScopes(record.scopes),
    plan: record.plan,
  };
}

/** Requires a valid key carrying `scope`; sets `auth` for the handlers. */
export const requireKey = (scope: Scope) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const auth = await authenticate(c.req.raw, c.env);
    // The spec answers a missing scope with 401, not 403 (interface spec, "Scopes").
    if (!auth.scopes.includes(scope)) {
      throw new ApiError(401, "insufficient_scope", `this key lacks the \`${scope}\` scope`);
    }
    c.set("auth", auth);
    await limitRest(c, next);
  });
