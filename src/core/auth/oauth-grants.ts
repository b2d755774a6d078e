// What the OAuth library leaves to us: strongly consistent grant revocation and refresh-token reuse detection.
import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import { dbFor, type Db } from "../db/client";
import { grantCredential } from "./principal";
import { entitlementsChanged } from "./entitlement-signal";
import { forgetAccountKeys } from "./key-records";
import { findRefreshToken, isGrantRevoked, markGrantRevoked, recordRefreshTokens } from "../db/queries/oauth";
import { sha256Hex } from "./keys";

/** The library's tokens are `<userId>:<grantId>:<secret>`; our user id is the account id. */
export function grantOfToken(token: string): { accountId: string; grantId: string } | undefined {
  const parts = token.split(":");
  return parts.length === 3 && parts[0] && parts[1] ? { accountId: parts[0], grantId: parts[1] } : undefined;
}

/**
 * Revokes in D1 first (checked on every call, seen at once everywhere; the grant's browser tokens join it at lookup,
 * so they fail here at once and elsewhere within 2 s), then through the change signal: the account's gate records
 * the grant dead (its open listens end within one slot check) and every holder closes the streams of the grant's
 * browser tokens (1008), as for a revoked key; then in the library's KV.
 */
export async function revokeGrant(env: Env, helpers: OAuthHelpers, accountId: string, grantId: string) {
  await markGrantRevoked(dbFor(env.DB), grantId, accountId);
  forgetAccountKeys(accountId);
  await entitlementsChanged(env, accountId, [grantCredential(grantId)]);
  await helpers.revokeGrant(grantId, accountId);
}

/** An OAuth bearer token whose grant was revoked here must not work, even while KV elsewhere still has it. */
export const bearerToken = (request: Request) =>
  /^bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];

export async function tokenOfRevokedGrant(db: Db, request: Request): Promise<boolean> {
  const token = bearerToken(request);
  const grant = token ? grantOfToken(token) : undefined;
  return !!grant && (await isGrantRevoked(db, grant.grantId));
}

/**
 * POST /oauth/token, around the library: remember every refresh token it issues (code exchange and refresh) and every
 * one presented with success. The library keeps a one-step grace for the previous token and refuses anything older
 * without revoking; a refused token we know is a superseded token coming back — a replay of a stolen or leaked token,
 * or the client's own after an attacker used the previous one inside the grace — so the whole grant is revoked,
 * whoever presents it (RFC 9700 §4.14.2).
 */
export async function tokenWithReuseDetection(
  request: Request,
  forward: (request: Request) => Promise<Response>,
  env: Env,
  helpers: OAuthHelpers,
): Promise<Response> {
  const db = dbFor(env.DB);
  const body = await request.text();
  const form = new URLSearchParams(body);
  const res = await forward(new Request(request, { body }));
  const presented = form.get("grant_type") === "refresh_token" ? form.get("refresh_token") : null;
  if (res.ok) {
    const issued = ((await res.clone().json()) as { refresh_token?: unknown }).refresh_token;
    const tokens = [presented, typeof issued === "string" ? issued : null].filter((t): t is string => !!t);
    const grant = tokens.map(grantOfToken).find((g) => g);
    if (grant) await recordRefreshTokens(db, await Promise.all(tokens.map(sha256Hex)), grant.accountId, grant.grantId);
  } else if (presented && res.status === 400) {
    const known = await findRefreshToken(db, await sha256Hex(presented));
    if (known) await revokeGrant(env, helpers, known.accountId, known.grantId);
  }
  return res;
}
