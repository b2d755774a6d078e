// What a restricted browser token may name (docs/security-and-limits.md "Browser tokens"). A token restricted to
// matches reads those matches (detail, timeline, stats, lineups, box score, the table at kickoff) and their streams;
// one restricted to leagues also their tables, leaders and league-filtered match lists. Head-to-head lists other
// matches (of any tracked league), so a restricted token cannot read it. The live streams take any restricted
// token and deliver only what it may see (src/core/live/stream-holder.ts). Anything else is 403 `token_restricted`; a
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

/** A path segment as the router reads it; null when it is no valid escape (no route can match it). */
function segment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The match a path names, if it is a match route (REST or a match stream); null for an undecodable id. */
function namedMatch(path: string): string | null | undefined {
  const m =
    /^\/v1\/(?:football|basketball)\/matches\/([^/]+)/.exec(path) ?? /^\/v1\/(?:ws|sse)\/match\/([^/]+)/.exec(path);
  return m ? segment(m[1]!) : undefined;
}

const H2H_PATH = /^\/v1\/(?:football|basketball)\/matches\/[^/]+\/h2h\/?$/;

/** Refuses what a restricted token may not read; a key or an unrestricted token passes at no cost. */
export async function checkRestrictions(p: ApiPrincipal, url: URL, db: Db): Promise<void> {
  if (p.type !== "token" || (p.matchIds === null && p.leagueIds === null)) return;
  const path = url.pathname;
  if (LIVE_PATH.test(path)) return;
  if (H2H_PATH.test(path)) throw restricted(p.matchIds ? "matches" : "leagues");
  const matchId = namedMatch(path);
  if (matchId === null) throw notFound("match");
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
  const raw = LEAGUE_PATH.exec(path)?.[1];
  if (raw !== undefined) {
    const league = segment(raw);
    if (league === null || !p.leagueIds!.includes(league)) throw notFound("league");
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
