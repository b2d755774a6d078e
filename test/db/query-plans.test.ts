// Every hot query is served by an index (EXPLAIN QUERY PLAN) and the list reads about as many rows as it returns.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/auth/keys";
import { dbFor } from "../../src/db/client";
import { findKeyByHash } from "../../src/db/queries/accounts";
import { getEvents, getH2H, getLineups, getStandingsAtKickoff, getStats } from "../../src/db/queries/enrichments";
import { currentStandings, listTrackedLeagues } from "../../src/db/queries/leagues";
import { getMatch, listMatches, type MatchFilter } from "../../src/db/queries/matches";
import { recordingD1, type Recorded } from "../helpers/recording-d1";
import { seed, today, type Seeded } from "../helpers/seed";

let s: Seeded;
let matchId: string;
beforeAll(async () => {
  s = await seed();
  matchId = (await env.DB.prepare(
    "SELECT id FROM matches WHERE league_id = 'lg_fb_eng1' AND status_code = 3 ORDER BY kickoff_ts DESC LIMIT 1",
  ).first<{ id: string }>())!.id;
});

async function plan(q: Recorded): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${q.sql}`)
    .bind(...q.params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail);
}

/** Runs `fn` against a recording D1 and checks the plan of every statement it issued. */
async function expectIndexed(fn: (db: ReturnType<typeof dbFor>) => Promise<unknown>) {
  const rec = recordingD1(env.DB);
  await fn(dbFor(rec.db));
  expect(rec.log.length).toBeGreaterThan(0);
  for (const q of rec.log) {
    const lines = await plan(q);
    const scans = lines.filter((l) => /^SCAN /.test(l) && !/USING (COVERING )?INDEX/.test(l));
    expect(scans, `${q.sql}\n${lines.join("\n")}`).toEqual([]);
    expect(
      lines.some((l) => /USING (COVERING )?INDEX|USING (INTEGER )?PRIMARY KEY/.test(l)),
      lines.join("\n"),
    ).toBe(true);
  }
  return rec.log;
}

const filters: Omit<MatchFilter, "sport" | "accountId">[] = [
  { status: "live", date: today() },
  { leagueId: "lg_fb_eng1", status: "live" },
  {},
  { date: today() },
  { status: "live" },
  { status: "finished" },
  { leagueId: "lg_fb_eng1" },
  { leagueId: "lg_fb_eng1", status: "finished" },
  { leagueId: "lg_fb_eng1", date: today() },
  { status: "scheduled", date: today() },
  { leagueId: "lg_fb_eng1", status: "finished", date: today() },
];

describe("EXPLAIN QUERY PLAN of hot queries", () => {
  it.each(filters)("match list page and total use an index in kickoff order (%o)", async (f) => {
    const log = await expectIndexed((db) =>
      listMatches(db, { sport: "football", accountId: s.accountId, ...f }, 50, { kickoffTs: 0, id: "a" }),
    );
    const page = log.find((q) => q.sql.includes("order by"))!;
    const lines = await plan(page);
    expect(lines.join("\n")).not.toContain("TEMP B-TREE FOR ORDER BY");
    expect(lines.some((l) => /matches USING (COVERING )?INDEX matches_/.test(l))).toBe(true);
  });

  it("match detail, events, stats, lineups, standings at kickoff, h2h", async () => {
    await expectIndexed((db) => getMatch(db, "football", matchId, s.accountId));
    await expectIndexed((db) => getEvents(db, "football", matchId, s.accountId));
    await expectIndexed((db) => getStats(db, "football", matchId, s.accountId));
    await expectIndexed((db) => getLineups(db, "football", matchId, s.accountId));
    await expectIndexed((db) => getStandingsAtKickoff(db, "football", matchId, s.accountId));
    await expectIndexed((db) => getH2H(db, "football", matchId, s.accountId, 10));
  });

  it("leagues, current standings and the key lookup", async () => {
    await expectIndexed((db) => listTrackedLeagues(db, "football", s.accountId));
    await expectIndexed((db) => currentStandings(db, "football", "lg_fb_eng1", s.accountId));
    const hash = await sha256Hex(s.key);
    await expectIndexed((db) => findKeyByHash(db, hash));
  });
});

describe("D1 rows_read of the match list", () => {
  it.each(filters)("stays ≤ 1.1 × rows returned + a small constant (%o)", async (f) => {
    const rec = recordingD1(env.DB);
    const res = await listMatches(dbFor(rec.db), { sport: "football", accountId: s.accountId, ...f }, 50);
    let rowsRead = 0;
    for (const q of rec.log) {
      const r = await env.DB.prepare(q.sql)
        .bind(...q.params)
        .all();
      rowsRead += r.meta.rows_read;
    }
    const returned = res.rows.length;
    expect(rowsRead, `rows_read ${rowsRead} for ${returned} rows`).toBeLessThanOrEqual(1.1 * returned + 30);
  });
});

describe("D1 rows_read of every read endpoint's statements", () => {
  /** Each statement reads about what it returns: ≤ 1.1 × rows + 25 (tracked-league subquery, counters, joins). */
  async function expectLean(fn: (db: ReturnType<typeof dbFor>) => Promise<unknown>) {
    const rec = recordingD1(env.DB);
    await fn(dbFor(rec.db));
    for (const q of rec.log) {
      const r = await env.DB.prepare(q.sql)
        .bind(...q.params)
        .all();
      expect(r.meta.rows_read, `${q.sql}: read ${r.meta.rows_read} for ${r.results.length}`).toBeLessThanOrEqual(
        1.1 * r.results.length + 25,
      );
    }
  }

  it("detail, events, stats, lineups, standings at kickoff, h2h, leagues, current standings, key lookup", async () => {
    await expectLean((db) => getMatch(db, "football", matchId, s.accountId));
    await expectLean((db) => getEvents(db, "football", matchId, s.accountId));
    await expectLean((db) => getStats(db, "football", matchId, s.accountId));
    await expectLean((db) => getLineups(db, "football", matchId, s.accountId));
    await expectLean((db) => getStandingsAtKickoff(db, "football", matchId, s.accountId));
    await expectLean((db) => getH2H(db, "football", matchId, s.accountId, 10));
    await expectLean((db) => listTrackedLeagues(db, "football", s.accountId));
    await expectLean((db) => currentStandings(db, "football", "lg_fb_eng1", s.accountId));
    const hash = await sha256Hex(s.key);
    await expectLean((db) => findKeyByHash(db, hash));
  });
});
