// Leagues: the tracked list and tables (current or at a match's kickoff).
import { z } from "zod";
import { IdParam, League, Standings } from "../domain/schemas";
import { getStandingsAtKickoff } from "../db/queries/enrichments";
import { currentStandings, listTrackedLeagues } from "../db/queries/leagues";
import { leagueLine, matchLine, standingsText } from "./render";
import { SportInput, ToolError, matchNotFound, sportsOf, tool } from "./tool";

const leagueNotFound = (id: string) =>
  new ToolError(`league ${id} not found (unknown, or not tracked by this account)`);

export const LEAGUE_TOOLS = [
  tool({
    name: "list_leagues",
    description: "Leagues this account tracks (football and basketball), with ids for the other tools.",
    input: z.object({ sport: SportInput }),
    output: z.object({ leagues: z.array(League) }),
    async run(ctx, { sport }) {
      const leagues = (
        await Promise.all(sportsOf(sport).map((s) => listTrackedLeagues(ctx.db, s, ctx.auth.accountId)))
      ).flat();
      return { structured: { leagues }, text: leagues.map(leagueLine).join("\n") || "No tracked leagues." };
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
    output: Standings,
    async run(ctx, { league_id, match_id }) {
      if (match_id) {
        const res = await getStandingsAtKickoff(ctx.db, undefined, match_id, ctx.auth.accountId);
        if (!res.match) throw matchNotFound(match_id);
        if (!res.data) throw new ToolError(`no table before ${matchLine(res.match)} yet`);
        const m = res.match;
        return {
          structured: res.data,
          text: standingsText(m.league.name, m.sport, res.data, `${m.home_team} v ${m.away_team} [${m.id}]`),
        };
      }
      const res = await currentStandings(ctx.db, undefined, league_id!, ctx.auth.accountId);
      if (!res.found) throw leagueNotFound(league_id!);
      if (!res.standings) throw new ToolError(`${res.league.name} has no table (a cup?)`);
      return { structured: res.standings, text: standingsText(res.league.name, res.league.sport, res.standings) };
    },
  }),
];
