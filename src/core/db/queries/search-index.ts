// Writes of the search table (search_prefixes): an entity's rows are replaced whenever it is written.
import { fold, prefixesOf } from "../../domain/fold";
import type { Db } from "../client";
import { upsert } from "./bulk";

export interface Searchable {
  kind: "team" | "player" | "league";
  id: string;
  sport: string;
  name: string;
  /** A team's own id, a player's team; null for leagues. */
  team_id: string | null;
  country: string | null;
  /** Leagues it is visible in; omitted: those its team has played in, looked up in the same batch. */
  leagues?: string[];
}

/** Visibility columns l1–l4: the first four leagues (sorted). */
export const MAX_SEARCH_LEAGUES = 4;
export const leagueColumns = (ids: Iterable<string>) => {
  const list = [...new Set(ids)].sort();
  return Object.fromEntries(
    Array.from({ length: MAX_SEARCH_LEAGUES }, (_, i) => [`l${i + 1}`, list[i] ?? null]),
  ) as Record<string, string | null>;
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

/** Sets the leagues of every search row of these teams and their players from the teams' matches. */
export function refreshSearchLeagues(db: Db, teamIds: readonly string[]): D1PreparedStatement[] {
  if (teamIds.length === 0) return [];
  const nth = (i: number) =>
    `l${i + 1} = (SELECT DISTINCT league_id FROM team_matches INDEXED BY team_matches_leagues
       WHERE team_id = search_prefixes.team_id ORDER BY league_id LIMIT 1 OFFSET ${i})`;
  const sets = Array.from({ length: MAX_SEARCH_LEAGUES }, (_, i) => nth(i)).join(", ");
  return [
    db.$client
      .prepare(`UPDATE search_prefixes SET ${sets} WHERE team_id IN (SELECT value FROM json_each(?))`)
      .bind(JSON.stringify([...new Set(teamIds)])),
  ];
}
