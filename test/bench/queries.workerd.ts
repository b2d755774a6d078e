// P2: D1 rows_read against rows returned for every read endpoint's statements, and no SCAN in their plans.
// P3: the match-list page through drizzle (as the route runs it) vs the same SQL as a raw prepared statement.
// Both on the benchmark data set (10 leagues per sport, 5-season history), inside workerd against local D1.
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { sha256Hex } from "../../src/core/auth/keys";
import { dbFor, type Db } from "../../src/core/db/client";
import { findKeyByHash } from "../../src/core/db/queries/accounts";
import { getEvents, getH2H, getLineups, getStandingsAtKickoff, getStats } from "../../src/core/db/queries/enrichments";
import { currentStandings, listTrackedLeagues } from "../../src/core/db/queries/leagues";
import { getMatch, listMatches, matchListStatements, matchPageQuery } from "../../src/core/db/queries/matches";
import { generateKey } from "../../src/core/auth/keys";
import { seedDemo } from "../../src/demo/seed";
import { recordingD1 } from "../helpers/recording-d1";
import { trackedParam } from "../../src/core/db/queries/visibility";
import { peopleEndpoints } from "./people-endpoints";
import { searchBench } from "./search-bench";

// Smoke mode (test/bench/smoke.mjs): the demo data set and one small round, to prove the benchmark runs.
const SMOKE = (env as { BENCH_SMOKE?: string }).BENCH_SMOKE === "1";
const ROUNDS = SMOKE ? 1 : 5;
const CALLS = SMOKE ? 20 : 400;
const key = generateKey("sk_test_");
const seeded = await seedDemo(env, { demoApiKey: key, scale: SMOKE ? "demo" : "bench" });
const accountId = seeded.account_id;
const tracked = (
  await env.DB.prepare("SELECT league_id FROM tracked_leagues WHERE account_id = ?")
    .bind(accountId)
    .all<{ league_id: string }>()
).results.map((r) => r.league_id);
/** The account's tracked leagues as the reads bind them. */
const bound = trackedParam(tracked);
const day = new Date().toISOString().slice(0, 10);
const report = (id: string, data: unknown) => console.log(`BENCH ${JSON.stringify({ id, ...(data as object) })}`);

const finished = async (sport: string) =>
  (await env.DB.prepare(
    "SELECT id FROM matches WHERE sport = ? AND status_code = 3 AND season = (SELECT max(season) FROM matches) ORDER BY kickoff_ts DESC LIMIT 1",
  )
    .bind(sport)
    .first<{ id: string }>())!.id;

it("P2: rows_read per read endpoint", async () => {
  const total = (await env.DB.prepare("SELECT count(*) AS n FROM matches").first<{ n: number }>())!.n;
  // The benchmark data set; the smoke run's demo set is smaller (it only proves the benchmark runs).
  expect(total).toBeGreaterThanOrEqual(SMOKE ? 1_000 : 20_000);
  const endpoints: [string, (db: Db) => Promise<unknown>][] = [
    ["key lookup", async (db) => findKeyByHash(db, await sha256Hex(key))],
  ];
  for (const sport of ["football", "basketball"] as const) {
    const id = await finished(sport);
    const league = sport === "football" ? "lg_fb_eng1" : "lg_bb_nba";
    const list = (f: object) => (db: Db) => listMatches(db, { sport, tracked: bound, ...f }, 50);
    endpoints.push(
      [`${sport} leagues`, (db) => listTrackedLeagues(db, sport, bound)],
      [`${sport} league standings`, (db) => currentStandings(db, sport, league, bound)],
      [`${sport} matches ?date=today`, list({ date: day })],
      [`${sport} matches ?status=live`, list({ status: "live" })],
      [`${sport} matches ?status=finished`, list({ status: "finished" })],
      [`${sport} matches ?league_id`, list({ leagueId: league })],
      [`${sport} matches ?league_id&status=finished`, list({ leagueId: league, status: "finished" })],
      [`${sport} matches (no filter)`, list({})],
      [`${sport} match`, (db) => getMatch(db, sport, id, bound)],
      [`${sport} events`, (db) => getEvents(db, sport, id, bound)],
      [`${sport} stats`, (db) => getStats(db, sport, id, bound)],
      [`${sport} lineups`, (db) => getLineups(db, sport, id, bound)],
      [`${sport} standings at kickoff`, (db) => getStandingsAtKickoff(db, sport, id, bound)],
      [`${sport} h2h`, (db) => getH2H(db, sport, id, bound, 10)],
      ...peopleEndpoints(sport, id, bound),
    );
  }
  const rows = [];
  for (const [name, fn] of endpoints) {
    const rec = recordingD1(env.DB);
    await fn(dbFor(rec.db));
    let read = 0;
    let returned = 0;
    const scans: string[] = [];
    const statements: { sql: string; read: number; returned: number; covered: number }[] = [];
    for (const q of rec.log) {
      const r = await env.DB.prepare(q.sql)
        .bind(...q.params)
        .all();
      // An aggregate (count, sum) returns one row but has to read the rows it covers: count those with the same
      // FROM and WHERE, and hold its reads to them instead.
      const aggregate = /^select (count\(|coalesce\(sum)/.test(q.sql);
      const selectList = aggregate ? /^select .*? from /s.exec(q.sql)![0] : "";
      const covered = aggregate
        ? (await env.DB.prepare(`select count(*) as n from ${q.sql.slice(selectList.length)}`)
            .bind(...q.params.slice(selectList.split("?").length - 1))
            .first<{ n: number }>())!.n
        : r.results.length;
      read += r.meta.rows_read;
      returned += covered;
      statements.push({ sql: q.sql.slice(0, 200), read: r.meta.rows_read, returned: r.results.length, covered });
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${q.sql}`)
        .bind(...q.params)
        .all<{ detail: string }>();
      scans.push(
        ...plan.results.map((p) => p.detail).filter((d) => /^SCAN /.test(d) && !/USING (COVERING )?INDEX/.test(d)),
      );
    }
    rows.push({ name, statements, read, returned, scans });
  }
  report("P2", { matches: total, endpoints: rows });
  // The figures go to the table (met or not); the suite's own rows_read and plan tests hold the line in CI.
  for (const r of rows) expect(r.scans, r.name).toEqual([]);
});

it("P8: search, prefix table vs FTS5, and against the match-by-id read", async () => {
  report("P8", await searchBench(accountId, await finished("football")));
});

it("P3: drizzle vs raw prepared statement (match-list page)", async () => {
  const db = dbFor(env.DB);
  const filter = { sport: "football" as const, tracked: bound, date: day };
  const { sql, params } = matchPageQuery(db, filter, 50).toSQL();
  const raw = env.DB.prepare(sql);
  // "drizzle" is the list's page statement as the route runs it: SQL built by drizzle once per filter shape,
  // bound to this call's values. "built per call" is drizzle building the query on every call, for reference.
  const sides = {
    a: async () => {
      await raw.bind(...params).all();
    },
    b: async () => {
      await matchListStatements(db, filter, 50)[0].all();
    },
    c: async () => {
      await matchPageQuery(db, filter, 50).all();
    },
  };
  const perCall = async (fn: () => Promise<void>) => {
    const t = performance.now();
    for (let i = 0; i < CALLS; i++) await fn();
    return (performance.now() - t) / CALLS;
  };
  await perCall(sides.a);
  await perCall(sides.b);
  await perCall(sides.c);
  const rounds: { raw: number; drizzle: number; perCall: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? (["a", "b", "c"] as const) : (["c", "b", "a"] as const);
    const got = { a: 0, b: 0, c: 0 };
    for (const s of order) got[s] = await perCall(sides[s]);
    rounds.push({ raw: got.a, drizzle: got.b, perCall: got.c });
  }
  report("P3", { calls: CALLS, rounds });
});
