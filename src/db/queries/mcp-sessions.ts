import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { mcpSessions } from "../schema";

export async function recordMcpSession(db: Db, sessionId: string, principal: string, now = Date.now()) {
  await db.insert(mcpSessions).values({ sessionId, principal, createdAt: now }).onConflictDoNothing();
}

export const mcpSessionOwner = async (db: Db, sessionId: string) =>
  (
    await db.select({ principal: mcpSessions.principal }).from(mcpSessions).where(eq(mcpSessions.sessionId, sessionId))
  )[0]?.principal;
