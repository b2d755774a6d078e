import type { Db } from "../client";

/**
 * What the shared response cache (src/api/shared-cache.ts) must know before it files an answer: the match's status
 * and league, and the account's entitlement version as this session sees it (unknown match: undefined). Two primary-key
 * seeks.
 */
export const cacheFacts = (db: Db, matchId: string, accountId: string) =>
  db.$client
    .prepare(
      `SELECT m.status_code, m.league_id,
              (SELECT entitlement_version FROM accounts WHERE id = ?2) AS entitlement_version
       FROM matches m WHERE m.id = ?1`,
    )
    .bind(matchId, accountId)
    .first<{ status_code: number; league_id: string; entitlement_version: number | null }>()
    .then((r) => r ?? undefined);
