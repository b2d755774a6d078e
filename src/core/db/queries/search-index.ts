// Writes of the search table (search_prefixes): an entity's rows are replaced whenever it is written.
import { fold, prefixesOf } from "../../domain/fold";
import type { Db } from "../client";
import { upsert } from "./bulk";
import { seasonLeaguesOf } from "./visibility";

export interface Searchable {
  kind: "team" | "player" | "league";
  id: string;
  sport: string;
  name: string;
  /** A team's own id, a player's team; null for leagues. */
  team_id: string | null;
  country: string | null;
  /** Leagues it is visible in (a league: itself); omitted: its team's, set in the same batch (refreshSearchLeagues). */
  leagues?: string[];
}

/**
 * Visibility slots of a search row: its team's competitions of the current season (seasonLeaguesOf, the definition
 * the team and player reads use), the first four by id. Search checks them as expressions, so visibility reads no
 * further rows; a team with all four taken is also checked against the definition itself, so none is left out.
 */
export const SEARCH_SLOTS = ["l1", "l2", "l3", "l4"] as const;
export const leagueColumns = (ids: Iterable<string>) => {
  const list = [...new Set(ids)].sort();
  return Object.fromEntries(SEARCH_SLOTS.map((c, i) => [c, list[i] ?? null])) as Record<string, string | null>;
};

export function searchRows(xs: readonly Searchable[]) {
  const prefixes: Record<string, unknown>[] = [];
  for (const x of xs) {
    const folded = fold(x.name);
    for (const { prefix, cls } of prefixesOf(x.name))
      prefixes.push({
        prefix,
        sport: x.sport,
        class: cls,
        folded,
        kind: x.kind,
        ref_id: x.id,
        name: x.name,
        team_id: x.team_id,
        country: x.country,
        ...leagueColumns(x.leagues ?? []),
      });
  }
  return prefixes;
}

/** Statements replacing the search rows of `xs` (a rename or transfer leaves no stale prefix behind). */
export function replaceSearch(db: Db, xs: readonly Searchable[]): D1PreparedStatement[] {
  if (xs.length === 0) return [];
  const prefixes = searchRows(xs);
  const ids = JSON.stringify(xs.map((x) => x.id));
  const raw = (text: string, ...params: unknown[]) => db.$client.prepare(text).bind(...params);
  return [
    raw("DELETE FROM search_prefixes WHERE ref_id IN (SELECT value FROM json_each(?))", ids),
    ...upsert(db, "search_prefixes", prefixes),
  ];
}

/**
 * Recomputes the slots of every search row of these teams and their players, and of the teams that played in these
 * leagues (a league moved to a new season: its old season's teams leave it, the new one's join). Run after the
 * batch's match and league writes, so the slots follow whatever changed a team's current competitions.
 */
export function refreshSearchLeagues(
  db: Db,
  teamIds: readonly string[],
  leagueIds: readonly string[] = [],
): D1PreparedStatement[] {
  if (teamIds.length === 0 && leagueIds.length === 0) return [];
  const slots = SEARCH_SLOTS.map(
    (c, i) => `(${seasonLeaguesOf("t.team_id")} ORDER BY c.league_id LIMIT 1 OFFSET ${i}) AS ${c}`,
  );
  // MATERIALIZED: each team's slots are computed once, not once per search row of the team.
  return [
    db.$client
      .prepare(
        `WITH t(team_id) AS (
           SELECT value FROM json_each(?1)
           UNION SELECT home_team_id FROM matches WHERE league_id IN (SELECT value FROM json_each(?2))
           UNION SELECT away_team_id FROM matches WHERE league_id IN (SELECT value FROM json_each(?2))),
         v AS MATERIALIZED (SELECT t.team_id, ${slots.join(", ")} FROM t)
         UPDATE search_prefixes SET ${SEARCH_SLOTS.map((c) => `${c} = v.${c}`).join(", ")}
         FROM v WHERE search_prefixes.team_id = v.team_id`,
      )
      .bind(JSON.stringify([...new Set(teamIds)]), JSON.stringify([...new Set(leagueIds)])),
  ];
}
