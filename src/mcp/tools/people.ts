// Search, teams and players. Team and player ids carry no sport (docs/api.md "Conventions": ids are opaque; feeds
// choose them, e.g. `tm_pp_atm`), so these tools ask both sports' queries at once: an id belongs to one sport, and only
// that one answers. That is one more parallel batch, not a second round trip.
import { z } from "zod";
import { SPORTS } from "../../core/domain/codes";
import { PlayerProfile, SearchList, SearchQuery, Team } from "../../core/domain/people-schemas";
import { IdParam } from "../../core/domain/schemas";
import { getPlayer, getTeam } from "../../core/db/queries/people";
import { searchSports } from "../../core/db/queries/search";
import { hitLine, playerText, teamText } from "../render/people";
import { SportInput, ToolError, sportsOf, tool } from "./define";

export const PEOPLE_TOOLS = [
  tool({
    name: "search",
    description:
      "Find teams, players and leagues by name (tracked leagues only), best match first: ids for get_team, " +
      "get_player, get_matches (team_id) and get_standings.",
    input: z.object({
      query: SearchQuery.shape.q,
      sport: SportInput,
      type: SearchQuery.shape.type,
      limit: SearchQuery.shape.limit,
    }),
    output: SearchList,
    async run(ctx, { query, sport, type, limit }) {
      const hits = await searchSports(ctx.db, sportsOf(sport), query, type, limit, ctx.leagues);
      return {
        structured: { data: hits, total: hits.length, limit, next_cursor: null },
        text: hits.map(hitLine).join("\n") || `Nothing named "${query}" in the tracked leagues.`,
      };
    },
  }),
  tool({
    name: "get_team",
    description:
      "A team: name, country, venue, the tracked leagues it plays in this season and every season it played.",
    input: z.object({ team_id: IdParam.describe("Team id, e.g. from search or a match.") }),
    output: Team,
    async run(ctx, { team_id }) {
      const teams = await Promise.all(SPORTS.map((s) => getTeam(ctx.db, s, team_id, ctx.leagues)));
      const team = teams.find(Boolean);
      if (!team) throw new ToolError(`team ${team_id} not found (unknown, or plays in no league this account tracks)`);
      return { structured: team, text: teamText(team) };
    },
  }),
  tool({
    name: "get_player",
    description: "A player: team, position, nationality, and this season's stats over every competition.",
    input: z.object({ player_id: IdParam.describe("Player id, e.g. from search or get_match_players.") }),
    output: PlayerProfile,
    async run(ctx, { player_id }) {
      const found = await Promise.all(SPORTS.map((sport) => getPlayer(ctx.db, sport, player_id, ctx.leagues)));
      const player = found.find(Boolean);
      if (!player)
        throw new ToolError(`player ${player_id} not found (unknown, or their team plays in no tracked league)`);
      return { structured: player, text: playerText(player) };
    },
  }),
];
