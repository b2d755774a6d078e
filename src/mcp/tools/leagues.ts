// Leagues: the tracked list, tables (current or at a match's kickoff) and leaders.
import { z } from "zod";
import { SPORTS, type Sport } from "../../core/domain/codes";
import { ranked } from "../../core/domain/leaders";
import {
  BASKETBALL_LEADER_STATS,
  FOOTBALL_LEADER_STATS,
  Leaders,
  type LeaderStat,
} from "../../core/domain/people-schemas";
import { IdParam, League, Standings, StandingsQuery } from "../../core/domain/schemas";
import { getStandingsAtKickoff } from "../../core/db/queries/enrichments";
import { getLeaders, MIN_GAMES_PERCENT } from "../../core/db/queries/leaders";
import { currentStandings, listTrackedLeagues } from "../../core/db/queries/leagues";
import { leadersText } from "../render/people";
import { leagueLine, matchLine, standingsText } from "../render/matches";
import { SportInput, ToolError, matchNotFound, sportsOf, tool } from "./define";

const LEADER_STATS: Record<Sport, readonly LeaderStat[]> = {
  football: FOOTBALL_LEADER_STATS,
  basketball: BASKETBALL_LEADER_STATS,
};
const ALL_LEADER_STATS = [...new Set([...FOOTBALL_LEADER_STATS, ...BASKETBALL_LEADER_STATS])] as [
  LeaderStat,
  ...LeaderStat[],
];
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
        await Promise.all(sportsOf(sport).map((s) => listTrackedLeagues(ctx.db, s, ctx.leagues)))
      ).flat();
      return { structured: { leagues }, text: leagues.map(leagueLine).join("\n") || "No tracked leagues." };
    },
  }),
  tool({
    name: "get_standings",
    description:
      "A league's current table (league_id), a past season's final table (league_id and season), or the table as it stood at a match's kickoff (match_id).",
    input: z
      .object({
        league_id: IdParam.optional(),
        season: StandingsQuery.shape.season,
        match_id: IdParam.optional(),
      })
      .refine(
        (v) => (v.league_id === undefined) !== (v.match_id === undefined),
        "give exactly one of league_id and match_id",
      )
      .refine((v) => v.season === undefined || v.league_id !== undefined, "season goes with league_id"),
    output: Standings,
    async run(ctx, { league_id, season, match_id }) {
      if (match_id) {
        const res = await getStandingsAtKickoff(ctx.db, undefined, match_id, ctx.leagues);
        if (!res.match) throw matchNotFound(match_id);
        if (!res.data) throw new ToolError(`no table before ${matchLine(res.match)} yet`);
        const m = res.match;
        return {
          structured: res.data,
          text: standingsText(m.league.name, m.sport, res.data, `${m.home_team} v ${m.away_team} [${m.id}]`),
        };
      }
      const res = await currentStandings(ctx.db, undefined, league_id!, ctx.leagues, season);
      if (!res.found) throw leagueNotFound(league_id!);
      if (!res.standings)
        throw new ToolError(`${res.league.name} has no table${season ? ` for ${season}` : " (a cup?)"}`);
      return { structured: res.standings, text: standingsText(res.league.name, res.league.sport, res.standings) };
    },
  }),
  tool({
    name: "get_leaders",
    description:
      "A league's top 20 players of a season (default this one) by one stat (ties share a rank). Football: goals, " +
      "assists, cards (a season without box scores, such as the history's, ranks goals from its timelines). " +
      "Basketball: points, rebounds, assists, ppg. A per-game stat (ppg) ranks only players who played at least " +
      `${MIN_GAMES_PERCENT}% of their team's games (its played count in the table).`,
    input: z.object({
      league_id: IdParam.describe("League id, e.g. from list_leagues."),
      stat: z
        .enum(ALL_LEADER_STATS)
        .describe("Football: goals, assists, cards. Basketball: points, rebounds, assists, ppg."),
      season: z
        .string()
        .regex(/^\d{4}\/\d{2}$/, "expected yyyy/yy")
        .optional()
        .describe("A season of the league (yyyy/yy), e.g. 2022/23; omit for the current one."),
    }),
    output: Leaders,
    async run(ctx, { league_id, stat, season }) {
      // League ids carry no sport (docs/api.md "Conventions": ids are opaque), so both sports are asked at once; a
      // league belongs to one of them, and only that one answers.
      const found = await Promise.all(
        SPORTS.map(async (sport) => ({
          sport,
          res: await getLeaders(ctx.db, sport, league_id, stat, ctx.leagues, season),
        })),
      );
      const hit = found.find((f) => f.res);
      if (!hit?.res) throw leagueNotFound(league_id);
      const { sport, res } = hit;
      if (!LEADER_STATS[sport].includes(stat))
        throw new ToolError(
          `stat \`${stat}\` is not a ${sport} stat: for ${res.league} use one of ${LEADER_STATS[sport].join(", ")}`,
        );
      const data = ranked(res.rows);
      return {
        structured: { league_id, season: res.season, stat, data },
        text: leadersText(res.league, res.season, stat, data),
      };
    },
  }),
];
