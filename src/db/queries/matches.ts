import { and, asc, between, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import type { Sport } from "../../domain/codes";
import { STATUS_FILTERS, periodLabel, type StatusFilter } from "../../domain/codes";
import type { Cursor } from "../../domain/cursor";
import type { MatchDetail, MatchListItem } from "../../domain/schemas";
import type { Db } from "../client";
import { leagues, matchCounts, matches, trackedLeagues } from "../schema";
import { trackedBy } from "./visibility";

export const listItemColumns = {
  id: matches.id,
  league_id: matches.leagueId,
  season: matches.season,
  home_team: matches.homeTeam,
  away_team: matches.awayTeam,
  home_team_id: matches.homeTeamId,
  away_team_id: matches.awayTeamId,
  home_score: matches.homeScore,
  away_score: matches.awayScore,
  status_code: matches.statusCode,
  minute: matches.minute,
  kickoff_ts: matches.kickoffTs,
  updated_at: matches.updatedAt,
};

export interface MatchFilter {
  sport: Sport;
  accountId: string;
  status?: StatusFilter;
  leagueId?: string;
  date?: string;
}

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * Which index serves a filter combination. Chosen here rather than left to SQLite: without ANALYZE statistics
 * its planner sometimes prefers (sport, kickoff_ts) over (sport, status_group, kickoff_ts) when a date and a
 * cursor add two range terms, reading every match of the day to return a few.
 */
function pageIndex(f: MatchFilter) {
  if (f.leagueId) return f.status ? "matches_league_status_kickoff" : "matches_league_kickoff";
  return f.status ? "matches_sport_status_kickoff" : "matches_sport_kickoff";
}

/** listItemColumns as plain SQL: drizzle refuses column objects when FROM is an `INDEXED BY` clause. */
const pageColumns = Object.fromEntries(
  Object.entries(listItemColumns).map(([k, c]) => [k, sql`${matches}.${sql.identifier(c.name)}`.mapWith(c)]),
) as unknown as typeof listItemColumns;

/** The page query: one ordered range of a (…, kickoff_ts, id) index, limit + 1 rows to know if more exist. */
export function matchPageQuery(db: Db, f: MatchFilter, limit: number, after?: Cursor) {
  const where: (SQL | undefined)[] = [
    eq(matches.sport, f.sport),
    trackedBy(f.accountId),
    f.leagueId ? eq(matches.leagueId, f.leagueId) : undefined,
    f.status ? eq(matches.statusGroup, STATUS_FILTERS[f.status]) : undefined,
    f.date ? between(matches.kickoffTs, dayOf(f.date) * 86_400, (dayOf(f.date) + 1) * 86_400 - 1) : undefined,
    after ? sql`(${matches.kickoffTs}, ${matches.id}) > (${after.kickoffTs}, ${after.id})` : undefined,
  ];
  return db
    .select(pageColumns)
    .from(sql`${matches} INDEXED BY ${sql.raw(pageIndex(f))}`)
    .where(and(...where))
    .orderBy(asc(matches.kickoffTs), asc(matches.id))
    .limit(limit + 1);
}

/** `total` from the trigger-maintained counters: a few rows per league, whatever the number of matches. */
export function matchTotalQuery(db: Db, f: MatchFilter) {
  return db
    .select({ total: sql<number>`coalesce(sum(${matchCounts.n}), 0)`.mapWith(Number) })
    .from(matchCounts)
    .where(
      and(
        eq(matchCounts.sport, f.sport),
        eq(matchCounts.day, f.date ? dayOf(f.date) : -1),
        trackedBy(f.accountId, matchCounts.leagueId),
        f.leagueId ? eq(matchCounts.leagueId, f.leagueId) : undefined,
        f.status ? eq(matchCounts.statusGroup, STATUS_FILTERS[f.status]) : undefined,
      ),
    );
}

export async function listMatches(db: Db, f: MatchFilter, limit: number, after?: Cursor) {
  const [page, totals] = await db.batch([matchPageQuery(db, f, limit, after), matchTotalQuery(db, f)]);
  const more = page.length > limit;
  const rows: MatchListItem[] = more ? page.slice(0, limit) : page;
  const last = rows[rows.length - 1];
  return {
    rows,
    total: totals[0]?.total ?? 0,
    next: more && last ? { kickoffTs: last.kickoff_ts, id: last.id } : null,
  };
}

/** A match the account may see (its league is tracked), or undefined. */
export function visibleMatchQuery(db: Db, sport: Sport | undefined, id: string, accountId: string) {
  return db
    .select({
      ...listItemColumns,
      round: matches.round,
      period: matches.period,
      added_time: matches.addedTime,
      game_clock_secs: matches.gameClockSecs,
      ht_home_score: matches.htHomeScore,
      ht_away_score: matches.htAwayScore,
      home_penalties: matches.homePenalties,
      away_penalties: matches.awayPenalties,
      home_formation: matches.homeFormation,
      away_formation: matches.awayFormation,
      referee: matches.referee,
      venue: matches.venue,
      attendance: matches.attendance,
      finished_at: matches.finishedAt,
      sport: matches.sport,
      league_name: leagues.name,
      league_country: leagues.country,
    })
    .from(matches)
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .innerJoin(
      trackedLeagues,
      and(eq(trackedLeagues.leagueId, matches.leagueId), eq(trackedLeagues.accountId, accountId)),
    )
    .where(and(eq(matches.id, id), sport ? eq(matches.sport, sport) : undefined));
}

type VisibleRow = Awaited<ReturnType<typeof visibleMatchQuery>>[number];

export function toDetail(r: VisibleRow): MatchDetail {
  const { league_name, league_country, ...rest } = r;
  return {
    ...rest,
    period_label: periodLabel(r.sport, r.period),
    league: { id: r.league_id, name: league_name, country: league_country },
  };
}

/** A match the account may see; `sport` undefined matches either sport (WebSocket paths carry none). */
export async function getMatch(db: Db, sport: Sport | undefined, id: string, accountId: string) {
  const [row] = await visibleMatchQuery(db, sport, id, accountId);
  return row ? toDetail(row) : undefined;
}

export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Finished meetings of two teams before `beforeTs`, newest first, in the account's tracked leagues. */
function meetingsWhere(sport: Sport, teams: [string, string], beforeTs: number, accountId: string) {
  return and(
    eq(matches.pairKey, pairKey(...teams)),
    lt(matches.kickoffTs, beforeTs),
    eq(matches.statusGroup, 3),
    eq(matches.sport, sport),
    trackedBy(accountId),
  );
}

export function h2hQueries(
  db: Db,
  sport: Sport,
  home: string,
  away: string,
  beforeTs: number,
  accountId: string,
  limit: number,
) {
  const where = meetingsWhere(sport, [home, away], beforeTs, accountId);
  const homeWon = sql`(${matches.homeTeamId} = ${home} AND ${matches.homeScore} > ${matches.awayScore}) OR (${matches.awayTeamId} = ${home} AND ${matches.awayScore} > ${matches.homeScore})`;
  const awayWon = sql`(${matches.homeTeamId} = ${away} AND ${matches.homeScore} > ${matches.awayScore}) OR (${matches.awayTeamId} = ${away} AND ${matches.awayScore} > ${matches.homeScore})`;
  return [
    // Forced onto the pair index: for "newest first" SQLite otherwise walks a kickoff-ordered index backwards
    // and reads hundreds of matches to find a pair's few meetings.
    db
      .select(pageColumns)
      .from(sql`${matches} INDEXED BY matches_pair_kickoff`)
      .where(where)
      .orderBy(desc(matches.kickoffTs), desc(matches.id))
      .limit(limit),
    db
      .select({
        played: sql<number>`count(*)`.mapWith(Number).as("played"),
        home_team_wins: sql<number>`coalesce(sum(CASE WHEN ${homeWon} THEN 1 ELSE 0 END), 0)`
          .mapWith(Number)
          .as("home_team_wins"),
        away_team_wins: sql<number>`coalesce(sum(CASE WHEN ${awayWon} THEN 1 ELSE 0 END), 0)`
          .mapWith(Number)
          .as("away_team_wins"),
        draws: sql<number>`coalesce(sum(CASE WHEN ${matches.homeScore} = ${matches.awayScore} THEN 1 ELSE 0 END), 0)`
          .mapWith(Number)
          .as("draws"),
        home_team_goals:
          sql<number>`coalesce(sum(CASE WHEN ${matches.homeTeamId} = ${home} THEN ${matches.homeScore} ELSE ${matches.awayScore} END), 0)`
            .mapWith(Number)
            .as("home_team_goals"),
        away_team_goals:
          sql<number>`coalesce(sum(CASE WHEN ${matches.homeTeamId} = ${away} THEN ${matches.homeScore} ELSE ${matches.awayScore} END), 0)`
            .mapWith(Number)
            .as("away_team_goals"),
      })
      .from(sql`${matches} INDEXED BY matches_pair_kickoff`)
      .where(where),
  ] as const;
}
