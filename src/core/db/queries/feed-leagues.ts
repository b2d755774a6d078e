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

/** Another provider mapped as primary to a standby row's league: whether it is down, and since when. */
export interface PrimaryState {
  provider: string;
  down: number;
  since: string | null;
}

export type FeedLeagueState = FeedLeagueRow & { tracked: number; exists: number; primaries: PrimaryState[] };

/**
 * A provider's mapping, each row with whether some account tracks its league (only those are polled), whether the
 * league exists here yet (a new one is created by its first poll, before anyone can track it), and, for a row this
 * provider is the standby of, the other providers mapped as its primary with their health: one statement.
 */
export async function feedLeaguesOf(db: Db, provider: string): Promise<FeedLeagueState[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT provider_league, season, league_id, role,
              EXISTS (SELECT 1 FROM tracked_leagues t WHERE t.league_id = f.league_id LIMIT 1) AS tracked,
              EXISTS (SELECT 1 FROM leagues l WHERE l.id = f.league_id) AS "exists",
              CASE WHEN role = 'standby' THEN (
                SELECT json_group_array(json_object('provider', p.provider, 'down', COALESCE(h.down, 0), 'since', h.since))
                FROM feed_leagues p LEFT JOIN feed_health h ON h.provider = p.provider
                WHERE p.league_id = f.league_id AND p.role = 'primary' AND p.provider != f.provider
              ) END AS primaries
       FROM feed_leagues f WHERE provider = ? ORDER BY league_id, provider_league, season`,
    )
    .bind(provider)
    .all<Omit<FeedLeagueState, "primaries"> & { primaries: string | null }>();
  return results.map((r) => ({ ...r, primaries: r.primaries ? (JSON.parse(r.primaries) as PrimaryState[]) : [] }));
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
