// Browser tokens (src/core/auth/token-format.ts): nothing is stored per token. What is read is its parent (an API key,
// or an OAuth grant's revocation) and the account, so a token is refused once its parent is revoked and always sees
// the account's plan and tracked leagues as they are now; and the leagues of the matches a token names.
import type { Plan } from "../../domain/codes";
import type { Db } from "../client";
import { DATA_VERSION_SQL } from "./meta";
import { trackedListSql } from "./visibility";

export interface TokenParentRecord {
  accountId: string;
  /** The parent key's scopes now; null for a grant (a grant's scopes do not change). */
  keyScopes: string | null;
  /** The parent's revocation: the key's, or the grant's (a key that no longer exists counts as revoked). */
  revokedAt: string | null;
  plan: Plan;
  tracked: string | null;
  entitlementVersion: number;
  dataVersion: string | null;
}

interface ParentRow {
  key_scopes: string | null;
  revoked_at: string | null;
  plan: Plan;
  entitlement_version: number;
  tracked: string | null;
  data_version: string | null;
}

const ACCOUNT_PART = `a.plan, a.entitlement_version,
         ${trackedListSql("a.id")} AS tracked,
         ${DATA_VERSION_SQL} AS data_version`;

// A key that is gone (or belongs to another account) reads as revoked.
const KEY_PARENT = `SELECT k.scopes AS key_scopes, CASE WHEN k.id IS NULL THEN 'gone' ELSE k.revoked_at END AS revoked_at,
         ${ACCOUNT_PART}
  FROM accounts a LEFT JOIN api_keys k ON k.id = ? AND k.account_id = a.id
  WHERE a.id = ?`;

const GRANT_PARENT = `SELECT NULL AS key_scopes, (SELECT revoked_at FROM revoked_grants WHERE grant_id = ?) AS revoked_at,
         ${ACCOUNT_PART}
  FROM accounts a WHERE a.id = ?`;

/**
 * A token's parent as it is now, in one statement by primary keys: the key's scopes and revocation (or the grant's
 * revocation) and the account's plan, tracked leagues and entitlement version. Undefined: the account is gone.
 */
export async function findTokenParent(
  db: Db,
  parent: { accountId: string; keyId: string | null; grantId: string | null },
): Promise<TokenParentRecord | undefined> {
  const row = await db.$client
    .prepare(parent.keyId !== null ? KEY_PARENT : GRANT_PARENT)
    .bind(parent.keyId ?? parent.grantId, parent.accountId)
    .first<ParentRow>();
  if (!row) return undefined;
  return {
    accountId: parent.accountId,
    keyScopes: row.key_scopes,
    revokedAt: row.revoked_at,
    plan: row.plan,
    tracked: row.tracked,
    entitlementVersion: row.entitlement_version,
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
