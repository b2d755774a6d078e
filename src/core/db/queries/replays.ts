// Replays (migrations/0019, src/core/replays/): the account's list, a create that holds the plan's limit, the end of
// one, and its deletion with its match.
import type { Sport } from "../../domain/codes";
import type { Db } from "../client";

export type ReplayStatus = "playing" | "finished" | "stopped";

export interface ReplayRow {
  id: string;
  account_id: string;
  match_id: string;
  source_match_id: string;
  sport: Sport;
  speed: number;
  status: ReplayStatus;
  starts_at: string;
  ended_at: string | null;
  created_at: string;
}

const COLUMNS = "id, account_id, match_id, source_match_id, sport, speed, status, starts_at, ended_at, created_at";

/**
 * Inserts the replay if the account has fewer than `limit` playing: one statement, so concurrent creates are counted
 * by D1 one after another and never pass the limit together. False when the limit was reached.
 */
export async function insertReplayWithinLimit(db: Db, r: ReplayRow, limit: number): Promise<boolean> {
  const res = await db.$client
    .prepare(
      `INSERT INTO replays (${COLUMNS})
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10
       WHERE (SELECT count(*) FROM replays INDEXED BY replays_account_playing
              WHERE account_id = ?2 AND status = 'playing') < ?11`,
    )
    .bind(
      r.id,
      r.account_id,
      r.match_id,
      r.source_match_id,
      r.sport,
      r.speed,
      r.status,
      r.starts_at,
      r.ended_at,
      r.created_at,
      limit,
    )
    .run();
  return res.meta.changes === 1;
}

/** The account's replays, newest first (at most `limit`). */
export async function listReplays(db: Db, accountId: string, limit: number): Promise<ReplayRow[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT ${COLUMNS} FROM replays INDEXED BY replays_account WHERE account_id = ?
       ORDER BY created_at DESC, id DESC LIMIT ?`,
    )
    .bind(accountId, limit)
    .all<ReplayRow>();
  return results;
}

/** One replay of the account (another account's is none). */
export async function getReplay(db: Db, accountId: string, id: string): Promise<ReplayRow | undefined> {
  const row = await db.$client
    .prepare(`SELECT ${COLUMNS} FROM replays WHERE id = ? AND account_id = ?`)
    .bind(id, accountId)
    .first<ReplayRow>();
  return row ?? undefined;
}

/** Ends a playing replay (finished or stopped): false if it had already ended. */
export async function endReplay(
  db: Db,
  id: string,
  status: Exclude<ReplayStatus, "playing">,
  at: string,
): Promise<boolean> {
  const res = await db.$client
    .prepare("UPDATE replays SET status = ?, ended_at = ? WHERE id = ? AND status = 'playing'")
    .bind(status, at, id)
    .run();
  return res.meta.changes === 1;
}

/** The replay and its match (events, stats, lineups go with it: ON DELETE CASCADE), in one batch. */
export async function deleteReplay(db: Db, id: string): Promise<void> {
  await db.$client.batch([
    db.$client.prepare("DELETE FROM matches WHERE id = (SELECT match_id FROM replays WHERE id = ?)").bind(id),
    db.$client.prepare("DELETE FROM replays WHERE id = ?").bind(id),
  ]);
}
