// Key check in front of every /v1 route: transport precedence, environment prefix, revocation, scope.
import { createMiddleware } from "hono/factory";
import type { Scope } from "../core/domain/codes";
import { currentData, sessionDb } from "../core/db/data-view";
import type { AppEnv, AuthContext } from "./app-env";
import { ApiError, invalidKey, keyChallenge } from "../core/errors";
import { limitRest } from "./rate-limit";
import { keyRecord } from "../core/auth/key-records";
import { extractKey, KEY_PATTERN, parseScopes, prefixFor, sha256Hex } from "../core/auth/keys";

export async function authenticate(req: Request, env: Env): Promise<AuthContext> {
  return (await verifyKey(req, env)).auth;
}

/**
 * The key's record, at most 2 s old (src/core/auth/key-records.ts; a warm isolate answers from memory), as the caller's
 * identity and its account's tracked leagues. `fresh`: read the key from the primary now.
 */
export async function verifyKey(
  req: Request,
  env: Env,
  fresh = false,
): Promise<{ auth: AuthContext; tracked: string }> {
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
  const record = await keyRecord(env, await sha256Hex(key), fresh);
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
    tracked: record.tracked ?? "",
  };
}

/**
 * Requires a valid key carrying `scope`; sets `auth` for the handlers, then counts the request against its budget, and
 * only then picks the data view its reads use (a refused request reads nothing). `fresh`: see verifyKey.
 */
export const requireKey = (scope: Scope, fresh = false) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { auth, tracked } = await verifyKey(c.req.raw, c.env, fresh);
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
    return limitRest(c, async () => {
      const data = await currentData(c.env);
      c.set("db", sessionDb(c.env, data));
      c.set("readScope", { tracked, dataVersion: data.version });
      await next();
    });
  });
