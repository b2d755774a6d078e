import { and, asc, eq, sql } from "drizzle-orm";
import type { Sport } from "../../domain/codes";
import type { League, Standings, StandingRow } from "../../domain/schemas";
import type { Db } from "../client";
import { leagues, standings, trackedLeagues } from "../schema";
import { trackedBy, trackedIds, type Tracked } from "./visibility";

const leagueColumns = {
  id: leagues.id,
  country: leagues.country,
  name: leagues.name,
  season: leagues.season,
  logo_url: leagues.logoUrl,
  simulated: leagues.simulated,
  live: sql<number>`(${leagues.simulated} OR ${leagues.hasLive} OR EXISTS (SELECT 1 FROM feed_leagues f WHERE f.league_id = ${leagues.id}))`,
  events: leagues.hasEvents,
  lineups: leagues.hasLineups,
  stats: leagues.hasStats,
  players: leagues.hasPlayers,
};

/** A league row as the API shows it (docs/data.md "Coverage"). */
function toLeague(r: Awaited<ReturnType<typeof selectLeagues>>[number]): League {
  return {
    id: r.id,
    country: r.country,
    name: r.name,
    season: r.season,
    logo_url: r.logo_url,
    coverage: {
      live: Boolean(r.live),
      events: Boolean(r.events),
      lineups: Boolean(r.lineups),
      stats: Boolean(r.stats),
      players: Boolean(r.players),
    },
    simulated: Boolean(r.simulated),
  };
}

const selectLeagues = (db: Db) => db.select(leagueColumns).from(leagues);

/** The caller's tracked leagues of a sport, by country then name. */
export async function listTrackedLeagues(db: Db, sport: Sport, tracked: Tracked): Promise<League[]> {
  const ids = trackedIds(tracked);
  if (ids.length === 0) return [];
  // Driven by the ids, one primary-key seek each, written into the statement: ids are A–Z, a–z, 0–9, _ and - (the
  // quotes are doubled all the same), and a bound parameter each would meet D1's 100-parameter limit.
  const list = sql.raw(ids.map((id) => `'${id.replace(/'/g, "''")}'`).join(", "));
  const rows = await selectLeagues(db)
    .where(and(sql`${leagues.id} IN (${list})`, eq(leagues.sport, sport)))
    .orderBy(asc(leagues.country), asc(leagues.name), asc(leagues.id));
  return rows.map(toLeague);
}

export type LeagueStandings =
  { found: false } | { found: true; league: { name: string; sport: Sport }; standings: Standings | null };

/**
 * The table of a tracked league (and the league's name and sport): the current season's, or `season`'s (its final
 * table, or the latest as it stands); `standings: null` when it has none (a cup, a season without results).
 */
export async function currentStandings(
  db: Db,
  sport: Sport | undefined,
  leagueId: string,
  tracked: Tracked,
  season?: string,
): Promise<LeagueStandings> {
  const [row] = await db
    .select({
      name: leagues.name,
      sport: leagues.sport,
      season: leagues.season,
      asOf: standings.asOf,
      rows: standings.rows,
    })
    .from(leagues)
    .leftJoin(
      standings,
      and(
        eq(standings.leagueId, leagues.id),
        season ? eq(standings.season, season) : eq(standings.season, leagues.season),
      ),
    )
    .where(and(eq(leagues.id, leagueId), sport ? eq(leagues.sport, sport) : undefined, trackedBy(tracked, leagues.id)));
  if (!row) return { found: false };
  const league = { name: row.name, sport: row.sport };
  if (row.rows === null || row.asOf === null) return { found: true, league, standings: null };
  return {
    found: true,
    league,
    standings: {
      league_id: leagueId,
      season: season ?? row.season,
      as_of: row.asOf,
      standings: JSON.parse(row.rows) as StandingRow[],
    },
  };
}

export const leagueIdsExist = async (db: Db, ids: string[]): Promise<string[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: leagues.id })
    .from(leagues)
    .where(sql`${leagues.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
  return rows.map((r) => r.id);
};

/**
 * Every league id the account tracks, both sports: the account's entitlement as stored, read where no request has
 * read it for us (the dashboard, a hub's states). Reads take the caller's list instead (./visibility.ts).
 */
export async function trackedLeagueIds(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ id: trackedLeagues.leagueId })
    .from(trackedLeagues)
    .where(eq(trackedLeagues.accountId, accountId));
  return rows.map((r) => r.id);
}

/** Every league, both sports, for choosing what to track. */
export function allLeagues(db: Db) {
  return db
    .select({ id: leagues.id, sport: leagues.sport, name: leagues.name, country: leagues.country })
    .from(leagues)
    .orderBy(asc(leagues.sport), asc(leagues.country), asc(leagues.name));
}
