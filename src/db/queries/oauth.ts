import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { revokedGrants, rotatedRefreshTokens } from "../schema";

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");

export async function markGrantRevoked(db: Db, grantId: string, accountId: string) {
  await db.insert(revokedGrants).values({ grantId, accountId, revokedAt: now() }).onConflictDoNothing();
}

export const isGrantRevoked = async (db: Db, grantId: string) =>
  (await db.select({ id: revokedGrants.grantId }).from(revokedGrants).where(eq(revokedGrants.grantId, grantId)))
    .length > 0;

export async function recordRotatedRefresh(db: Db, tokenHash: string, accountId: string, grantId: string) {
  await db
    .insert(rotatedRefreshTokens)
    .values({ tokenHash, accountId, grantId, rotatedAt: now() })
    .onConflictDoNothing();
}

export const findRotatedRefresh = async (db: Db, tokenHash: string) =>
  (await db.select().from(rotatedRefreshTokens).where(eq(rotatedRefreshTokens.tokenHash, tokenHash)))[0];
