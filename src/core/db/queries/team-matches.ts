// The match list with `?team_id=`: team_matches holds each match once per team with the list item's columns.
import { and, asc, between, eq, sql, type SQL } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import type { Sport } from "../../domain/codes";
import type { Db } from "../client";
import { teamMatchCounts, teamMatches, teams } from "../schema";
import { listItemColumns, val, type PageValues } from "./match-columns";
import { trackedBy, type Tracked } from "./visibility";

const tm = teamMatches;
const tmColumns = new Map(getTableConfig(tm).columns.map((c) => [c.name, c]));
/**
 * The list item from team_matches' copy of the match: its columns carry the same names, `match_id` standing for
 * `id` (plain SQL for the same `INDEXED BY` reason).
 */
const teamPageColumns = Object.fromEntries(
  Object.entries(listItemColumns).map(([k, c]) => {
    const col = k === "id" ? tm.matchId : tmColumns.get(c.name);
    if (!col) throw new Error(`team_matches lacks the list item column ${c.name}`);
    return [k, sql`${tm}.${sql.identifier(col.name)}`.mapWith(col).as(k)];
  }),
) as unknown as typeof listItemColumns;

/** With `team_id`: the team's range of team_matches, which carries the list item's columns. */
export function teamPageQuery(db: Db, index: string, v: PageValues) {
  const where: (SQL | undefined)[] = [
    eq(teamMatches.teamId, val(v.teamId)),
    eq(teamMatches.sport, v.sport as Sport),
    trackedBy(v.tracked as Tracked, teamMatches.leagueId),
    v.leagueId !== undefined ? eq(teamMatches.leagueId, val(v.leagueId)) : undefined,
    v.season !== undefined ? eq(teamMatches.season, val(v.season)) : undefined,
    v.statusGroup !== undefined ? eq(teamMatches.statusGroup, v.statusGroup as number) : undefined,
    v.dayStart !== undefined ? between(teamMatches.kickoffTs, v.dayStart as number, v.dayEnd as number) : undefined,
    v.afterTs !== undefined
      ? sql`(${teamMatches.kickoffTs}, ${teamMatches.matchId}) > (${v.afterTs}, ${v.afterId})`
      : undefined,
  ];
  return db
    .select(teamPageColumns)
    .from(sql`${teamMatches} INDEXED BY ${sql.raw(index)}`)
    .where(and(...where))
    .orderBy(asc(teamMatches.kickoffTs), asc(teamMatches.matchId))
    .limit(v.take as number);
}

/** The team's `total`, from its own trigger-maintained counters. */
export function teamTotalQuery(db: Db, v: PageValues) {
  // The team in one league season: its rows counted in their index range (a season's worth at most).
  if (v.season !== undefined)
    return db
      .select({ total: sql<number>`count(*)`.as("total") })
      .from(sql`${teamMatches} INDEXED BY team_matches_leagues`)
      .where(
        and(
          eq(teamMatches.teamId, val(v.teamId)),
          eq(teamMatches.leagueId, val(v.leagueId)),
          eq(teamMatches.season, val(v.season)),
          eq(teamMatches.sport, v.sport as Sport),
          trackedBy(v.tracked as Tracked, teamMatches.leagueId),
          v.statusGroup !== undefined ? eq(teamMatches.statusGroup, v.statusGroup as number) : undefined,
          v.dayStart !== undefined
            ? between(teamMatches.kickoffTs, v.dayStart as number, v.dayEnd as number)
            : undefined,
        ),
      );
  const c = teamMatchCounts;
  return db
    .select({ total: sql<number>`coalesce(sum(${c.n}), 0)`.as("total") })
    .from(c)
    .where(
      and(
        eq(c.teamId, val(v.teamId)),
        eq(c.day, v.day as number),
        // The counters carry no sport: a team of the other sport counts nothing.
        sql`EXISTS (SELECT 1 FROM ${teams} WHERE ${teams.id} = ${v.teamId} AND ${teams.sport} = ${v.sport})`,
        trackedBy(v.tracked as Tracked, c.leagueId),
        v.leagueId !== undefined ? eq(c.leagueId, val(v.leagueId)) : undefined,
        v.statusGroup !== undefined ? eq(c.statusGroup, v.statusGroup as number) : undefined,
      ),
    );
}
