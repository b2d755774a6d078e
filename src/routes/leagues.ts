import { Hono } from "hono";
import { z } from "zod";
import { requireKey } from "../auth/api-key";
import type { Sport } from "../domain/codes";
import { IdParam } from "../domain/schemas";
import { ranked } from "../domain/leaders";
import { LeadersQuery } from "../domain/people-schemas";
import { getLeaders } from "../db/queries/leaders";
import { currentStandings, listTrackedLeagues } from "../db/queries/leagues";
import type { AppEnv } from "../env";
import { noData, notFound } from "../errors";
import { responseCache } from "./cache";
import { json } from "./respond";
import { parseInput } from "./validate";

/** Tracked leagues are few per account; the list is one page (`next_cursor` null) up to this many. */
export const LEAGUE_LIST_LIMIT = 1000;

export function leagueRoutes(sport: Sport) {
  const r = new Hono<AppEnv>();

  r.get("/", requireKey("read:leagues"), responseCache, async (c) => {
    const rows = await listTrackedLeagues(c.get("db"), sport, c.get("auth").accountId);
    const data = rows.slice(0, LEAGUE_LIST_LIMIT);
    return json(c, { data, total: rows.length, limit: LEAGUE_LIST_LIMIT, next_cursor: null });
  });

  r.get("/:leagueId/standings", requireKey("read:leagues"), responseCache, async (c) => {
    const { leagueId } = parseInput(z.object({ leagueId: IdParam }), c.req.param());
    const res = await currentStandings(c.get("db"), sport, leagueId, c.get("auth").accountId);
    if (!res.found) throw notFound("league");
    if (!res.standings) throw noData("standings");
    return json(c, res.standings);
  });

  r.get("/:leagueId/leaders", requireKey("read:leagues"), responseCache, async (c) => {
    const { leagueId } = parseInput(z.object({ leagueId: IdParam }), c.req.param());
    const { stat } = parseInput(LeadersQuery[sport], c.req.query());
    const res = await getLeaders(c.get("db"), sport, leagueId, stat, c.get("auth").accountId);
    if (!res) throw notFound("league");
    return json(c, { league_id: leagueId, season: res.season, stat, data: ranked(res.rows) });
  });

  return r;
}
