// The provider feeds' league mapping (docs/feeds.md "Mapping leagues").
import type { Db } from "../client";

export interface FeedLeagueRow {
  provider_league: string;
  season: string;
  league_id: string;
  /** primary (the default) or standby: polled only while the league's primary is down. */
  role?: "primary" | "standby";
}

/** Replaces a provider's mapping, in one transaction. */
export async function putFeedLeagues(db: Db, provider: string, rows: FeedLeagueRow[]) {
  const d1 = db.$client;
  await d1.batch([
    d1.prepare("DELETE FROM feed_leagues WHERE provider = ?").bind(provider),
    ...rows.map((r) =>
      d1
        .prepare("INSERT INTO feed_leagues (provider, provider_league, season, league_id, role) VALUES (?, ?, ?, ?, ?)")
        .bind(provider, r.provider_league, r.season, r.league_id, r.role ?? "primary"),
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
      `SELECT provider_league, season, league_id, role,
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

/** The other providers mapped as primary to these leagues, each with whether it is down and since when. */
export async function primariesOf(db: Db, provider: string, leagueIds: string[]) {
  const { results } = await db.$client
    .prepare(
      `SELECT f.league_id, f.provider, COALESCE(h.down, 0) AS down, h.since
       FROM feed_leagues f LEFT JOIN feed_health h ON h.provider = f.provider
       WHERE f.league_id IN (SELECT value FROM json_each(?1)) AND f.role = 'primary' AND f.provider != ?2`,
    )
    .bind(JSON.stringify(leagueIds), provider)
    .all<{ league_id: string; provider: string; down: number; since: string | null }>();
  return results;
}

/** A provider went down or came back (src/core/feeds/poller.ts `health`). */
export async function putFeedHealth(db: Db, provider: string, down: boolean, since: string) {
  await db.$client
    .prepare(
      "INSERT INTO feed_health (provider, down, since) VALUES (?, ?, ?) ON CONFLICT (provider) DO UPDATE SET down = excluded.down, since = excluded.since",
    )
    .bind(provider, down ? 1 : 0, since)
    .run();
}

export async function healthOf(db: Db) {
  const { results } = await db.$client
    .prepare("SELECT provider, down, since FROM feed_health")
    .all<{ provider: string; down: number; since: string }>();
  return new Map(results.map((r) => [r.provider, r]));
}
