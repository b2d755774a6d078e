import { Hono, type Context } from "hono";
import { z } from "zod";
import { requireKey } from "../auth/api-key";
import type { Sport } from "../domain/codes";
import { decodeCursor, encodeCursor } from "../domain/cursor";
import { H2HQuery, IdParam, MatchListQuery, type H2H } from "../domain/schemas";
import {
  getBoxScore,
  getEvents,
  getH2H,
  getLineups,
  getStandingsAtKickoff,
  getStats,
  type EnrichmentLoader,
} from "../db/queries/enrichments";
import { getMatch, listMatches } from "../db/queries/matches";
import type { AppEnv } from "../env";
import { badRequest, noData, notFound } from "../errors";
import { responseCache } from "./cache";
import { json } from "./respond";
import { parseInput } from "./validate";

const MatchPath = z.object({ id: IdParam });

export function matchRoutes(sport: Sport) {
  const r = new Hono<AppEnv>();
  r.use(requireKey("read:matches"), responseCache);

  r.get("/", async (c) => {
    const q = parseInput(MatchListQuery, c.req.query());
    const after = q.after === undefined ? undefined : decodeCursor(q.after);
    if (after === null) throw badRequest("after", "not a cursor returned by this endpoint");
    const filter = {
      sport,
      accountId: c.get("auth").accountId,
      status: q.status,
      leagueId: q.league_id,
      date: q.date,
      teamId: q.team_id,
    };
    const page = await listMatches(c.get("db"), filter, q.limit, after);
    return json(c, {
      data: page.rows,
      total: page.total,
      limit: q.limit,
      next_cursor: page.next ? encodeCursor(page.next) : null,
    });
  });

  r.get("/:id", async (c) => {
    const { id } = parseInput(MatchPath, c.req.param());
    const m = await getMatch(c.get("db"), sport, id, c.get("auth").accountId);
    if (!m) throw notFound("match");
    return json(c, m);
  });

  /** Enrichments: 404 not_found for an unknown/untracked match, 404 no_data when it has none of this yet. */
  const enrichment =
    <T>(what: string, load: EnrichmentLoader<T>, render: (id: string, data: T) => unknown) =>
    async (c: Context<AppEnv>) => {
      const { id } = parseInput(MatchPath, c.req.param());
      const res = await load(c.get("db"), sport, id, c.get("auth").accountId);
      if (!res.match) throw notFound("match");
      if (res.data === null) throw noData(what);
      return json(c, render(id, res.data));
    };

  r.get(
    "/:id/events",
    enrichment("events", getEvents, (id, data) => ({ match_id: id, data })),
  );
  r.get(
    "/:id/stats",
    enrichment("stats", getStats, (id, data) => ({ match_id: id, data })),
  );
  r.get(
    "/:id/lineups",
    enrichment("lineups", getLineups, (id, data) => ({ match_id: id, ...data })),
  );
  r.get(
    "/:id/standings",
    enrichment("standings", getStandingsAtKickoff, (_, data) => data),
  );
  r.get(
    "/:id/players",
    enrichment("box score", getBoxScore, (id, data) => ({ match_id: id, ...data })),
  );
  r.get("/:id/h2h", (c) => {
    const { limit } = parseInput(H2HQuery, c.req.query());
    const load: EnrichmentLoader<H2H> = (db, s, id, accountId) => getH2H(db, s, id, accountId, limit);
    return enrichment("head-to-head meetings", load, (_, data) => data)(c);
  });

  return r;
}
