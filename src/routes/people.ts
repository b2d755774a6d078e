import { Hono } from "hono";
import { z } from "zod";
import { requireKey } from "../auth/api-key";
import { seasonStats } from "../domain/box-score";
import type { Sport } from "../domain/codes";
import { SearchQuery } from "../domain/people-schemas";
import { IdParam } from "../domain/schemas";
import { getPlayerRows, getSquad, getTeam } from "../db/queries/people";
import { search } from "../db/queries/search";
import type { AppEnv } from "../env";
import { notFound } from "../errors";
import { responseCache } from "./cache";
import { json } from "./respond";
import { parseInput } from "./validate";

const TeamPath = z.object({ teamId: IdParam });
const PlayerPath = z.object({ playerId: IdParam });

/** Teams, players and search of one sport; visible while they play in one of the account's tracked leagues. */
export function peopleRoutes(sport: Sport) {
  const r = new Hono<AppEnv>();
  r.use(requireKey("read:leagues"), responseCache);

  r.get("/teams/:teamId", async (c) => {
    const { teamId } = parseInput(TeamPath, c.req.param());
    const team = await getTeam(c.get("db"), sport, teamId, c.get("auth").accountId);
    if (!team) throw notFound("team");
    return json(c, team);
  });

  r.get("/teams/:teamId/squad", async (c) => {
    const { teamId } = parseInput(TeamPath, c.req.param());
    const squad = await getSquad(c.get("db"), sport, teamId, c.get("auth").accountId);
    if (!squad) throw notFound("team");
    return json(c, squad);
  });

  r.get("/players/:playerId", async (c) => {
    const { playerId } = parseInput(PlayerPath, c.req.param());
    const res = await getPlayerRows(c.get("db"), sport, playerId, c.get("auth").accountId);
    if (!res) throw notFound("player");
    return json(c, { ...res.player, season: res.season, season_stats: seasonStats(sport, res.stats) });
  });

  r.get("/search", async (c) => {
    const q = parseInput(SearchQuery, c.req.query());
    const tracked = c.get("readScope").tracked.split(",").filter(Boolean);
    const hits = await search(c.get("db"), sport, q.q, q.type, q.limit, tracked);
    return json(c, { data: hits, total: hits.length, limit: q.limit, next_cursor: null });
  });

  return r;
}
