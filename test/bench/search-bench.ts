// Search: the prefix table (src/core/db/queries/search.ts) against D1's FTS5 over the same folded names, and search
// against the match-by-id read, on the benchmark data set inside workerd. Prints one BENCH line ("P8").
import { env } from "cloudflare:workers";
import { dbFor } from "../../src/core/db/client";
import { getMatch } from "../../src/core/db/queries/matches";
import { search } from "../../src/core/db/queries/search";
import { trackedParam } from "../../src/core/db/queries/visibility";
import { words } from "../../src/core/domain/fold";

const QUERIES: [string, "football" | "basketball"][] = [
  ["mu", "football"],
  ["mül", "football"],
  ["ode", "football"],
  ["atl mad", "football"],
  ["real", "football"],
  ["jo", "basketball"],
  ["luka d", "basketball"],
  ["lebr", "basketball"],
];
/**
 * Rounds of calls: workerd's clock moves in whole milliseconds and only on I/O, so one call is timed as the mean of a
 * round. 40 calls a round resolve 0.025 ms; 10 a round (until 2026-11-26) gave 0.1 ms steps, and with calls of 1.5–2.5
 * ms the ratio moved between 1.21× and 1.63× from run to run with no change to the queries. Smoke runs: two small rounds.
 */
const SMOKE = (env as { BENCH_SMOKE?: string }).BENCH_SMOKE === "1";
const ROUNDS = SMOKE ? 2 : 20;
const PER_ROUND = SMOKE ? 5 : 40;

const FTS_SETUP = [
  "DROP TABLE IF EXISTS search_fts",
  "CREATE VIRTUAL TABLE search_fts USING fts5(folded, kind UNINDEXED, ref_id UNINDEXED, sport UNINDEXED, l1 UNINDEXED, l2 UNINDEXED, l3 UNINDEXED, l4 UNINDEXED, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')",
  "INSERT INTO search_fts SELECT folded, kind, ref_id, sport, l1, l2, l3, l4 FROM search_prefixes WHERE class = 1 AND length(prefix) = 2",
];

/** The FTS5 equivalent: every match (the ranking needs all of them), visible ones only, ranked in code. */
const FTS_QUERY = `SELECT kind, ref_id, folded FROM search_fts WHERE search_fts MATCH ?1 AND sport = ?2 AND (${[
  "l1",
  "l2",
  "l3",
  "l4",
]
  .map((c) => `coalesce(instr(?3, ',' || ${c} || ','), 0) > 0`)
  .join(" OR ")})`;

async function fts(q: string, sport: string, tracked: string) {
  const match = words(q)
    .map((w) => `"${w}"*`)
    .join(" ");
  const r = await env.DB.prepare(FTS_QUERY).bind(match, sport, tracked).all<{ folded: string }>();
  const full = words(q).join(" ");
  const first = words(q)[0]!;
  const rank = (f: string) => (f === full ? 0 : f.startsWith(first) ? 1 : 2);
  r.results.sort((a, b) => rank(a.folded) - rank(b.folded) || (a.folded < b.folded ? -1 : 1));
  return { hits: r.results.slice(0, 10), read: r.meta.rows_read, all: r.results.length };
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed(fn: () => Promise<unknown>) {
  const t: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const s = performance.now();
    for (let j = 0; j < PER_ROUND; j++) await fn();
    t.push((performance.now() - s) / PER_ROUND);
  }
  return Math.round(p50(t) * 1000) / 1000;
}

export async function searchBench(accountId: string, matchId: string) {
  for (const s of FTS_SETUP) await env.DB.prepare(s).run();
  const db = dbFor(env.DB);
  const tracked = (
    await env.DB.prepare("SELECT league_id FROM tracked_leagues WHERE account_id = ?")
      .bind(accountId)
      .all<{ league_id: string }>()
  ).results.map((r) => r.league_id);
  const trackedText = `,${tracked.join(",")},`;
  const players = (await env.DB.prepare("SELECT count(*) AS n FROM players").first<{ n: number }>())!.n;
  const rows = [];
  for (const [q, sport] of QUERIES) {
    const stmts: { read: number; returned: number }[] = [];
    const prefixHits = await search(db, sport, q, undefined, 10, trackedParam(tracked));
    // rows_read of the prefix statements: run them again through a recording handle.
    const { recordingD1 } = await import("../helpers/recording-d1");
    const rec = recordingD1(env.DB);
    await search(dbFor(rec.db), sport, q, undefined, 10, trackedParam(tracked));
    for (const s of rec.log) {
      const r = await env.DB.prepare(s.sql)
        .bind(...s.params)
        .all();
      stmts.push({ read: r.meta.rows_read, returned: r.results.length });
    }
    const f = await fts(q, sport, trackedText);
    rows.push({
      q,
      sport,
      hits: prefixHits.length,
      prefix: { read: stmts.reduce((a, s) => a + s.read, 0), returned: stmts.reduce((a, s) => a + s.returned, 0) },
      fts5: { read: f.read, matched: f.all },
      p50_ms: {
        prefix: await timed(() => search(db, sport, q, undefined, 10, trackedParam(tracked))),
        fts5: await timed(() => fts(q, sport, trackedText)),
      },
    });
  }
  const matchP50 = await timed(() => getMatch(db, "football", matchId, trackedParam(tracked)));
  const searchP50 = p50(rows.map((r) => r.p50_ms.prefix));
  return { players, calls: ROUNDS * PER_ROUND, match_by_id_p50_ms: matchP50, search_p50_ms: searchP50, queries: rows };
}
