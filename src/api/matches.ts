import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { requireKey } from "../http/require-key";
import type { Sport } from "../core/domain/codes";
import { decodeCursor, encodeCursor } from "../core/domain/cursor";
import { BoxScore } from "../core/domain/people-schemas";
import {
  EventsResponse,
  H2H,
  H2HQuery,
  IdParam,
  LineupsResponse,
  MatchDetail,
  MatchList,
  MatchListQuery,
  Standings,
  StatsResponse,
} from "../core/domain/schemas";
import {
  getBoxScore,
  getEvents,
  getH2H,
  getLineups,
  getStandingsAtKickoff,
  getStats,
  type EnrichmentLoader,
} from "../core/db/queries/enrichments";
import { getMatch, listMatches } from "../core/db/queries/matches";
import { mergedInto } from "../core/db/queries/identities";
import type { AppEnv } from "../http/app-env";
import { badRequest, noData, notFound } from "../core/errors";
import { responseCache } from "./cache";
import { apiRouter, keyedReads } from "../http/openapi-route";
import { json } from "../http/respond";

const MatchPath = z.object({ id: IdParam.describe("Match id.") });

export function matchRoutes(sport: Sport) {
  const r = apiRouter();
  r.use(requireKey("read:matches"), responseCache);

  const read = keyedReads(sport, "read:matches");

  r.openapi(
    read("/", "listMatches", "Matches, by kickoff then id, keyset-paginated", { query: MatchListQuery }, MatchList),
    async (c) => {
      const q = c.req.valid("query");
      const after = q.after === undefined ? undefined : decodeCursor(q.after);
      if (after === null) throw badRequest("after", "not a cursor returned by this endpoint");
      const filter = {
        sport,
        tracked: c.get("leagues"),
        status: q.status,
        leagueId: q.league_id,
        date: q.date,
        teamId: q.team_id,
        season: q.season,
      };
      if (q.season && !q.league_id) throw badRequest("season", "needs league_id: a season is a league's");
      let page = await listMatches(c.get("db"), filter, q.limit, after);
      // A team merged into another lists that one's matches (docs/identity.md "Merging"): a seek on an empty page only.
      const into = q.team_id && page.rows.length === 0 ? await mergedInto(c.get("db"), "team", q.team_id) : undefined;
      if (into) page = await listMatches(c.get("db"), { ...filter, teamId: into }, q.limit, after);
      return json(c, {
        data: page.rows,
        total: page.total,
        limit: q.limit,
        next_cursor: page.next ? encodeCursor(page.next) : null,
      });
    },
  );

  r.openapi(read("/{id}", "getMatch", "Match detail", { params: MatchPath }, MatchDetail), async (c) => {
    const { id } = c.req.valid("param");
    const m = await getMatch(c.get("db"), sport, id, c.get("leagues"));
    if (!m) throw notFound("match");
    return json(c, m);
  });

  /** Enrichments: 404 not_found for an unknown/untracked match, 404 no_data when it has none of this yet. */
  const enrichment =
    <T, B>(what: string, load: EnrichmentLoader<T>, render: (data: T, match: MatchDetail) => B) =>
    async (c: Context<AppEnv>, id: string) => {
      const res = await load(c.get("db"), sport, id, c.get("leagues"));
      if (!res.match) throw notFound("match");
      if (res.data === null) throw noData(what);
      return json(c, render(res.data, res.match));
    };
  const params = { params: MatchPath };

  // The timeline and the match row are read in one batch: `seq` is the version this timeline is (stream after it).
  const events = enrichment("events", getEvents, (data, m) => ({ match_id: m.id, seq: m.seq, data }));
  r.openapi(
    read("/{id}/events", "getMatchEvents", "Match timeline, chronological", params, EventsResponse, true),
    (c) => events(c, c.req.valid("param").id),
  );
  const stats = enrichment("stats", getStats, (data, m) => ({ match_id: m.id, data }));
  r.openapi(read("/{id}/stats", "getMatchStats", "Match statistics", params, StatsResponse, true), (c) =>
    stats(c, c.req.valid("param").id),
  );
  const lineups = enrichment("lineups", getLineups, (data, m) => ({ match_id: m.id, ...data }));
  r.openapi(read("/{id}/lineups", "getMatchLineups", "Lineups", params, LineupsResponse, true), (c) =>
    lineups(c, c.req.valid("param").id),
  );
  const standings = enrichment("standings", getStandingsAtKickoff, (data) => data);
  r.openapi(
    read(
      "/{id}/standings",
      "getMatchStandings",
      "League table as it stood at kickoff of the match",
      params,
      Standings,
      true,
    ),
    (c) => standings(c, c.req.valid("param").id),
  );
  const box = enrichment("box score", getBoxScore, (data, m) => ({ match_id: m.id, ...data }));
  r.openapi(
    read(
      "/{id}/players",
      "getMatchPlayers",
      "Box score: each side's player lines (no_data before kickoff)",
      params,
      BoxScore,
      true,
    ),
    (c) => box(c, c.req.valid("param").id),
  );
  r.openapi(
    read(
      "/{id}/h2h",
      "getMatchHeadToHead",
      "Head-to-head before the match, newest first",
      { params: MatchPath, query: H2HQuery },
      H2H,
      true,
    ),
    (c) => {
      const { limit } = c.req.valid("query");
      const load: EnrichmentLoader<H2H> = (db, s, id, accountId) => getH2H(db, s, id, accountId, limit);
      return enrichment("head-to-head meetings", load, (data) => data)(c, c.req.valid("param").id);
    },
  );

  return r;
}
