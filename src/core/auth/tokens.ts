// Browser tokens (docs/security-and-limits.md "Browser tokens"): a customer's server exchanges its secret key for a
// short-lived token its web page may hold. The token is its key narrowed: scopes a subset of the key's (never
// `mcp:invoke`), optionally restricted to some matches or leagues of the account's tracked ones, 60–900 s of life.
// Not stored at all: it carries its claims sealed (token-format.ts); it dies with its parent (each use checks the
// parent's record, at most 2 s old) and spends its account's budgets. The MCP
// App (src/mcp/tools/match-centre.ts) mints one for one match, for a key or an OAuth grant alike (a grant's token
// dies with the grant).
import { z } from "zod";
import { SCOPES, type Scope } from "../domain/codes";
import { IdParam } from "../domain/schemas";
import { dbFor } from "../db/client";
import { leaguesOfMatches } from "../db/queries/tokens";
import { badRequest } from "../errors";
import { rfc3339 } from "../../lib/time";
import type { KeyPrincipal, OAuthPrincipal } from "./principal";
import { sealToken, TOKEN_PATTERN, tokenPrefixFor } from "./token-format";

export const TOKEN_TTL = { min: 60, max: 900, fallback: 600 } as const;
/** Restrictions travel with the token's streams (Durable Object attachments are capped at 16 KiB). */
export const MAX_RESTRICTED_IDS = 50;
const TOKEN_SCOPES = SCOPES.filter((s) => s !== "mcp:invoke") as [
  Exclude<Scope, "mcp:invoke">,
  ...Exclude<Scope, "mcp:invoke">[],
];

export const TokenRequest = z
  .object({
    scopes: z
      .array(z.enum(TOKEN_SCOPES))
      .min(1)
      .max(TOKEN_SCOPES.length)
      .optional()
      .describe("A subset of the key's scopes; never `mcp:invoke`. Default: the key's scopes but `mcp:invoke`."),
    match_ids: z
      .array(IdParam)
      .min(1)
      .max(MAX_RESTRICTED_IDS)
      .optional()
      .describe("Restrict the token to these matches (of the account's tracked leagues)."),
    league_ids: z
      .array(IdParam)
      .min(1)
      .max(MAX_RESTRICTED_IDS)
      .optional()
      .describe("Restrict the token to matches of these leagues (tracked by the account)."),
    ttl_seconds: z
      .number()
      .int()
      .min(TOKEN_TTL.min)
      .max(TOKEN_TTL.max)
      .optional()
      .describe(`Lifetime, ${TOKEN_TTL.min}–${TOKEN_TTL.max} s (default ${TOKEN_TTL.fallback}).`),
  })
  .strict();
export type TokenRequest = z.infer<typeof TokenRequest>;

export const MintedToken = z.object({
  token: z.string().describe("`tk_test_…` or `tk_live_…`: use it as you would a key (`?api_key=` for streams)."),
  expires_at: z.string().describe("RFC 3339, UTC."),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  match_ids: z.array(z.string()).nullable().describe("Null: not restricted to matches."),
  league_ids: z.array(z.string()).nullable().describe("Null: not restricted to leagues."),
});
export type MintedToken = z.infer<typeof MintedToken>;

/**
 * What a token is minted from: its parent credential (a secret key, or an OAuth grant), the scopes it may hand out and
 * the account's tracked leagues.
 */
export interface TokenParent {
  accountId: string;
  keyId: string | null;
  grantId: string | null;
  scopes: readonly Scope[];
  tracked: readonly string[];
}

export const keyParent = (key: KeyPrincipal): TokenParent => ({
  accountId: key.accountId,
  keyId: key.keyId,
  grantId: null,
  scopes: key.scopes,
  tracked: key.tracked.split(",").filter(Boolean),
});

/**
 * An OAuth grant reads matches through MCP tools (its one scope is `mcp:invoke`); what it may hand a page is the same
 * reading, of matches and their streams, never leagues at large. `tracked`: the account's leagues, read for this call.
 */
export const GRANT_TOKEN_SCOPES = ["read:matches", "stream:websocket"] as const satisfies readonly Scope[];
export const grantParent = (p: OAuthPrincipal & { grantId: string }, tracked: readonly string[]): TokenParent => ({
  accountId: p.accountId,
  keyId: null,
  grantId: p.grantId,
  scopes: GRANT_TOKEN_SCOPES,
  tracked,
});

/** Mints a token for `parent` (a secret key's principal or an OAuth grant: tokens never mint tokens). */
export async function mintToken(
  env: Env,
  parent: TokenParent,
  req: TokenRequest,
  now = Date.now(),
): Promise<MintedToken> {
  // Named twice is named once: the token and its answer list each scope once.
  const scopes = [
    ...new Set(req.scopes ?? parent.scopes.filter((s): s is (typeof TOKEN_SCOPES)[number] => s !== "mcp:invoke")),
  ];
  const missing = scopes.find((s) => !parent.scopes.includes(s));
  if (missing) throw badRequest("scopes", `the key lacks \`${missing}\`; a token's scopes are a subset of its key's`);
  if (scopes.length === 0) throw badRequest("scopes", "the key has no scope a browser token may hold");
  const tracked = new Set(parent.tracked);
  const leagueIds = req.league_ids ? [...new Set(req.league_ids)] : null;
  leagueIds?.forEach((id, i) => {
    if (!tracked.has(id)) throw badRequest(`league_ids.${i}`, `${id} is not a league the account tracks`);
  });
  const db = dbFor(env.DB);
  const matchIds = req.match_ids ? [...new Set(req.match_ids)] : null;
  if (matchIds) {
    const leagues = await leaguesOfMatches(db, matchIds);
    matchIds.forEach((id, i) => {
      const league = leagues.get(id);
      if (!league || !tracked.has(league))
        throw badRequest(`match_ids.${i}`, `${id} is not a match of a league the account tracks`);
      if (leagueIds && !leagueIds.includes(league))
        throw badRequest(`match_ids.${i}`, `${id} is not a match of the token's league_ids`);
    });
  }
  const prefix = tokenPrefixFor(env.ENVIRONMENT);
  const expiresAt = now + (req.ttl_seconds ?? TOKEN_TTL.fallback) * 1000;
  // Nothing is written: the token carries its claims, sealed (src/core/auth/token-format.ts).
  const token = await sealToken(env, prefix, {
    i: `tok_${crypto.randomUUID().replace(/-/g, "")}`,
    a: parent.accountId,
    k: parent.keyId,
    g: parent.grantId,
    s: scopes.join(" "),
    m: matchIds,
    l: leagueIds,
    e: expiresAt,
  });
  // Never hand out a token that every use would refuse: the largest documented mint fits (token-format.ts), so only
  // ids longer than the contract allows could get here.
  if (!TOKEN_PATTERN.test(token))
    throw badRequest(matchIds ? "match_ids" : "league_ids", "too many or too long ids for one token; mint several");
  return { token, expires_at: rfc3339(expiresAt), scopes, match_ids: matchIds, league_ids: leagueIds };
}
