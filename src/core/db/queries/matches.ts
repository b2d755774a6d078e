import { mergedInto } from "./identities";
import { and, asc, between, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import type { Sport } from "../../domain/codes";
import { STATUS_FILTERS, periodLabel, type StatusFilter } from "../../domain/codes";
import type { Cursor } from "../../domain/cursor";
import type { H2H, MatchDetail, MatchListItem } from "../../domain/schemas";
import type { Db } from "../client";
import { leagues, matchCounts, matches } from "../schema";
import { bindBuilt, type BuiltQuery } from "./built";
import { listItemColumns, val, type PageValues } from "./match-columns";
import { teamPageQuery, teamTotalQuery } from "./team-matches";
import { externalIdsSql, MERGED_INTO, parseExternalIds } from "./identities";
import { trackedBy, type Tracked } from "./visibility";

export interface MatchFilter {
  sport: Sport;
  /** The caller's tracked leagues (./visibility.ts). */
  tracked: Tracked;
  status?: StatusFilter;
  leagueId?: string;
  /** With `leagueId`: that league's season (yyyy/yy). */
  season?: string;
  date?: string;
  teamId?: string;
}

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * Which index serves a filter combination. Chosen here rather than left to SQLite: without ANALYZE statistics
 * its planner sometimes prefers (sport, kickoff_ts) over (sport, status_group, kickoff_ts) when a date and a
 * cursor add two range terms, reading every match of the day to return a few.
 */
function pageIndex(f: MatchFilter) {
  // A league's season: its (league_id, season, kickoff_ts, id) range, or the team's in it.
  if (f.season) return f.teamId ? "team_matches_leagues" : "matches_league_season";
  if (f.teamId) {
    if (f.leagueId) return f.status ? "team_matches_league_status" : "team_matches_league";
    return f.status ? "team_matches_status" : "team_matches_kickoff";
  }
  if (f.leagueId) return f.status ? "matches_league_status_kickoff" : "matches_league_kickoff";
  return f.status ? "matches_sport_status_kickoff" : "matches_sport_kickoff";
}

/** listItemColumns as plain SQL: drizzle refuses column objects when FROM is an `INDEXED BY` clause. */
const pageColumns = Object.fromEntries(
  Object.entries(listItemColumns).map(([k, c]) => [k, sql`${matches}.${sql.identifier(c.name)}`.mapWith(c)]),
) as unknown as typeof listItemColumns;

function pageValues(f: MatchFilter, limit: number, after?: Cursor): PageValues {
  const day = f.date ? dayOf(f.date) : -1;
  return {
    sport: f.sport,
    tracked: f.tracked,
    leagueId: f.leagueId,
    season: f.season,
    teamId: f.teamId,
    statusGroup: f.status ? STATUS_FILTERS[f.status] : undefined,
    dayStart: f.date ? day * 86_400 : undefined,
    dayEnd: f.date ? (day + 1) * 86_400 - 1 : undefined,
    day,
    afterTs: after?.kickoffTs,
    afterId: after?.id,
    take: limit + 1,
  };
}

/** Placeholders for the values `v` has: the shape of a filter. */
const placeholders = (v: PageValues) =>
  Object.fromEntries(
    Object.entries(v).map(([k, x]) => [k, x === undefined ? undefined : sql.placeholder(k)]),
  ) as unknown as PageValues;

function pageQuery(db: Db, f: MatchFilter, v: PageValues) {
  if (v.teamId !== undefined) return teamPageQuery(db, pageIndex(f), v);
  const where: (SQL | undefined)[] = [
    eq(matches.sport, v.sport as Sport),
    trackedBy(v.tracked as Tracked),
    v.leagueId !== undefined ? eq(matches.leagueId, val(v.leagueId)) : undefined,
    v.season !== undefined ? eq(matches.season, val(v.season)) : undefined,
    v.statusGroup !== undefined ? eq(matches.statusGroup, v.statusGroup as number) : undefined,
    v.dayStart !== undefined ? between(matches.kickoffTs, v.dayStart as number, v.dayEnd as number) : undefined,
    v.afterTs !== undefined ? sql`(${matches.kickoffTs}, ${matches.id}) > (${v.afterTs}, ${v.afterId})` : undefined,
  ];
  return db
    .select(pageColumns)
    .from(sql`${matches} INDEXED BY ${sql.raw(pageIndex(f))}`)
    .where(and(...where))
    .orderBy(asc(matches.kickoffTs), asc(matches.id))
    .limit(v.take as number);
}

/** `total` from the trigger-maintained counters: a few rows per league, whatever the number of matches. */
function totalQuery(db: Db, v: PageValues) {
  if (v.teamId !== undefined) return teamTotalQuery(db, v);
  // A season has no counters of its own: its matches counted in the season's index range (a few hundred entries).
  if (v.season !== undefined)
    return db
      .select({ total: sql<number>`count(*)`.as("total") })
      .from(sql`${matches} INDEXED BY matches_league_season`)
      .where(
        and(
          eq(matches.leagueId, val(v.leagueId)),
          eq(matches.season, val(v.season)),
          eq(matches.sport, v.sport as Sport),
          trackedBy(v.tracked as Tracked),
          v.statusGroup !== undefined ? eq(matches.statusGroup, v.statusGroup as number) : undefined,
          v.dayStart !== undefined ? between(matches.kickoffTs, v.dayStart as number, v.dayEnd as number) : undefined,
        ),
      );
  return db
    .select({ total: sql<number>`coalesce(sum(${matchCounts.n}), 0)`.as("total") })
    .from(matchCounts)
    .where(
      and(
        eq(matchCounts.sport, v.sport as Sport),
        eq(matchCounts.day, v.day as number),
        trackedBy(v.tracked as Tracked, matchCounts.leagueId),
        v.leagueId !== undefined ? eq(matchCounts.leagueId, val(v.leagueId)) : undefined,
        v.statusGroup !== undefined ? eq(matchCounts.statusGroup, v.statusGroup as number) : undefined,
      ),
    );
}

/** The page query: one ordered range of a (…, kickoff_ts, id) index, limit + 1 rows to know if more exist. */
export const matchPageQuery = (db: Db, f: MatchFilter, limit: number, after?: Cursor) =>
  pageQuery(db, f, pageValues(f, limit, after));

/** The SQL of the page and total queries, built once per filter shape (which filters, whether a cursor). */
const shapes = new Map<string, { page: BuiltQuery; total: BuiltQuery }>();

/** The list's two statements for this filter, from the cached SQL of its shape. */
export function matchListStatements(db: Db, f: MatchFilter, limit: number, after?: Cursor) {
  const v = pageValues(f, limit, after);
  const shape = Object.entries(v)
    .map(([k, x]) => (x === undefined ? "" : k))
    .join(",");
  let built = shapes.get(shape);
  if (!built) {
    const p = placeholders(v);
    built = { page: pageQuery(db, f, p).toSQL(), total: totalQuery(db, p).toSQL() };
    shapes.set(shape, built);
  }
  const values = v as unknown as Record<string, unknown>;
  return [bindBuilt(db, built.page, values), bindBuilt(db, built.total, values)] as const;
}

export interface MatchPage {
  rows: MatchListItem[];
  total: number;
  next: Cursor | null;
}

/** One list page from its two results (page rows, total). */
function toPage(page: D1Result<unknown>, totals: D1Result<unknown>, limit: number): MatchPage {
  // Raw rows (the statement is bound from cached SQL, not mapped by drizzle): `simulated` is stored as 0/1.
  const rows = ((page.results ?? []) as MatchListItem[]).map((r) => ({ ...r, simulated: Boolean(r.simulated) }));
  const more = rows.length > limit;
  if (more) rows.length = limit;
  const last = rows[rows.length - 1];
  return {
    rows,
    total: Number((totals.results?.[0] as { total?: number } | undefined)?.total ?? 0),
    next: more && last ? { kickoffTs: last.kickoff_ts, id: last.id } : null,
  };
}

export interface MatchListRequest {
  filter: MatchFilter;
  limit: number;
  after?: Cursor;
}

/** Several lists in one D1 batch (one round trip), each answered as listMatches answers it. */
export async function listMatchPages(db: Db, lists: readonly MatchListRequest[]): Promise<MatchPage[]> {
  const stmts = lists.flatMap((l) => matchListStatements(db, l.filter, l.limit, l.after));
  const results = await db.$client.batch<unknown>(stmts as unknown as D1PreparedStatement[]);
  return lists.map((l, i) => toPage(results[2 * i]!, results[2 * i + 1]!, l.limit));
}

export async function listMatches(db: Db, f: MatchFilter, limit: number, after?: Cursor): Promise<MatchPage> {
  return (await listMatchPages(db, [{ filter: f, limit, after }]))[0]!;
}

/** A match the account may see (its league is tracked), or undefined. */
export function visibleMatchQuery(db: Db, sport: Sport | undefined, id: string, tracked: Tracked) {
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
      external_ids: sql<string | null>`${sql.raw(externalIdsSql("match", '"matches"."id"'))}`,
    })
    .from(matches)
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .where(and(eq(matches.id, id), sport ? eq(matches.sport, sport) : undefined, trackedBy(tracked)));
}

type VisibleRow = Awaited<ReturnType<typeof visibleMatchQuery>>[number];

export function toDetail(r: VisibleRow): MatchDetail {
  const { league_name, league_country, external_ids, ...rest } = r;
  return {
    ...rest,
    external_ids: parseExternalIds(external_ids),
    period_label: periodLabel(r.sport, r.period),
    league: { id: r.league_id, name: league_name, country: league_country },
  };
}

/** A match the account may see; `sport` undefined matches either sport (WebSocket paths carry none). */
export async function getMatch(
  db: Db,
  sport: Sport | undefined,
  id: string,
  tracked: Tracked,
): Promise<ReturnType<typeof toDetail> | undefined> {
  const [row] = await visibleMatchQuery(db, sport, id, tracked);
  if (row) return toDetail(row);
  // A match merged into another answers as that one (docs/identity.md "Merging"): one more seek, on a miss only.
  const into = await mergedInto(db, "match", id);
  return into ? getMatch(db, sport, into, tracked) : undefined;
}

export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/**
 * Finished meetings of two teams before `beforeTs`, newest first, in the account's tracked leagues. `realOnly`: the
 * simulator's invented meetings left out (a real match's, or two real teams', head-to-head is history, not the demo).
 */
function meetingsWhere(sport: Sport, teams: [string, string], beforeTs: number, tracked: Tracked, realOnly: boolean) {
  return and(
    eq(matches.pairKey, pairKey(...teams)),
    lt(matches.kickoffTs, beforeTs),
    eq(matches.statusGroup, 3),
    eq(matches.sport, sport),
    trackedBy(tracked),
    realOnly ? eq(matches.simulated, false) : undefined,
  );
}

export function h2hQueries(
  db: Db,
  sport: Sport,
  home: string,
  away: string,
  beforeTs: number,
  tracked: Tracked,
  limit: number,
  realOnly: boolean,
) {
  const where = meetingsWhere(sport, [home, away], beforeTs, tracked, realOnly);
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

/** No kickoff is later: a team-against-team head-to-head counts every meeting. */
const EVER = 2 ** 40;

/**
 * Every real finished meeting of two teams in the account's tracked leagues, newest first, with the summary the match
 * route gives (`home_team_*` standing for `team`). Merged ids answer as the team they went into. `undefined`: either
 * team is unknown in this sport; `data` null: they never met in tracked leagues.
 */
export async function getTeamH2H(
  db: Db,
  sport: Sport,
  team: string,
  opponent: string,
  tracked: Tracked,
  limit: number,
) {
  const ofSport = (id: string) =>
    db.$client.prepare(`SELECT id FROM teams WHERE id = ${MERGED_INTO("team", "?1")} AND sport = ?2`).bind(id, sport);
  const found = await db.$client.batch<{ id: string }>([ofSport(team), ofSport(opponent)]);
  const [a, b] = found.map((r) => r.results[0]?.id);
  if (!a || !b) return undefined;
  const [list, [summary]] = await db.batch(h2hQueries(db, sport, a, b, EVER, tracked, limit, true));
  const data: H2H | null =
    summary && summary.played > 0
      ? { match_id: null, home_team_id: a, away_team_id: b, summary, matches: list as MatchListItem[] }
      : null;
  return { data };
}
