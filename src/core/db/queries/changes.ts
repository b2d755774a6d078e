// The changes feed (GET /v1/{sport}/changes): one ordered range of changes_sport_id from the cursor, filtered by the
// account's tracked leagues. Read in cursor order, a full sync reads each retained row of the sport once over all its
// pages (an index per league would re-sort the whole rest of the range on every page).
import type { Sport } from "../../domain/codes";
import type { Db } from "../client";
import { trackedSql, type Tracked } from "./visibility";

export interface ChangeItem {
  id: number;
  match_id: string;
  league_id: string;
  seq: number;
  parts: string;
  at: string;
}

/** Up to `limit` changes after `cursor` of the account's tracked leagues, oldest first; and the oldest retained id. */
export async function readChanges(db: Db, sport: Sport, tracked: Tracked, cursor: number, limit: number) {
  const [rows, bounds] = await db.$client.batch<Record<string, unknown>>([
    db.$client
      .prepare(
        `SELECT id, match_id, league_id, seq, parts, at FROM changes INDEXED BY changes_sport_id
         WHERE sport = ?1 AND id > ?2 AND ${trackedSql("league_id", "?3")}
         ORDER BY id LIMIT ?4`,
      )
      .bind(sport, cursor, tracked, limit),
    db.$client.prepare("SELECT min(id) AS oldest, max(id) AS newest FROM changes"),
  ]);
  const b = bounds!.results[0] as { oldest: number | null; newest: number | null } | undefined;
  return {
    items: rows!.results as unknown as ChangeItem[],
    oldest: b?.oldest ?? null,
    newest: b?.newest ?? null,
  };
}
