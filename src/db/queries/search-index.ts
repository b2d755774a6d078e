// Writes of the search tables (search_prefixes, search_names): an entity's rows are replaced whenever it is written.
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
}

export function searchRows(xs: readonly Searchable[]) {
  const prefixes: Record<string, unknown>[] = [];
  const names: Record<string, unknown>[] = [];
  for (const x of xs) {
    const folded = fold(x.name);
    names.push({ kind: x.kind, ref_id: x.id, sport: x.sport, folded });
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
      });
  }
  return { prefixes, names };
}

/** Statements replacing the search rows of `xs` (a rename or transfer leaves no stale prefix behind). */
export function replaceSearch(db: Db, xs: readonly Searchable[]): D1PreparedStatement[] {
  if (xs.length === 0) return [];
  const { prefixes, names } = searchRows(xs);
  const ids = JSON.stringify(xs.map((x) => x.id));
  const raw = (text: string, ...params: unknown[]) => db.$client.prepare(text).bind(...params);
  return [
    raw("DELETE FROM search_prefixes WHERE ref_id IN (SELECT value FROM json_each(?))", ids),
    ...(["team", "player", "league"] as const).map((k) =>
      raw("DELETE FROM search_names WHERE kind = ? AND ref_id IN (SELECT value FROM json_each(?))", k, ids),
    ),
    ...upsert(db, "search_prefixes", prefixes),
    ...upsert(db, "search_names", names),
  ];
}
