// Matches: the list (around now, or a day), one match and its enrichments, head-to-head and the box score.
import { z } from "zod";
import { BoxScore } from "../../core/domain/people-schemas";
import {
  DateParam,
  Event,
  H2H,
  IdParam,
  limitArg,
  LineupsResponse,
  LIST_LIMITS,
  MatchDetail,
  MatchListItem,
  MatchListQuery,
  SportParam,
  StatRow,
} from "../../core/domain/schemas";
import {
  getBoxScore,
  getEvents,
  getH2H,
  getLineups,
  getStats,
  type EnrichmentLoader,
} from "../../core/db/queries/enrichments";
import { getMatch, getTeamH2H } from "../../core/db/queries/matches";
import { boxScoreText } from "../render/people";
import { eventLine, h2hSummary, matchLine } from "../render/matches";
import { matchesAroundNow, matchesOfDay } from "./matches-now";
import { MatchRef, SportInput, ToolError, matchNotFound, tool, type ToolContext } from "./define";
import { utcDay } from "../../lib/time";

/** `today`, `yesterday`, `tomorrow` (UTC) or YYYY-MM-DD. */
const DayInput = z
  .union([z.enum(["today", "yesterday", "tomorrow"]), DateParam], {
    error: "must be YYYY-MM-DD, today, yesterday or tomorrow",
  })
  .describe("A UTC day: YYYY-MM-DD, `today`, `yesterday` or `tomorrow`. Omit for what is on now.");
const resolveDay = (day: string, now: Date) => {
  const offset = { yesterday: -1, today: 0, tomorrow: 1 }[day as "today"];
  return offset === undefined ? day : utcDay(now.getTime() + offset * 86_400_000);
};

/** The two teams' names as their latest meeting gives them. */
function teamNames(h: H2H) {
  const m = h.matches[0]!;
  const nameOf = (id: string) => (m.home_team_id === id ? m.home_team : m.away_team);
  return { home_team: nameOf(h.home_team_id), away_team: nameOf(h.away_team_id) };
}

/** The match and its data, or a tool error: not found, or nothing of this kind yet. */
async function enrichment<T>(ctx: ToolContext, id: string, what: string, load: EnrichmentLoader<T>) {
  const res = await load(ctx.db, undefined, id, ctx.leagues);
  if (!res.match) throw matchNotFound(id);
  if (res.data === null) throw new ToolError(`no ${what} for ${matchLine(res.match)} yet`);
  return { match: res.match, data: res.data };
}

/** get_match's answer: the match detail and its text (show_match answers hosts without MCP Apps with the same). */
export async function matchAnswer(ctx: ToolContext, id: string) {
  const m = await getMatch(ctx.db, undefined, id, ctx.leagues);
  if (!m) throw matchNotFound(id);
  const extra = [m.league.name, m.round, m.venue, m.referee && `referee ${m.referee}`].filter(Boolean).join(" · ");
  return { match: m, text: `${matchLine(m)}\n${extra}` };
}

export const MATCH_TOOLS = [
  tool({
    name: "get_matches",
    description:
      "Matches in kickoff order. Without date: what is on now (live matches first, then today's others, UTC); " +
      "with date: that day. Filter by status, league_id or team_id (ids from list_leagues and search).",
    input: z.object({
      sport: SportInput,
      date: DayInput.optional(),
      status: MatchListQuery.shape.status,
      league_id: IdParam.optional(),
      team_id: MatchListQuery.shape.team_id,
      limit: limitArg(LIST_LIMITS.matches),
    }),
    output: z.object({
      matches: z.array(MatchListItem),
      total: z.number().int().describe("Matches the filters select, of which `matches` are the first."),
    }),
    async run(ctx, input) {
      const { matches, total } =
        input.date === undefined && (input.status === undefined || input.status === "live")
          ? await matchesAroundNow(ctx, input)
          : await matchesOfDay(ctx, input, resolveDay(input.date ?? "today", ctx.now));
      const more =
        total > matches.length ? `\n(${total - matches.length} more; narrow the filters or raise limit)` : "";
      return { structured: { matches, total }, text: (matches.map(matchLine).join("\n") || "No matches.") + more };
    },
  }),
  tool({
    name: "get_match",
    description: "One match: score, status, period/minute, officials, venue, attendance, league.",
    input: MatchRef,
    output: z.object({ match: MatchDetail }),
    async run(ctx, { match_id }) {
      const { match, text } = await matchAnswer(ctx, match_id);
      return { structured: { match }, text };
    },
  }),
  tool({
    name: "get_match_events",
    description: "A match's timeline: goals, cards, substitutions, periods (basketball: key plays).",
    input: MatchRef,
    output: z.object({ match_id: z.string(), seq: z.number().int(), events: z.array(Event) }),
    async run(ctx, { match_id }) {
      const { match, data } = await enrichment(ctx, match_id, "events", getEvents);
      return {
        structured: { match_id, seq: match.seq, events: data },
        text: `${matchLine(match)}\n${data.map(eventLine).join("\n") || "No events yet."}`,
      };
    },
  }),
  tool({
    name: "get_match_stats",
    description: "A match's statistics (possession, shots, cards … / shooting, rebounds …), home vs away.",
    input: MatchRef,
    output: z.object({ match_id: z.string(), stats: z.array(StatRow) }),
    async run(ctx, { match_id }) {
      const { match, data } = await enrichment(ctx, match_id, "stats", getStats);
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
    output: LineupsResponse,
    async run(ctx, { match_id }) {
      const { match, data } = await enrichment(ctx, match_id, "lineups", getLineups);
      const side = (name: string, l: typeof data.home) =>
        `${name}${l.formation ? ` (${l.formation})` : ""}: ${l.starters.map((p) => p.name).join(", ")}; coach ${l.coach ?? "?"}`;
      return {
        structured: { match_id, home: data.home, away: data.away },
        text: `${matchLine(match)}\n${side(match.home_team, data.home)}\n${side(match.away_team, data.away)}`,
      };
    },
  }),
  tool({
    name: "get_head_to_head",
    description:
      "Head-to-head, newest first, with a summary: the earlier finished meetings of a match's two teams (match_id), " +
      "or every finished meeting of a team and an opponent (team_id and opponent_id, with sport).",
    input: z.object({
      match_id: IdParam.optional().describe("Match id, e.g. from get_matches: the meetings before it."),
      team_id: IdParam.optional().describe("A team id (with opponent_id and sport), e.g. from search."),
      opponent_id: IdParam.optional().describe("The other team's id."),
      sport: SportParam.optional().describe("The teams' sport (with team_id); default football."),
      limit: limitArg(LIST_LIMITS.h2h),
    }),
    output: H2H,
    async run(ctx, { match_id, team_id, opponent_id, sport, limit }) {
      if (match_id) {
        const res = await getH2H(ctx.db, undefined, match_id, ctx.leagues, limit);
        if (!res.match) throw matchNotFound(match_id);
        if (!res.data)
          throw new ToolError(
            `${res.match.home_team} and ${res.match.away_team} have no earlier meetings in tracked leagues`,
          );
        return {
          structured: res.data,
          text: `${h2hSummary(res.match, res.data.summary)}\n${res.data.matches.map(matchLine).join("\n")}`,
        };
      }
      if (!team_id || !opponent_id) throw new ToolError("give match_id, or team_id and opponent_id");
      const s = sport ?? "football";
      const res = await getTeamH2H(ctx.db, s, team_id, opponent_id, ctx.leagues, limit);
      if (!res) throw new ToolError(`no ${s} team ${team_id} or ${opponent_id}`);
      if (!res.data) throw new ToolError(`${team_id} and ${opponent_id} have no meetings in tracked leagues`);
      const names = teamNames(res.data);
      return {
        structured: res.data,
        text: `${h2hSummary({ ...names, sport: s }, res.data.summary)}\n${res.data.matches.map(matchLine).join("\n")}`,
      };
    },
  }),
  tool({
    name: "get_match_players",
    description:
      "A match's box score: each player's line (football: minutes, goals, assists, shots, cards; basketball: " +
      "points, rebounds, assists, shooting). None before kickoff.",
    input: MatchRef,
    output: BoxScore,
    async run(ctx, { match_id }) {
      const { match, data } = await enrichment(ctx, match_id, "player lines", getBoxScore);
      const teams = { home: match.home_team, away: match.away_team };
      return {
        structured: { match_id, ...data },
        text: `${matchLine(match)}\n${boxScoreText(match.sport, teams, data)}`,
      };
    },
  }),
];
