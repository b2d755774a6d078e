// Search over search_prefixes: per kind, one equality seek on the longest query word's prefix, in rank order
// (first word, then later words; by folded name), the other words checked on the row, read only up to the limit.
import type { Sport } from "../../domain/codes";
import { MAX_PREFIX, queryWords } from "../../domain/fold";
import type { SearchHit } from "../../domain/people-schemas";
import type { Db } from "../client";
import { SEARCH_SLOTS } from "./search-index";
import { seasonLeaguesOf, trackedSql, type Tracked } from "./visibility";

type Kind = SearchHit["type"];
/**
 * Visible: what the team and player reads show (a league: itself). ?3 is the caller's tracked leagues (./visibility.ts).
 * The row's slots hold its team's competitions of the current season (search-index.ts), checked as expressions; a
 * team with all slots taken may play in more, so it is checked against the definition itself.
 */
const isTracked = (league: string) => `coalesce(${trackedSql(league, "?3")}, 0)`;
const VISIBLE = `(${SEARCH_SLOTS.map((c) => isTracked(`sp.${c}`)).join(" OR ")}
  OR (sp.${SEARCH_SLOTS.at(-1)} IS NOT NULL AND EXISTS (${seasonLeaguesOf("sp.team_id", `AND ${isTracked("c.league_id")}`)})))`;

/**
 * A team or player whose team played a tracked league in an earlier season only (the history's clubs, issue 49):
 * found after those of the current season. Its team's range of team_matches_leagues, probed to the first tracked row.
 */
const PAST = `NOT ${VISIBLE} AND EXISTS (SELECT 1 FROM team_matches tm INDEXED BY team_matches_leagues
  WHERE tm.team_id = sp.team_id AND ${isTracked("tm.league_id")} LIMIT 1)`;

/**
 * The season a hit belongs to: a league's current one; a team's (a player's team's): the season of its latest match
 * in a tracked league (team_matches_kickoff backwards, to the first tracked row).
 */
const SEASON = (kind: Kind) =>
  kind === "league"
    ? "(SELECT l.season FROM leagues l WHERE l.id = sp.ref_id)"
    : `(SELECT tm.season FROM team_matches tm INDEXED BY team_matches_kickoff WHERE tm.team_id = sp.team_id
        AND tm.sport = ?2 AND ${isTracked("tm.league_id")} ORDER BY tm.kickoff_ts DESC LIMIT 1)`;

interface Row {
  kind: Kind;
  ref_id: string;
  name: string;
  folded: string;
  class: number;
  team_id: string | null;
  country: string | null;
  season: string | null;
}

/** Statement text per (kind, number of other words, exact or not): built once, bound per call. */
const texts = new Map<string, string>();
function text(kind: Kind, others: number, exact: boolean, past: boolean) {
  const key = `${kind}:${others}:${exact}:${past}`;
  let t = texts.get(key);
  if (!t) {
    // Each other word is a prefix of some word of the name: " " + folded contains " " + word.
    const wordChecks = Array.from({ length: others }, (_, i) => `AND instr(' ' || sp.folded, ' ' || ?${5 + i}) > 0`);
    t = `SELECT sp.kind, sp.ref_id, sp.name, sp.folded, sp.class, sp.team_id, sp.country, ${SEASON(kind)} AS season
      FROM search_prefixes sp
      WHERE sp.prefix = ?1 AND sp.sport = ?2 AND sp.kind = '${kind}' ${exact ? `AND sp.class IN (1, 2) AND sp.folded = ?${5 + others}` : ""}
      ${wordChecks.join(" ")} AND ${past ? PAST : VISIBLE}
      ORDER BY sp.class, sp.folded, sp.ref_id LIMIT ?4`;
    texts.set(key, t);
  }
  return t;
}

/** One sport's ranked rows: exact name, then a prefix of the name's first word, then of a later word; by name. */
async function searchRows(
  db: Db,
  sport: Sport,
  q: string,
  kind: Kind | undefined,
  limit: number,
  tracked: Tracked,
): Promise<Ranked[]> {
  const ws = queryWords(q);
  if (ws.length === 0) return [];
  const driver = ws.reduce((a, b) => (b.length > a.length ? b : a));
  const prefix = driver.slice(0, MAX_PREFIX);
  const others = ws.filter((w, i) => i !== ws.indexOf(driver) || w.length > MAX_PREFIX);
  if (prefix.length < 2) return [];
  const full = ws.join(" ");
  const kinds: Kind[] = kind ? [kind] : ["team", "player", "league"];
  const d1 = db.$client;
  // Per kind: exact and prefix hits of the current season, then (teams and players) of earlier seasons only.
  const shapes = kinds.flatMap((k) =>
    (k === "league" ? [false] : [false, true]).flatMap((past) => [true, false].map((exact) => ({ k, past, exact }))),
  );
  const stmts = shapes.map(({ k, past, exact }) =>
    d1
      .prepare(text(k, others.length, exact, past))
      .bind(prefix, sport, tracked, limit, ...others, ...(exact ? [full] : [])),
  );
  const results = await d1.batch<Row>(stmts);
  const seen = new Set<string>();
  const rows: Ranked[] = [];
  results.forEach((r, i) => {
    for (const row of r.results) {
      const id = `${row.kind}:${row.ref_id}`;
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push({ ...row, sport, exact: shapes[i]!.exact, past: shapes[i]!.past });
    }
  });
  return rows.sort(byRank).slice(0, limit);
}

type Ranked = Row & { sport: Sport; exact: boolean; past: boolean };
const byRank = (a: Ranked, b: Ranked) =>
  Number(a.past) - Number(b.past) ||
  Number(b.exact) - Number(a.exact) ||
  a.class - b.class ||
  (a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : 0);

export async function search(db: Db, sport: Sport, q: string, kind: Kind | undefined, limit: number, tracked: Tracked) {
  return (await searchRows(db, sport, q, kind, limit, tracked)).map(toHit);
}

/** Several sports at once (MCP's search without a sport): each sport's ranking, merged by the same order. */
export async function searchSports(
  db: Db,
  sports: readonly Sport[],
  q: string,
  kind: Kind | undefined,
  limit: number,
  tracked: Tracked,
) {
  const lists = await Promise.all(sports.map((s) => searchRows(db, s, q, kind, limit, tracked)));
  return lists.flat().sort(byRank).slice(0, limit).map(toHit);
}

const toHit = (r: Ranked): SearchHit => ({
  type: r.kind,
  id: r.ref_id,
  name: r.name,
  sport: r.sport,
  ...(r.kind === "player" && r.team_id ? { team_id: r.team_id } : {}),
  ...(r.country ? { country: r.country } : {}),
  ...(r.season ? { season: r.season } : {}),
});
