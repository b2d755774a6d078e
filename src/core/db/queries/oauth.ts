import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { revokedGrants, refreshTokens } from "../schema";
import { rfc3339 } from "../../../lib/time";

export async function markGrantRevoked(db: Db, grantId: string, accountId: string) {
  await db.insert(revokedGrants).values({ grantId, accountId, revokedAt: rfc3339() }).onConflictDoNothing();
}

export const isGrantRevoked = async (db: Db, grantId: string) =>
  (await db.select({ id: revokedGrants.grantId }).from(revokedGrants).where(eq(revokedGrants.grantId, grantId)))
    .length > 0;

/** Remembers refresh tokens of a grant (issued or presented), by SHA-256. */
export async function recordRefreshTokens(db: Db, tokenHashes: string[], accountId: string, grantId: string) {
  if (tokenHashes.length === 0) return;
  await db
    .insert(refreshTokens)
    .values(tokenHashes.map((tokenHash) => ({ tokenHash, accountId, grantId, seenAt: rfc3339() })))
    .onConflictDoNothing();
}

export const findRefreshToken = async (db: Db, tokenHash: string) =>
  (await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)))[0];
