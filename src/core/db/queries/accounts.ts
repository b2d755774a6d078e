import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Plan } from "../../domain/codes";
import { dbFor, type Db } from "../client";
import { bindBuilt, builtOnce } from "./built";
import { accounts, apiKeys } from "../schema";
import { DATA_VERSION_SQL } from "./meta";
import { trackedListSql } from "./visibility";

export interface KeyRecord {
  id: string;
  accountId: string;
  scopes: string;
  revokedAt: string | null;
  plan: Plan;
  /** The account's tracked league ids, comma-separated (null: none). */
  tracked: string | null;
  /** The account's entitlement version (migrations/0007). */
  entitlementVersion: number;
  /** The data version now (migrations/0004_data_version.sql): keys the response cache. */
  dataVersion: string | null;
}

// Built on a drizzle instance without a database: it only makes the SQL text, bound later on the caller's session.
const keyLookup = builtOnce(() =>
  dbFor(null as unknown as D1Database)
    .select({
      id: apiKeys.id,
      account_id: apiKeys.accountId,
      scopes: apiKeys.scopes,
      revoked_at: apiKeys.revokedAt,
      plan: accounts.plan,
      entitlement_version: accounts.entitlementVersion,
      // In the primary key's order; were it ever another order, the cache would only miss, never mix accounts.
      tracked: sql<string | null>`${sql.raw(trackedListSql('"api_keys"."account_id"'))}`.as("tracked"),
      data_version: sql<string | null>`${sql.raw(DATA_VERSION_SQL)}`.as("data_version"),
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(eq(apiKeys.keyHash, sql.placeholder("hash"))),
);

/**
 * The key with this SHA-256, with its account's plan, tracked leagues and the data version: everything a read needs
 * before its own query, in one statement (every request runs it: its SQL is built once). Callers pass a
 * primary-pinned db (see primaryDb).
 */
export async function findKeyByHash(db: Db, keyHash: string): Promise<KeyRecord | undefined> {
  const row = await bindBuilt(db, keyLookup(), { hash: keyHash }).first<KeyRow>();
  return row ? toKeyRecord(row) : undefined;
}

/** The keys among these SHA-256 hashes (same record as findKeyByHash), in one statement: a batch revalidation. */
export async function findKeysByHash(db: Db, keyHashes: string[]): Promise<Map<string, KeyRecord>> {
  const { results } = await db.$client
    .prepare(
      `SELECT k.key_hash, k.id, k.account_id, k.scopes, k.revoked_at, a.plan, a.entitlement_version,
              ${trackedListSql("k.account_id")} AS tracked,
              ${DATA_VERSION_SQL} AS data_version
       FROM api_keys k JOIN accounts a ON a.id = k.account_id
       WHERE k.key_hash IN (SELECT value FROM json_each(?))`,
    )
    .bind(JSON.stringify(keyHashes))
    .all<KeyRow & { key_hash: string }>();
  return new Map(results.map((row) => [row.key_hash, toKeyRecord(row)]));
}

/** A key lookup's row, as both statements above select it. */
interface KeyRow {
  id: string;
  account_id: string;
  scopes: string;
  revoked_at: string | null;
  plan: Plan;
  entitlement_version: number;
  tracked: string | null;
  data_version: string | null;
}

const toKeyRecord = (row: KeyRow): KeyRecord => ({
  id: row.id,
  accountId: row.account_id,
  scopes: row.scopes,
  revokedAt: row.revoked_at,
  plan: row.plan,
  entitlementVersion: row.entitlement_version,
  tracked: row.tracked,
  dataVersion: row.data_version,
});

export async function insertAccount(
  db: Db,
  a: { id: string; email: string; passwordHash: string | null; plan: Plan; createdAt: string },
): Promise<boolean> {
  const res = await db.insert(accounts).values(a).onConflictDoNothing().returning({ id: accounts.id });
  return res.length === 1;
}

export const findAccountByEmail = async (db: Db, email: string) =>
  (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)))[0];

export async function setPlan(db: Db, accountId: string, plan: Plan): Promise<boolean> {
  const res = await db.update(accounts).set({ plan }).where(eq(accounts.id, accountId)).returning({ id: accounts.id });
  return res.length === 1;
}

export const accountExists = async (db: Db, accountId: string) =>
  (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId))).length === 1;

/** Replaces the account's tracked leagues in one transaction. */
export async function replaceTrackedLeagues(db: Db, accountId: string, leagueIds: string[]): Promise<void> {
  await db.$client.batch([
    db.$client.prepare("DELETE FROM tracked_leagues WHERE account_id = ?").bind(accountId),
    db.$client
      .prepare("INSERT OR IGNORE INTO tracked_leagues (account_id, league_id) SELECT ?, value FROM json_each(?)")
      .bind(accountId, JSON.stringify(leagueIds)),
  ]);
}

export async function insertKey(
  db: Db,
  k: {
    id: string;
    accountId: string;
    name: string;
    keyHash: string;
    prefix: string;
    last4: string;
    scopes: string;
    createdAt: string;
  },
  /** Active keys the account may hold, by plan: the insert is refused (false) when it already holds that many. */
  caps: Record<Plan, number>,
): Promise<boolean> {
  // One statement: the count and the plan are read in the same write, so two concurrent creates cannot both pass.
  const cap = sql.join(
    Object.entries(caps).map(([plan, n]) => sql`WHEN ${plan} THEN ${n}`),
    sql` `,
  );
  const res = await db.run(sql`
    INSERT INTO api_keys (id, account_id, name, key_hash, prefix, last4, scopes, created_at)
    SELECT ${k.id}, ${k.accountId}, ${k.name}, ${k.keyHash}, ${k.prefix}, ${k.last4}, ${k.scopes}, ${k.createdAt}
    FROM accounts a
    WHERE a.id = ${k.accountId}
      AND (SELECT count(*) FROM api_keys WHERE account_id = a.id AND revoked_at IS NULL) < (CASE a.plan ${cap} END)`);
  return (res.meta.changes ?? 0) > 0;
}

export async function accountPlan(db: Db, accountId: string): Promise<{ plan: Plan } | undefined> {
  return (await db.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.id, accountId)))[0];
}

/** Marks a key revoked (idempotent); returns false for an unknown key. */
export async function revokeKey(db: Db, keyId: string, at: string): Promise<boolean> {
  await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));
  return (await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, keyId))).length === 1;
}

/** The account's keys for the dashboard: never the hash. */
export function listKeys(db: Db, accountId: string) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      last4: apiKeys.last4,
      scopes: apiKeys.scopes,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.createdAt), apiKeys.id);
}

export const keyOwner = async (db: Db, keyId: string) =>
  (await db.select({ accountId: apiKeys.accountId }).from(apiKeys).where(eq(apiKeys.id, keyId)))[0]?.accountId;

/** What an account may see now: plan, entitlement version and tracked league ids (comma-separated, null: none). */
export async function accountEntitlement(db: Db, accountId: string) {
  return db.$client
    .prepare(
      `SELECT plan, entitlement_version AS version,
              ${trackedListSql("accounts.id")} AS tracked,
              ${DATA_VERSION_SQL} AS data_version
       FROM accounts WHERE id = ?`,
    )
    .bind(accountId)
    .first<{ plan: Plan; version: number; tracked: string | null; data_version: string | null }>();
}

/**
 * An account's entitlement and whether the credential that opened a long-lived channel still stands (the API key not
 * revoked, the OAuth grant not revoked), in one statement: what an MCP subscription re-checks before each delivery.
 */
export async function credentialEntitlement(db: Db, accountId: string, keyId: string | null, grantId: string | null) {
  return db.$client
    .prepare(
      `SELECT plan, entitlement_version AS version,
              ${trackedListSql("accounts.id")} AS tracked,
              (?2 IS NOT NULL AND NOT EXISTS
                 (SELECT 1 FROM api_keys WHERE id = ?2 AND account_id = accounts.id AND revoked_at IS NULL)) AS key_gone,
              EXISTS (SELECT 1 FROM revoked_grants WHERE grant_id = ?3) AS grant_revoked
       FROM accounts WHERE id = ?1`,
    )
    .bind(accountId, keyId, grantId)
    .first<{ plan: Plan; version: number; tracked: string | null; key_gone: number; grant_revoked: number }>();
}
