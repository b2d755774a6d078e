// Who is calling: one shape for every surface. The front door builds it from the request's own credentials (an API
// key: src/core/auth/authenticate.ts; an OAuth access token: src/mcp/front.ts) and every later check takes it as it
// is: scope, budget, data session, socket admission, delivery. Nothing branches on which fields happen to be present;
// `type` says what the credential was.
import { z } from "zod";
import { PLANS, SCOPES } from "../domain/codes";
import type { Holder } from "./entitlements";

/**
 * An API key. Its record (at most 2 s old, src/core/auth/key-records.ts) also names the account's plan, tracked
 * leagues and entitlement version, so a warm request decides everything without another read.
 */
export const KeyPrincipal = z.object({
  type: z.literal("key"),
  accountId: z.string(),
  keyId: z.string(),
  scopes: z.array(z.enum(SCOPES)),
  plan: z.enum(PLANS),
  /** League ids, comma-separated, as the record holds them (the response caches key by it). */
  tracked: z.string(),
  entitlementVersion: z.number().int(),
});

/**
 * An OAuth access token of an MCP client. It carries ids only: the plan and leagues are read when it is used
 * (src/core/auth/entitlements.ts), so nothing a grant remembers can decide them.
 */
export const OAuthPrincipal = z.object({
  type: z.literal("oauth"),
  accountId: z.string(),
  /** The grant the token belongs to (revoking it ends the token's streams). */
  grantId: z.string().optional(),
  scopes: z.array(z.enum(SCOPES)),
  /** The token's expiry, epoch seconds, where the provider told it. */
  expiresAt: z.number().optional(),
});

/**
 * A browser token (src/core/auth/tokens.ts): its parent's identity — an API key (`keyId`) or, for tokens the MCP
 * App mints for an OAuth caller, a grant (`grantId`), exactly one — so everything that follows a credential
 * (revocation, slots, shards) follows the token's parent; its own narrower scopes, its restrictions and its expiry.
 */
export const TokenPrincipal = KeyPrincipal.extend({
  type: z.literal("token"),
  keyId: z.string().nullable(),
  grantId: z.string().nullable(),
  tokenId: z.string(),
  /** Only these matches, or only matches of these leagues (null: no such restriction). */
  matchIds: z.array(z.string()).nullable(),
  leagueIds: z.array(z.string()).nullable(),
  /** Epoch milliseconds. */
  expiresAt: z.number(),
});

export const Principal = z.discriminatedUnion("type", [KeyPrincipal, OAuthPrincipal, TokenPrincipal]);
export type KeyPrincipal = z.infer<typeof KeyPrincipal>;
export type OAuthPrincipal = z.infer<typeof OAuthPrincipal>;
export type TokenPrincipal = z.infer<typeof TokenPrincipal>;
export type Principal = z.infer<typeof Principal>;
/** Who calls the read API and its streams: a secret key, or a browser token minted for a key or a grant. */
export type ApiPrincipal = KeyPrincipal | TokenPrincipal;

/** The parent key's id of a key or a key's token; null for OAuth callers and their tokens. */
const keyIdOf = (p: Principal): string | null => (p.type === "oauth" ? null : p.keyId);

/** The credential a long-lived channel was opened with: what revocation is checked against (a token: its parent). */
export const holderOf = (p: Principal): Holder => {
  const keyId = keyIdOf(p);
  return keyId !== null
    ? { accountId: p.accountId, keyId }
    : { accountId: p.accountId, grantId: (p as OAuthPrincipal | TokenPrincipal).grantId ?? undefined };
};

/** A credential as the account's gate records it (revocation, stream slots, last use) and holders tag streams. */
export const keyCredential = (keyId: string) => `key:${keyId}`;
export const grantCredential = (grantId: string) => `grant:${grantId}`;
export const credentialOf = (p: Principal): string => {
  const h = holderOf(p);
  return h.keyId !== undefined ? keyCredential(h.keyId) : grantCredential(h.grantId ?? "unknown");
};
/** A stable id of the caller's parent credential (a key's or a grant's id): where its /live streams are sharded. */
export const parentIdOf = (p: ApiPrincipal): string =>
  p.type === "key" ? p.keyId : (p.keyId ?? p.grantId ?? p.accountId);
