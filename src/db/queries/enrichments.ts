// Events, stats, lineups and the standings snapshot of one match. Each is fetched in one batch together with
// the visibility check, so "unknown/untracked match" (not_found) and "nothing yet" (no_data) cost one round trip.
import { and, asc, desc, eq, lt } from "drizzle-orm";
import type { Sport } from "../../domain/codes";
import type { Event, Lineup, StatRow, StandingRow, Standings } from "../../domain/schemas";
import type { Db } from "../client";
import { matchEvents, matchLineups, matchStats, matches, standingsSnapshots } from "../schema";
import { h2hQueries, toDetail, visibleMatchQuery } from "./matches";

type Visible = ReturnType<typeof toDetail>;
export type Enrichment<T> = { match: undefined } | { match: Visible; data: T | null };

export async function getEvents(db: Db, sport: Sport, id: string, accountId: string): Promise<Enrichment<Event[]>> {
  const [m, events] = await db.batch([
    visibleMatchQuery(db, sport, id, accountId),
    db
      .select({
        id: matchEvents.id,
        seq: matchEvents.seq,
        type: matchEvents.type,
        minute: matchEvents.minute,
        added_time: matchEvents.addedTime,
        period: matchEvents.period,
        team: matchEvents.team,
        player: matchEvents.player,
        player_in: matchEvents.playerIn,
        player_out: matchEvents.playerOut,
        detail: matchEvents.detail,
      })
      .from(matchEvents)
      .where(eq(matchEvents.matchId, id))
      .orderBy(asc(matchEvents.seq)),
  ]);
  if (!m[0]) return { match: undefined };
  return { match: toDetail(sport, m[0]), data: events };
}

export async function getStats(db: Db, sport: Sport, id: string, accountId: string): Promise<Enrichment<StatRow[]>> {
  const [m, rows] = await db.batch([
    visibleMatchQuery(db, sport, id, accountId),
    db.select({ data: matchStats.data }).from(matchStats).where(eq(matchStats.matchId, id)),
  ]);
  if (!m[0]) return { match: undefined };
  return { match: toDetail(sport, m[0]), data: rows[0] ? (JSON.parse(rows[0].data) as StatRow[]) : null };
}

export async function getLineups(
  db: Db,
  sport: Sport,
  id: string,
  accountId: string,
): Promise<Enrichment<{ home: Lineup; away: Lineup }>> {
  const [m, rows] = await db.batch([
    visibleMatchQuery(db, sport, id, accountId),
    db
      .select({ home: matchLineups.home, away: matchLineups.away })
      .from(matchLineups)
      .where(eq(matchLineups.matchId, id)),
  ]);
  if (!m[0]) return { match: undefined };
  const r = rows[0];
  return {
    match: toDetail(sport, m[0]),
    data: r ? { home: JSON.parse(r.home) as Lineup, away: JSON.parse(r.away) as Lineup } : null,
  };
}

/** The table as it stood at kickoff: the newest snapshot taken before the match started (one index seek). */
export async function getStandingsAtKickoff(
  db: Db,
  sport: Sport,
  id: string,
  accountId: string,
): Promise<Enrichment<Standings>> {
  const [m, snaps] = await db.batch([
    visibleMatchQuery(db, sport, id, accountId),
    db
      .select({
        league_id: standingsSnapshots.leagueId,
        season: standingsSnapshots.season,
        as_of: standingsSnapshots.asOf,
        rows: standingsSnapshots.rows,
      })
      .from(matches)
      .innerJoin(
        standingsSnapshots,
        and(
          eq(standingsSnapshots.leagueId, matches.leagueId),
          eq(standingsSnapshots.season, matches.season),
          lt(standingsSnapshots.asOfTs, matches.kickoffTs),
        ),
      )
      .where(eq(matches.id, id))
      .orderBy(desc(standingsSnapshots.asOfTs))
      .limit(1),
  ]);
  if (!m[0]) return { match: undefined };
  const s = snaps[0];
  return {
    match: toDetail(sport, m[0]),
    data: s
      ? { league_id: s.league_id, season: s.season, as_of: s.as_of, standings: JSON.parse(s.rows) as StandingRow[] }
      : null,
  };
}

export async function getH2H(db: Db, sport: Sport, id: string, accountId: string, limit: number) {
  const [m] = await visibleMatchQuery(db, sport, id, accountId);
  if (!m) return { match: undefined } as const;
  const [list, summary] = await db.batch(
    h2hQueries(db, sport, m.home_team_id, m.away_team_id, m.kickoff_ts, accountId, limit),
  );
  const s = summary[0]!;
  return {
    match: toDetail(sport, m),
    data: {
      match_id: m.id,
      home_team_id: m.home_team_id,
      away_team_id: m.away_team_id,
      summary: s,
      matches: list,
    },
  } as const;
}
