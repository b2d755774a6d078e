// get_matches' two answers, both built from the REST list's queries (listMatchPages: one D1 batch for all sports).
import { STATUS } from "../../core/domain/codes";
import type { Sport, StatusFilter } from "../../core/domain/codes";
import type { MatchListItem } from "../../core/domain/schemas";
import { listMatchPages, type MatchFilter, type MatchListRequest } from "../../core/db/queries/matches";
import { sportsOf, type ToolContext } from "./define";
import { utcDay } from "../../lib/time";

interface ListInput {
  sport?: Sport;
  status?: StatusFilter;
  league_id?: string;
  team_id?: string;
  limit: number;
}

const byKickoff = (a: MatchListItem, b: MatchListItem) => a.kickoff_ts - b.kickoff_ts || a.id.localeCompare(b.id);

const filterOf = (ctx: ToolContext, input: ListInput, sport: Sport, extra: Partial<MatchFilter>): MatchFilter => ({
  sport,
  tracked: ctx.leagues,
  leagueId: input.league_id,
  teamId: input.team_id,
  ...extra,
});

/** One UTC day's matches (with the status filter, if any), both sports merged in kickoff order. */
export async function matchesOfDay(ctx: ToolContext, input: ListInput, date: string) {
  const pages = await listMatchPages(
    ctx.db,
    sportsOf(input.sport).map((s) => ({
      filter: filterOf(ctx, input, s, { status: input.status, date }),
      limit: input.limit,
    })),
  );
  return {
    matches: pages
      .flatMap((p) => p.rows)
      .sort(byKickoff)
      .slice(0, input.limit),
    total: pages.reduce((n, p) => n + p.total, 0),
  };
}

/**
 * Around now: every live match (whatever day it kicked off), then today's (UTC) other matches, each group in kickoff
 * order. Per sport, one batch reads the live page, today's page and the count of today's live matches (to count
 * today's others). Today's page is read to twice the limit: when fewer than `limit` matches are live, fewer than
 * `limit` of today's are, so that many rows still hold `limit` others; otherwise the live ones fill the answer.
 */
export async function matchesAroundNow(ctx: ToolContext, input: ListInput) {
  const today = utcDay(ctx.now.getTime());
  const liveOnly = input.status === "live";
  const lists: MatchListRequest[][] = sportsOf(input.sport).map((s) => [
    { filter: filterOf(ctx, input, s, { status: "live" }), limit: input.limit },
    ...(liveOnly
      ? []
      : [
          { filter: filterOf(ctx, input, s, { date: today }), limit: 2 * input.limit },
          { filter: filterOf(ctx, input, s, { status: "live", date: today }), limit: 1 },
        ]),
  ]);
  const pages = await listMatchPages(ctx.db, lists.flat());
  const per = lists[0]!.length;
  const live: MatchListItem[] = [];
  const others: MatchListItem[] = [];
  let total = 0;
  for (let i = 0; i < pages.length; i += per) {
    const [l, day, dayLive] = pages.slice(i, i + per);
    live.push(...l!.rows);
    total += l!.total;
    if (day && dayLive) {
      others.push(...day.rows.filter((m) => m.status_code !== STATUS.LIVE));
      total += day.total - dayLive.total;
    }
  }
  return { matches: [...live.sort(byKickoff), ...others.sort(byKickoff)].slice(0, input.limit), total };
}
