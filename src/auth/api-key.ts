// Key check in front of every /v1 route: transport precedence, environment prefix, revocation, scope.
import { createMiddleware } from "hono/factory";
import type { Scope } from "../domain/codes";
import { primaryDb, type Db } from "../db/client";
import { findKeyByHash } from "../db/queries/accounts";
import type { AppEnv, AuthContext } from "../env";
import { ApiError, invalidKey, keyChallenge } from "../errors";
import { limitRest } from "../limits/rate";
import { extractKey, KEY_PATTERN, parseScopes, prefixFor, sha256Hex } from "./keys";

export interface Authenticated {
  auth: AuthContext;
  /**
   * The D1 handle the key was checked on (the primary: see primaryDb). The request's reads use it too, so they see at
   * least the data version the key check saw (src/routes/cache.ts relies on that).
   */
  db: Db;
  /** What the account's reads depend on besides the request: tracked leagues and the data version. */
  scope: { tracked: string; dataVersion: string | null };
}

export async function authenticate(req: Request, env: Env): Promise<AuthContext> {
  return (await checkKey(req, env)).auth;
}

export async function checkKey(req: Request, env: Env): Promise<Authenticated> {
  const key = extractKey(req);
  if (!key || !KEY_PATTERN.test(key)) throw invalidKey();
  const expected = prefixFor(env.ENVIRONMENT);
  if (!key.startsWith(expected)) {
    const where = expected === "sk_live_" ? "the staging base URL" : "the production base URL";
    throw new ApiError(
      401,
      "wrong_environment",
      `this is a ${key.slice(0, 8)} key; this deployment accepts ${expected} keys. Use it against ${where}.`,
      keyChallenge("invalid_token"),
    );
  }
  // Read from the primary: a replica lagging behind a revocation must not let the key through.
  const db = primaryDb(env.DB);
  const record = await findKeyByHash(db, await sha256Hex(key));
  if (!record || record.revokedAt) throw invalidKey();
  return {
    auth: {
      type: "api_key",
      accountId: record.accountId,
      keyId: record.id,
      scopes: parseScopes(record.scopes),
      plan: record.plan,
      entitlementVersion: record.entitlementVersion,
    },
    db,
    scope: { tracked: record.tracked ?? "", dataVersion: record.dataVersion },
  };
}

/** Requires a valid key carrying `scope`; sets `auth` for the handlers. */
export const requireKey = (scope: Scope) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { auth, db, scope: readScope } = await checkKey(c.req.raw, c.env);
    // The spec answers a missing scope with 401, not 403 (interface spec, "Scopes").
    if (!auth.scopes.includes(scope)) {
      throw new ApiError(
        401,
        "insufficient_scope",
        `this key lacks the \`${scope}\` scope`,
        keyChallenge("insufficient_scope", scope),
      );
    }
    c.set("auth", auth);
    c.set("db", db);
    c.set("readScope", readScope);
    return limitRest(c, next);
  });
