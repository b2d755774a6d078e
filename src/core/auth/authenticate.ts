// The first of a request's three steps (who, then budget, then data): an API key, from any transport, as a
// Principal. Every surface that takes keys (REST, WebSockets, MCP) calls this one function.
import type { Scope } from "../domain/codes";
import { ApiError, invalidKey, keyChallenge } from "../errors";
import type { TokenParentRecord } from "../db/queries/tokens";
import { keyRecord, tokenParentRecord } from "./key-records";
import { extractKey, KEY_PATTERN, parseScopes, prefixFor, sha256Hex } from "./keys";
import type { ApiPrincipal, KeyPrincipal, Principal, TokenPrincipal } from "./principal";
import { isToken, openToken, TOKEN_PATTERN, tokenPrefixFor, type TokenClaims } from "./token-format";

/**
 * The key's record, at most 2 s old (src/core/auth/key-records.ts; a warm isolate answers from memory), as the
 * caller's identity and its account's plan and tracked leagues. `fresh`: read the key from the primary now.
 */
export async function authenticateKey(req: Request, env: Env, fresh = false): Promise<KeyPrincipal> {
  const key = extractKey(req);
  if (key && isToken(key))
    throw new ApiError(
      401,
      "invalid_api_key",
      "a browser token is not accepted here (MCP and minting tokens take a secret key)",
      keyChallenge("invalid_token"),
    );
  if (!key || !KEY_PATTERN.test(key)) throw invalidKey();
  return keyPrincipal(key, env, fresh);
}

/**
 * The read API's and the streams' check: a secret key as above, or a browser token (`tk_…`) as its parent's identity
 * (a key's, or an OAuth grant's) narrowed to the token's scopes and restrictions. Expired tokens and tokens of a
 * revoked key or grant are refused like an unknown key.
 */
export async function authenticate(req: Request, env: Env, fresh = false): Promise<ApiPrincipal> {
  const credential = extractKey(req);
  if (credential && isToken(credential)) return tokenPrincipal(credential, env, fresh);
  if (!credential || !KEY_PATTERN.test(credential)) throw invalidKey();
  return keyPrincipal(credential, env, fresh);
}

function checkEnvironment(credential: string, expected: string, what: "key" | "token") {
  if (credential.startsWith(expected)) return;
  const where = expected.endsWith("live_") ? "the staging base URL" : "the production base URL";
  throw new ApiError(
    401,
    "wrong_environment",
    `this is a ${credential.slice(0, 8)} ${what}; this deployment accepts ${expected} ${what}s. Use it against ${where}.`,
    keyChallenge("invalid_token"),
  );
}

async function tokenPrincipal(token: string, env: Env, fresh: boolean): Promise<TokenPrincipal> {
  if (!TOKEN_PATTERN.test(token)) throw invalidKey();
  checkEnvironment(token, tokenPrefixFor(env.ENVIRONMENT), "token");
  const claims = await openToken(env, token);
  if (!claims || claims.e <= Date.now()) throw invalidKey();
  const parent = await tokenParentRecord(env, { accountId: claims.a, keyId: claims.k, grantId: claims.g }, fresh);
  if (!parent || parent.revokedAt) throw invalidKey();
  let built = tokenPrincipals.get(parent);
  if (!built) tokenPrincipals.set(parent, (built = new Map()));
  let principal = built.get(token);
  if (!principal) {
    if (built.size >= 1000) built.clear();
    built.set(token, (principal = principalOf(claims, parent)));
  }
  return principal;
}

/** Built once per token and parent record read (a warm token's requests share it until its parent is read again). */
const tokenPrincipals = new WeakMap<TokenParentRecord, Map<string, TokenPrincipal>>();

function principalOf(claims: TokenClaims, parent: TokenParentRecord): TokenPrincipal {
  // A key's scopes now bound its token's (a key's scopes are fixed today; this keeps it so if they ever change). A
  // grant's token keeps the scopes it was minted with (src/core/auth/tokens.ts says which a grant may hand out).
  const scopes = parseScopes(claims.s);
  const parentScopes = parent.keyScopes === null ? null : new Set(parseScopes(parent.keyScopes));
  return {
    type: "token",
    accountId: claims.a,
    keyId: claims.k,
    grantId: claims.g,
    tokenId: claims.i,
    scopes: parentScopes ? scopes.filter((s) => parentScopes.has(s)) : scopes,
    plan: parent.plan,
    tracked: parent.tracked ?? "",
    entitlementVersion: parent.entitlementVersion,
    matchIds: claims.m,
    leagueIds: claims.l,
    expiresAt: claims.e,
  };
}

async function keyPrincipal(key: string, env: Env, fresh: boolean): Promise<KeyPrincipal> {
  checkEnvironment(key, prefixFor(env.ENVIRONMENT), "key");
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
      `this ${p.type === "key" ? "key" : p.type === "token" ? "browser token" : "token"} lacks the \`${scope}\` scope`,
      keyChallenge("insufficient_scope", scope),
    );
  }
}
