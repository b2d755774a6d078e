// A team against a team (issue 49): every finished meeting in the account's tracked leagues, newest first, with the
// match route's summary. Match data, so scope read:matches, on a path of the teams (whose other routes need
// read:leagues): the key check is this route's own middleware, not the router's.
import { z } from "@hono/zod-openapi";
import type { Sport } from "../core/domain/codes";
import { H2H, IdParam, TeamH2HQuery } from "../core/domain/schemas";
import { getTeamH2H } from "../core/db/queries/matches";
import { badRequest, noData, notFound } from "../core/errors";
import { requireKey } from "../http/require-key";
import { apiRouter, keyedReads } from "../http/openapi-route";
import { json } from "../http/respond";
import { responseCache } from "./cache";

const TeamPath = z.object({ teamId: IdParam.describe("Team id.") });

export function teamH2HRoutes(sport: Sport) {
  const r = apiRouter();
  const read = keyedReads(sport, "read:matches", [requireKey("read:matches"), responseCache]);
  r.openapi(
    read(
      "/teams/{teamId}/h2h",
      "getTeamHeadToHead",
      "Head-to-head of a team and an opponent: every finished meeting, newest first",
      { params: TeamPath, query: TeamH2HQuery },
      H2H,
      true,
    ),
    async (c) => {
      const { teamId } = c.req.valid("param");
      const { opponent, limit } = c.req.valid("query");
      if (opponent === teamId) throw badRequest("opponent", "a team does not play itself");
      const res = await getTeamH2H(c.get("db"), sport, teamId, opponent, c.get("leagues"), limit);
      if (!res) throw notFound("team");
      if (!res.data) throw noData("meetings", "of these two teams in your tracked leagues");
      return json(c, res.data);
    },
  );
  return r;
}
