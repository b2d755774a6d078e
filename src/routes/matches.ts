import { Hono } from "hono";
import { z } from "zod";
import { requireKey } from "../auth/api-key";
import type { Sport } from "../domain/codes";
import { decodeCursor, encodeCursor } from "../domain/cursor";
import { H2HQuery, IdParam, MatchListQuery } from "../domain/schemas";
import { dbFor } from "../db/client";
import { getEvents, getH2H, getLineups, getStandingsAtKickoff, getStats } from "../db/queries/enrichments";
import { getMatch, listMatches } from "../db/queries/matches";
import type { AppEnv } from "../env";
import { badRequest, noData, notFound } from "../errors";
import { json } from "./respond";
import { parseInput } from "./validate";

const MatchPath = z.object({ id: IdParam });
/** Before kickoff (or if it never happens) a match has no timeline yet; once started an empty one is real. */
const NOT_STARTED = [1, 4, 5, 6];

export function matchRoutes(sport: Sport) {
  const r = new Hono<AppEnv>();
  r.use(requireKey("read:matches"));

  r.get("/", async (c) => {
    const q = parseInput(MatchListQuery, c.req.query());
    const after = q.after === undefined ? undefined : decodeCursor(q.after);
    if (after === null) throw badRequest("after", "not a cursor returned by this endpoint");
    const filter = { sport, accountId: c.get("auth").accountId, status: q.status, leagueId: q.league_id, date: q.date };
    const page = await listMatches(dbFor(c.env.DB), filter, q.limit, after);
    return json(c, {
      data: page.rows,
      total: page.total,
      limit: q.limit,
      next_cursor: page.next ? encodeCursor(page.next) : null,
    });
  });

  r.get("/:id", async (c) => {
    const { id } = parseInput(MatchPath, c.req.param());
    const m = await getMatch(dbFor(c.env.DB), sport, id, c.get("auth").accountId);
    if (!m) throw notFound("match");
    return json(c, m);
  });

  r.get("/:id/events", async (c) => {
    const { id } = parseInput(MatchPath, c.req.param());
    const res = await getEvents(dbFor(c.env.DB), sport, id, c.get("auth").accountId);
    if (!res.match) throw notFound("match");
    if (!res.data || (res.data.length === 0 && NOT_STARTED.includes(res.match.status_code))) throw noData("events");
    return json(c, { match_id: id, data: res.data });
  });

  r.get("/:id/stats", async (c) => {
    const { id } = parseInput(MatchPath, c.req.param());
    const res = await getStats(dbFor(c.env.DB), sport, id, c.get("auth").accountId);
    if (!res.match) throw notFound("match");
    if (!res.data) throw noData("stats");
    return json(c, { match_id: id, data: res.data });
  });

  r.get("/:id/lineups", async (c) => {
    const { id } = parseInput(MatchPath, c.req.param());
    const res = await getLineups(dbFor(c.env.DB), sport, id, c.get("auth").accountId);
    if (!res.match) throw notFound("match");
    if (!res.data) throw noData("lineups");
    return json(c, { match_id: id, ...res.data });
  });

  r.get("/:id/standings", async (c) => {
    const { id } = parseInput(MatchPath, c.req.param());
    const res = await getStandingsAtKickoff(dbFor(c.env.DB), sport, id, c.get("auth").accountId);
    if (!res.match) throw notFound("match");
    if (!res.data) throw noData("standings");
    return json(c, res.data);
  });

  r.get("/:id/h2h", async (c) => {
    const { id } = parseInput(MatchPath, c.req.param());
    const { limit } = parseInput(H2HQuery, c.req.query());
    const res = await getH2H(dbFor(c.env.DB), sport, id, c.get("auth").accountId, limit);
    if (!res.match) throw notFound("match");
    if (res.data.summary.played === 0) throw noData("head-to-head meetings");
    return json(c, res.data);
  });

  return r;
}
