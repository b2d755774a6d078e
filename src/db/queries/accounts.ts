import { and, desc, eq, isNull } from "drizzle-orm";
import type { Plan } from "../../domain/codes";
import type { Db } from "../client";
import { accounts, apiKeys } from "../schema";

export interface KeyRecord {
  id: string;
  accountId: string;
  scopes: string;
  revokedAt: string | null;
  plan: Plan;
}

/** The key with this SHA-256, with its account's plan. Callers pass a primary-pinned db (see primaryDb). */
export async function findKeyByHash(db: Db, keyHash: string): Promise<KeyRecord | undefined> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      scopes: apiKeys.scopes,
      revokedAt: apiKeys.revokedAt,
      plan: accounts.plan,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(eq(apiKeys.keyHash, keyHash));
  return row;
}

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
): Promise<void> {
  await db.insert(apiKeys).values(k);
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
