// The eight MCP tools, transport-agnostic: input schemas (built from the REST validators' shapes) and handlers that
// call the same query functions as the REST routes. Registered on an MCP server by src/mcp/register.ts.
import { z } from "zod";
import { SPORTS, type Sport } from "../domain/codes";
import { DateParam, IdParam, MatchListQuery, SportParam, type Event } from "../domain/schemas";
import type { Db } from "../db/client";
import { getEvents, getH2H, getLineups, getStandingsAtKickoff, getStats } from "../db/queries/enrichments";
import { currentStandings, listTrackedLeagues } from "../db/queries/leagues";
import { getMatch, listMatches } from "../db/queries/matches";
import type { AuthContext } from "../env";
import { eventLine, h2hSummary, leagueLine, matchLine, standingsText } from "./render";

export interface ToolContext {
  db: Db;
  auth: AuthContext;
  now: Date;
}
export interface ToolOutput {
  structured: Record<string, unknown>;
  text: string;
}
/** A failure the caller should see as a tool error (not found, nothing yet), not a protocol error. */
export class ToolError extends Error {}

export interface Tool<S extends z.ZodObject = z.ZodObject> {
  name: string;
  description: string;
  input: S;
  run(ctx: ToolContext, input: z.output<S>): Promise<ToolOutput>;
}
const tool = <S extends z.ZodObject>(t: Tool<S>) => t as unknown as Tool;

const MatchRef = z.object({ match_id: IdParam.describe("Match id, e.g. from get_matches.") });
const sportsOf = (sport?: Sport) => (sport ? [sport] : [...SPORTS]);

/** `today`, `yesterday`, `tomorrow` (UTC) or YYYY-MM-DD. */
const DayInput = z
  .union([z.enum(["today", "yesterday", "tomorrow"]), DateParam], {
    error: "must be YYYY-MM-DD, today, yesterday or tomorrow",
  })
  .describe("A UTC day: YYYY-MM-DD, `today`, `yesterday` or `tomorrow`.");
const resolveDay = (day: string, now: Date) => {
  const offset = { yesterday: -1, today: 0, tomorrow: 1 }[day as "today"];
  return offset === undefined ? day : new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
};

async function enrichment<T>(
  ctx: ToolContext,
  id: string,
  what: string,
  load: typeof getStats | typeof getEvents | typeof getLineups | typeof getStandingsAtKickoff,
) {
  const res = await load(ctx.db, undefined, id, ctx.auth.accountId);
  if (!res.match) throw new ToolError(`match ${id} not found (unknown, or in a league this account does not track)`);
  if (res.data === null) throw new ToolError(`no ${what} for ${matchLine(res.match)} yet`);
  return { match: res.match, data: res.data as T };
}

export const TOOLS: Tool[] = [
  tool({
    name: "list_leagues",
    description: "Leagues this account tracks (football and basketball), with ids for the other tools.",
    input: z.object({ sport: SportParam.optional() }),
    async run(ctx, { sport }) {
      const leagues = (
        await Promise.all(sportsOf(sport).map((s) => listTrackedLeagues(ctx.db, s, ctx.auth.accountId)))
      ).flat();
      return { structured: { leagues }, text: leagues.map(leagueLine).join("\n") || "No tracked leagues." };
    },
  }),
  tool({
    name: "get_matches",
    description: "Matches by day, status and league, in kickoff order. Use status=live for what is on now.",
    input: z.object({
      sport: SportParam.optional(),
      date: DayInput.optional(),
      status: MatchListQuery.shape.status,
      league_id: IdParam.optional(),
      limit: z.number().int().min(1).max(100).default(20).describe("At most this many matches (1–100, default 20)."),
    }),
    async run(ctx, input) {
      const date = input.date ? resolveDay(input.date, ctx.now) : undefined;
      const pages = await Promise.all(
        sportsOf(input.sport).map((sport) =>
          listMatches(
            ctx.db,
            { sport, accountId: ctx.auth.accountId, status: input.status, leagueId: input.league_id, date },
            input.limit,
          ),
        ),
      );
      const matches = pages
        .flatMap((p) => p.rows)
        .sort((a, b) => a.kickoff_ts - b.kickoff_ts || a.id.localeCompare(b.id))
        .slice(0, input.limit);
      const total = pages.reduce((n, p) => n + p.total, 0);
      const more =
        total > matches.length ? `\n(${total - matches.length} more; narrow the filters or raise limit)` : "";
      return { structured: { matches, total }, text: (matches.map(matchLine).join("\n") || "No matches.") + more };
    },
  }),
  tool({
    name: "get_match",
    description: "One match: score, status, period/minute, officials, venue, attendance, league.",
    input: MatchRef,
    async run(ctx, { match_id }) {
      const m = await getMatch(ctx.db, undefined, match_id, ctx.auth.accountId);
      if (!m) throw new ToolError(`match ${match_id} not found (unknown, or in a league this account does not track)`);
      const extra = [m.league.name, m.venue, m.referee && `referee ${m.referee}`].filter(Boolean).join(" · ");
      return { structured: { match: m }, text: `${matchLine(m)}\n${extra}` };
    },
  }),
  tool({
    name: "get_match_events",
    description: "A match's timeline: goals, cards, substitutions, periods (basketball: key plays).",
    input: MatchRef,
    async run(ctx, { match_id }) {
      const { match, data } = await enrichment<Event[]>(ctx, match_id, "events", getEvents);
      return {
        structured: { match_id, events: data },
        text: `${matchLine(match)}\n${data.map(eventLine).join("\n") || "No events yet."}`,
      };
    },
  }),
  tool({
    name: "get_match_stats",
    description: "A match's statistics (possession, shots, cards … / shooting, rebounds …), home vs away.",
    input: MatchRef,
    async run(ctx, { match_id }) {
      const { match, data } = await enrichment<{ section: string; name: string; home: number; away: number }[]>(
        ctx,
        match_id,
        "stats",
        getStats,
      );
      return {
        structured: { match_id, stats: data },
        text: `${matchLine(match)}\n${data.map((s) => `${s.name}: ${s.home} – ${s.away}`).join("\n")}`,
      };
    },
  }),
  tool({
    name: "get_match_lineups",
    description: "Starting line-ups, substitutes, formations and coaches of a match.",
    input: MatchRef,
    async run(ctx, { match_id }) {
      const { match, data } = await enrichment<{ home: any; away: any }>(ctx, match_id, "lineups", getLineups);
      const side = (name: string, l: any) =>
        `${name}${l.formation ? ` (${l.formation})` : ""}: ${l.starters.map((p: any) => p.name).join(", ")}; coach ${l.coach ?? "?"}`;
      return {
        structured: { match_id, home: data.home, away: data.away },
        text: `${matchLine(match)}\n${side(match.home_team, data.home)}\n${side(match.away_team, data.away)}`,
      };
    },
  }),
  tool({
    name: "get_standings",
    description: "A league's current table (league_id), or the table as it stood at a match's kickoff (match_id).",
    input: z
      .object({ league_id: IdParam.optional(), match_id: IdParam.optional() })
      .refine(
        (v) => (v.league_id === undefined) !== (v.match_id === undefined),
        "give exactly one of league_id and match_id",
      ),
    async run(ctx, { league_id, match_id }) {
      if (match_id) {
        const { match: m, data } = await enrichment<any>(ctx, match_id, "standings", getStandingsAtKickoff);
        const before = `${m.home_team} v ${m.away_team} [${m.id}]`;
        return { structured: data, text: standingsText(m.league.name, m.sport, data, before) };
      }
      const res = await currentStandings(ctx.db, undefined, league_id!, ctx.auth.accountId);
      if (!res.found) throw new ToolError(`league ${league_id} not found (unknown, or not tracked by this account)`);
      if (!res.standings) throw new ToolError(`${res.league.name} has no table (a cup?)`);
      return { structured: res.standings, text: standingsText(res.league.name, res.league.sport, res.standings) };
    },
  }),
  tool({
    name: "get_head_to_head",
    description: "Earlier finished meetings of a match's two teams, newest first, with a summary.",
    input: MatchRef.extend({
      limit: z.number().int().min(1).max(50).default(10).describe("Meetings to list (1–50, default 10)."),
    }),
    async run(ctx, { match_id, limit }) {
      const res = await getH2H(ctx.db, undefined, match_id, ctx.auth.accountId, limit);
      if (!res.match)
        throw new ToolError(`match ${match_id} not found (unknown, or in a league this account does not track)`);
      if (!res.data)
        throw new ToolError(
          `${res.match.home_team} and ${res.match.away_team} have no earlier meetings in tracked leagues`,
        );
      const head = h2hSummary(res.match, res.data.summary);
      return { structured: res.data, text: `${head}\n${res.data.matches.map(matchLine).join("\n")}` };
    },
  }),
];
