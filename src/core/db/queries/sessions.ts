import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../client";
import { accounts, sessions } from "../schema";

export async function insertSession(
  db: Db,
  s: { idHash: string; accountId: string; csrfToken: string; createdAt: number; expiresAt: number },
) {
  await db.insert(sessions).values(s);
}

/** The live session with this id hash, with its account (expired ones are not returned). */
export async function findSession(db: Db, idHash: string, now: number) {
  const [row] = await db
    .select({
      accountId: sessions.accountId,
      csrfToken: sessions.csrfToken,
      expiresAt: sessions.expiresAt,
      email: accounts.email,
      plan: accounts.plan,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)));
  return row;
}

export async function deleteSession(db: Db, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteExpiredSessions(db: Db, accountId: string, now: number) {
  await db.delete(sessions).where(and(eq(sessions.accountId, accountId), lt(sessions.expiresAt, now)));
}

export const findAccountForSignIn = async (db: Db, email: string) =>
  (
    await db
      .select({ id: accounts.id, passwordHash: accounts.passwordHash })
      .from(accounts)
      .where(eq(accounts.email, email))
  )[0];
