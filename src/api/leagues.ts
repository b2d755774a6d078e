import { z } from "@hono/zod-openapi";
import { requireKey } from "../http/require-key";
import type { Sport } from "../core/domain/codes";
import { IdParam, LeagueList, Standings, StandingsQuery } from "../core/domain/schemas";
import { ranked } from "../core/domain/leaders";
import { Leaders, LeadersQuery } from "../core/domain/people-schemas";
import { getLeaders } from "../core/db/queries/leaders";
import { currentStandings, listTrackedLeagues } from "../core/db/queries/leagues";
import { noData, notFound } from "../core/errors";
import { responseCache } from "./cache";
import { apiRouter, keyedReads } from "../http/openapi-route";
import { json } from "../http/respond";

/** Tracked leagues are few per account; the list is one page (`next_cursor` null) up to this many. */
export const LEAGUE_LIST_LIMIT = 1000;

const LeaguePath = z.object({ leagueId: IdParam.describe("League id.") });

export function leagueRoutes(sport: Sport) {
  const r = apiRouter();
  const read = keyedReads(sport, "read:leagues", [requireKey("read:leagues"), responseCache] as const);

  r.openapi(read("/", "listLeagues", "Tracked leagues, by country then name", {}, LeagueList), async (c) => {
    const rows = await listTrackedLeagues(c.get("db"), sport, c.get("leagues"));
    const data = rows.slice(0, LEAGUE_LIST_LIMIT);
    return json(c, { data, total: rows.length, limit: LEAGUE_LIST_LIMIT, next_cursor: null });
  });

  r.openapi(
    read(
      "/{leagueId}/standings",
      "getLeagueStandings",
      "League table: the current season's, or a past season's final one",
      { params: LeaguePath, query: StandingsQuery },
      Standings,
      true,
    ),
    async (c) => {
      const { leagueId } = c.req.valid("param");
      const { season } = c.req.valid("query");
      const res = await currentStandings(c.get("db"), sport, leagueId, c.get("leagues"), season);
      if (!res.found) throw notFound("league");
      // A cup without groups, or a season with no table (yet): the league's words, not a match's.
      if (!res.standings) throw noData("standings", season ? `for this league in ${season}` : "for this league yet");
      return json(c, res.standings);
    },
  );

  r.openapi(
    read(
      "/{leagueId}/leaders",
      "getLeagueLeaders",
      "Top 20 of a season of the league (default the current one) for a stat",
      { params: LeaguePath, query: LeadersQuery[sport] },
      Leaders,
    ),
    async (c) => {
      const { leagueId } = c.req.valid("param");
      const { stat, season } = c.req.valid("query");
      const res = await getLeaders(c.get("db"), sport, leagueId, stat, c.get("leagues"), season);
      if (!res) throw notFound("league");
      return json(c, { league_id: leagueId, season: res.season, stat, data: ranked(res.rows) });
    },
  );

  return r;
}
