// Browser tokens (migrations/0012): the insert (which also clears expired rows) and the lookup, which joins
// the parent (an API key, or an OAuth grant's revocation) and the account, so a token is refused the moment its
// parent is revoked and always sees the account's plan and tracked leagues as they are now.
import type { Plan } from "../../domain/codes";
import type { Db } from "../client";
import { DATA_VERSION_SQL } from "./meta";

/**
 * Each mint deletes up to this many expired rows, oldest first: as many as a steady minting rate creates, so the table
 * holds about the tokens alive now (at most a budget's worth per 900 s), never a day's worth.
 */
const CLEAN_PER_MINT = 100;

export interface TokenRow {
  tokenHash: string;
  id: string;
  /** The parent: a key or an OAuth grant, exactly one. */
  keyId: string | null;
  grantId: string | null;
  accountId: string;
  scopes: string;
  matchIds: string[] | null;
  leagueIds: string[] | null;
  expiresAt: number;
  createdAt: string;
}

export interface TokenRecord {
  id: string;
  keyId: string | null;
  grantId: string | null;
  accountId: string;
  /** The token's own scopes (a subset of its parent's when minted; intersected with a key's now at use). */
  scopes: string;
  /** The parent key's scopes now; null for a grant's token (a grant's scopes do not change). */
  keyScopes: string | null;
  matchIds: string[] | null;
  leagueIds: string[] | null;
  expiresAt: number;
  /** The parent's revocation: the key's, or the grant's (a key that no longer exists counts as revoked). */
  revokedAt: string | null;
  plan: Plan;
  tracked: string | null;
  entitlementVersion: number;
  dataVersion: string | null;
}

/** Stores a new token and deletes up to CLEAN_PER_MINT expired rows, in one batch. */
export async function insertToken(db: Db, t: TokenRow, now: number): Promise<void> {
  const d1 = db.$client;
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO browser_tokens (token_hash, id, key_id, grant_id, account_id, scopes, match_ids, league_ids, expires_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        t.tokenHash,
        t.id,
        t.keyId,
        t.grantId,
        t.accountId,
        t.scopes,
        t.matchIds === null ? null : JSON.stringify(t.matchIds),
        t.leagueIds === null ? null : JSON.stringify(t.leagueIds),
        t.expiresAt,
        t.createdAt,
      ),
    d1
      .prepare(
        `DELETE FROM browser_tokens WHERE token_hash IN
           (SELECT token_hash FROM browser_tokens WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)`,
      )
      .bind(now, CLEAN_PER_MINT),
  ]);
}

interface LookupRow {
  id: string;
  key_id: string | null;
  grant_id: string | null;
  account_id: string;
  scopes: string;
  key_scopes: string | null;
  match_ids: string | null;
  league_ids: string | null;
  expires_at: number;
  revoked_at: string | null;
  plan: Plan;
  entitlement_version: number;
  tracked: string | null;
  data_version: string | null;
}

// A key's token whose key row is gone (or belongs elsewhere) reads as revoked, as it did when this was an inner join.
const LOOKUP = `SELECT t.id, t.key_id, t.grant_id, t.account_id, t.scopes, k.scopes AS key_scopes, t.match_ids,
         t.league_ids, t.expires_at,
         CASE WHEN t.key_id IS NOT NULL THEN CASE WHEN k.id IS NULL THEN 'gone' ELSE k.revoked_at END
              ELSE (SELECT revoked_at FROM revoked_grants WHERE grant_id = t.grant_id) END AS revoked_at,
         a.plan, a.entitlement_version,
         (SELECT group_concat(league_id) FROM tracked_leagues WHERE account_id = t.account_id) AS tracked,
         ${DATA_VERSION_SQL} AS data_version
  FROM browser_tokens t JOIN accounts a ON a.id = t.account_id
    LEFT JOIN api_keys k ON k.id = t.key_id AND k.account_id = t.account_id
  WHERE t.token_hash = ?`;

/** The token with this SHA-256, with its parent's state and its account's plan and leagues, in one statement. */
export async function findTokenByHash(db: Db, tokenHash: string): Promise<TokenRecord | undefined> {
  const row = await db.$client.prepare(LOOKUP).bind(tokenHash).first<LookupRow>();
  if (!row) return undefined;
  return {
    id: row.id,
    keyId: row.key_id,
    grantId: row.grant_id,
    accountId: row.account_id,
    scopes: row.scopes,
    keyScopes: row.key_scopes,
    matchIds: row.match_ids === null ? null : (JSON.parse(row.match_ids) as string[]),
    leagueIds: row.league_ids === null ? null : (JSON.parse(row.league_ids) as string[]),
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    plan: row.plan,
    entitlementVersion: row.entitlement_version,
    tracked: row.tracked,
    dataVersion: row.data_version,
  };
}

/** The league of each of these matches that exists (a token's restriction is checked against them when minted). */
export async function leaguesOfMatches(db: Db, matchIds: string[]): Promise<Map<string, string>> {
  const { results } = await db.$client
    .prepare(`SELECT id, league_id FROM matches WHERE id IN (SELECT value FROM json_each(?))`)
    .bind(JSON.stringify(matchIds))
    .all<{ id: string; league_id: string }>();
  return new Map(results.map((r) => [r.id, r.league_id]));
}

/** The league of one match, or undefined (a league-restricted token naming a match). */
export async function leagueOfMatch(db: Db, matchId: string): Promise<string | undefined> {
  const row = await db.$client
    .prepare(`SELECT league_id FROM matches WHERE id = ?`)
    .bind(matchId)
    .first<{ league_id: string }>();
  return row?.league_id;
}
