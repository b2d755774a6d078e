// What a restricted browser token may name (docs/security-and-limits.md "Browser tokens"). A token restricted to
// matches reads those matches (detail, timeline, stats, lineups, players, head-to-head) and their streams; one
// restricted to leagues also their tables and league-filtered match lists. The live streams take any restricted
// token and deliver only what it may see (workers/socket-object.ts). Anything else is 403 `token_restricted`; a
// match or league outside the restriction is 404, as an untracked one is.
import type { ApiPrincipal } from "../core/auth/principal";
import type { Db } from "../core/db/client";
import { leagueOfMatch } from "../core/db/queries/tokens";
import { ApiError, notFound } from "../core/errors";

const LEAGUE_PATH = /^\/v1\/(?:football|basketball)\/leagues\/([^/]+)\//;
const LIST_PATH = /^\/v1\/(?:football|basketball)\/matches\/?$/;
const LIVE_PATH = /^\/v1\/(?:ws|sse)\/live\/?$/;

const restricted = (what: string) =>
  new ApiError(403, "token_restricted", `this browser token is restricted to ${what}; this resource is outside it`);

/** The match a path names, if it is a match route (REST or a match stream). */
function namedMatch(path: string): string | undefined {
  const m =
    /^\/v1\/(?:football|basketball)\/matches\/([^/]+)/.exec(path) ?? /^\/v1\/(?:ws|sse)\/match\/([^/]+)/.exec(path);
  return m ? decodeURIComponent(m[1]!) : undefined;
}

/** Refuses what a restricted token may not read; a key or an unrestricted token passes at no cost. */
export async function checkRestrictions(p: ApiPrincipal, url: URL, db: Db): Promise<void> {
  if (p.type !== "token" || (p.matchIds === null && p.leagueIds === null)) return;
  const path = url.pathname;
  if (LIVE_PATH.test(path)) return;
  const matchId = namedMatch(path);
  if (matchId !== undefined) {
    if (p.matchIds) {
      if (!p.matchIds.includes(matchId)) throw notFound("match");
      return;
    }
    const league = await leagueOfMatch(db, matchId);
    if (!league || !p.leagueIds!.includes(league)) throw notFound("match");
    return;
  }
  if (p.matchIds) throw restricted("matches");
  const league = LEAGUE_PATH.exec(path)?.[1];
  if (league !== undefined) {
    if (!p.leagueIds!.includes(decodeURIComponent(league))) throw notFound("league");
    return;
  }
  if (LIST_PATH.test(path)) {
    const asked = url.searchParams.get("league_id");
    if (asked === null) throw restricted("leagues: name one with `league_id`");
    if (!p.leagueIds!.includes(asked)) throw notFound("league");
    return;
  }
  throw restricted("leagues");
}
