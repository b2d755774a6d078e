import { z } from "@hono/zod-openapi";
import { requireKey } from "../http/require-key";
import type { Sport } from "../core/domain/codes";
import { PlayerProfile, SearchList, SearchQuery, Squad, Team } from "../core/domain/people-schemas";
import { IdParam } from "../core/domain/schemas";
import { getPlayer, getSquad, getTeam } from "../core/db/queries/people";
import { search } from "../core/db/queries/search";
import { notFound } from "../core/errors";
import { responseCache } from "./cache";
import { apiRouter, keyedReads } from "../http/openapi-route";
import { json } from "../http/respond";

const TeamPath = z.object({ teamId: IdParam.describe("Team id.") });
const PlayerPath = z.object({ playerId: IdParam.describe("Player id.") });
const PlayerQuery = z.object({
  season: z
    .string()
    .regex(/^\d{4}\/\d{2}$/, "expected yyyy/yy")
    .optional()
    .describe("The season of `season_stats` (`yyyy/yy`, every competition); default the current one, or his last."),
});

/** Teams, players and search of one sport; visible while they play in one of the account's tracked leagues. */
export function peopleRoutes(sport: Sport) {
  const r = apiRouter();
  r.use(requireKey("read:leagues"), responseCache);
  const read = keyedReads(sport, "read:leagues");

  r.openapi(read("/teams/{teamId}", "getTeam", "Team", { params: TeamPath }, Team), async (c) => {
    const { teamId } = c.req.valid("param");
    const team = await getTeam(c.get("db"), sport, teamId, c.get("leagues"));
    if (!team) throw notFound("team");
    return json(c, team);
  });

  r.openapi(
    read("/teams/{teamId}/squad", "getTeamSquad", "Squad, by shirt number", { params: TeamPath }, Squad),
    async (c) => {
      const { teamId } = c.req.valid("param");
      const squad = await getSquad(c.get("db"), sport, teamId, c.get("leagues"));
      if (!squad) throw notFound("team");
      return json(c, squad);
    },
  );

  r.openapi(
    read(
      "/players/{playerId}",
      "getPlayer",
      "Player with a season's stats (every competition): the current one, or `?season=`",
      { params: PlayerPath, query: PlayerQuery },
      PlayerProfile,
    ),
    async (c) => {
      const { playerId } = c.req.valid("param");
      const player = await getPlayer(c.get("db"), sport, playerId, c.get("leagues"), c.req.valid("query").season);
      if (!player) throw notFound("player");
      return json(c, player);
    },
  );

  r.openapi(
    read(
      "/search",
      "search",
      "Search teams, players and leagues of tracked leagues, best first",
      { query: SearchQuery },
      SearchList,
    ),
    async (c) => {
      const q = c.req.valid("query");
      const hits = await search(c.get("db"), sport, q.q, q.type, q.limit, c.get("leagues"));
      return json(c, { data: hits, total: hits.length, limit: q.limit, next_cursor: null });
    },
  );

  return r;
}
