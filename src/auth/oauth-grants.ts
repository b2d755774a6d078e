// What the OAuth library leaves to us: strongly consistent grant revocation and refresh-token reuse detection.
import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import type { Db } from "../db/client";
import { findRotatedRefresh, isGrantRevoked, markGrantRevoked, recordRotatedRefresh } from "../db/queries/oauth";
import { sha256Hex } from "./keys";

/** The library's tokens are `<userId>:<grantId>:<secret>`; our user id is the account id. */
export function grantOfToken(token: string): { accountId: string; grantId: string } | undefined {
  const parts = token.split(":");
  return parts.length === 3 && parts[0] && parts[1] ? { accountId: parts[0], grantId: parts[1] } : undefined;
}

/** Revokes in D1 first (checked on every call, seen at once everywhere), then in the library's KV. */
export async function revokeGrant(db: Db, helpers: OAuthHelpers, accountId: string, grantId: string) {
  await markGrantRevoked(db, grantId, accountId);
  await helpers.revokeGrant(grantId, accountId);
}

/** An OAuth bearer token whose grant was revoked here must not work, even while KV elsewhere still has it. */
export async function tokenOfRevokedGrant(db: Db, request: Request): Promise<boolean> {
  const m = /^bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "");
  const grant = m ? grantOfToken(m[1]!) : undefined;
  return !!grant && (await isGrantRevoked(db, grant.grantId));
}

/**
 * POST /oauth/token with grant_type=refresh_token, around the library: remember each refresh token it rotates
 * away; if one of those comes back and the library refuses it (past its one-step grace), someone replayed a
 * rotated token, so the whole grant is revoked (OAuth 2.1 §4.3.1).
 */
export async function refreshWithReuseDetection(
  request: Request,
  forward: (request: Request) => Promise<Response>,
  db: Db,
  helpers: OAuthHelpers,
): Promise<Response> {
  const body = await request.text();
  const form = new URLSearchParams(body);
  const replay = new Request(request, { body });
  const presented = form.get("refresh_token");
  if (form.get("grant_type") !== "refresh_token" || !presented) return forward(replay);
  const res = await forward(replay);
  const hash = await sha256Hex(presented);
  const grant = grantOfToken(presented);
  if (res.ok && grant) {
    await recordRotatedRefresh(db, hash, grant.accountId, grant.grantId);
  } else if (res.status === 400) {
    const seen = await findRotatedRefresh(db, hash);
    if (seen) await revokeGrant(db, helpers, seen.accountId, seen.grantId);
  }
  return res;
}
