// The provider feeds' league mapping (docs/feeds.md "Mapping leagues").
import type { Db } from "../client";

export interface FeedLeagueRow {
  provider_league: string;
  season: string;
  league_id: string;
}

/** Replaces a provider's mapping, in one transaction. */
export async function putFeedLeagues(db: Db, provider: string, rows: FeedLeagueRow[]) {
  const d1 = db.$client;
  await d1.batch([
    d1.prepare("DELETE FROM feed_leagues WHERE provider = ?").bind(provider),
    ...rows.map((r) =>
      d1
        .prepare("INSERT INTO feed_leagues (provider, provider_league, season, league_id) VALUES (?, ?, ?, ?)")
        .bind(provider, r.provider_league, r.season, r.league_id),
    ),
  ]);
}

export type FeedLeagueState = FeedLeagueRow & { tracked: number; exists: number };

/**
 * A provider's mapping, each row with whether some account tracks its league (only those are polled) and whether the
 * league exists here yet (a new one is created by its first poll, before anyone can track it).
 */
export async function feedLeaguesOf(db: Db, provider: string): Promise<FeedLeagueState[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT provider_league, season, league_id,
              EXISTS (SELECT 1 FROM tracked_leagues t WHERE t.league_id = f.league_id LIMIT 1) AS tracked,
              EXISTS (SELECT 1 FROM leagues l WHERE l.id = f.league_id) AS "exists"
       FROM feed_leagues f WHERE provider = ? ORDER BY league_id, provider_league, season`,
    )
    .bind(provider)
    .all<FeedLeagueState>();
  return results;
}

/** The sport of each of these leagues that exists. */
export async function leagueSports(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { results } = await db.$client
    .prepare("SELECT id, sport FROM leagues WHERE id IN (SELECT value FROM json_each(?))")
    .bind(JSON.stringify(ids))
    .all<{ id: string; sport: string }>();
  return new Map(results.map((r) => [r.id, r.sport]));
}
