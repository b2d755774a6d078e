// The first of a request's three steps (who, then budget, then data): an API key, from any transport, as a
// Principal. Every surface that takes keys (REST, WebSockets, MCP) calls this one function.
import type { Scope } from "../domain/codes";
import { ApiError, invalidKey, keyChallenge } from "../errors";
import { keyRecord } from "./key-records";
import { extractKey, KEY_PATTERN, parseScopes, prefixFor, sha256Hex } from "./keys";
import type { KeyPrincipal, Principal } from "./principal";

/**
 * The key's record, at most 2 s old (src/core/auth/key-records.ts; a warm isolate answers from memory), as the
 * caller's identity and its account's plan and tracked leagues. `fresh`: read the key from the primary now.
 */
export async function authenticateKey(req: Request, env: Env, fresh = false): Promise<KeyPrincipal> {
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
    type: "key",
    accountId: record.accountId,
    keyId: record.id,
    scopes: parseScopes(record.scopes),
    plan: record.plan,
    tracked: record.tracked ?? "",
    entitlementVersion: record.entitlementVersion,
  };
}

/** The spec answers a missing scope with 401, not 403 (interface spec, "Scopes"). */
export function requireScope(p: Principal, scope: Scope): void {
  if (!p.scopes.includes(scope)) {
    throw new ApiError(
      401,
      "insufficient_scope",
      `this ${p.type === "key" ? "key" : "token"} lacks the \`${scope}\` scope`,
      keyChallenge("insufficient_scope", scope),
    );
  }
}
