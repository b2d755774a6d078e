// Every hot query is served by an index (EXPLAIN QUERY PLAN) and the list reads about as many rows as it returns.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../../src/core/auth/keys";
import { dbFor } from "../../../src/core/db/client";
import { findKeyByHash } from "../../../src/core/db/queries/accounts";
import {
  getEvents,
  getH2H,
  getLineups,
  getStandingsAtKickoff,
  getStats,
} from "../../../src/core/db/queries/enrichments";
import { currentStandings, listTrackedLeagues } from "../../../src/core/db/queries/leagues";
import { getMatch, listMatches, type MatchFilter } from "../../../src/core/db/queries/matches";
import { getBoxScore } from "../../../src/core/db/queries/enrichments";
import { getLeaders } from "../../../src/core/db/queries/leaders";
import { listIdentities, mergedInto, recentConflicts } from "../../../src/core/db/queries/identities";
import { feedLeaguesOf } from "../../../src/core/db/queries/feed-leagues";
import { getPlayerRows, getSquad, getTeam } from "../../../src/core/db/queries/people";
import { search } from "../../../src/core/db/queries/search";
import { trackedParam, type Tracked } from "../../../src/core/db/queries/visibility";
import { scheduled, seedPeople } from "../../helpers/people";
import { ingestOps } from "../../helpers/live";
import { recordingD1, type Recorded } from "../../helpers/recording-d1";
import { seed, today, type Seeded } from "../../helpers/seed";

let s: Seeded;
let matchId: string;
let tracked: string[];
/** The caller's tracked leagues as the reads bind them. */
const leagues = () => trackedParam(tracked);
beforeAll(async () => {
  s = await seed();
  await seedPeople(s.accountId);
  // A basketball team of five untracked competitions: its search slots are full, so search checks it in full.
  const cups = [1, 2, 3, 4, 5].map((n) => `lg_bb_qp_cup${n}`);
  await ingestOps([
    ...cups.map((id) => ({ op: "league", id, sport: "basketball", country: "Spain", name: id, season: "2026/27" })),
    ...["tm_qp_five", ...cups.map((_, i) => `tm_qp_rival${i}`)].map((id) => ({
      op: "team",
      id,
      sport: "basketball",
      name: id === "tm_qp_five" ? "Cinco Copas" : `Rival ${id}`,
      country: "Spain",
    })),
    ...cups.map((id, i) => scheduled("basketball", `m_qp_${i}`, id, "tm_qp_five", `tm_qp_rival${i}`, {})),
  ]);
  tracked = (
    await env.DB.prepare("SELECT league_id FROM tracked_leagues WHERE account_id = ?")
      .bind(s.accountId)
      .all<{ league_id: string }>()
  ).results.map((r) => r.league_id);
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
    // json_each walks one JSON value (a bound list, a row read by its key), not a table; a recursive CTE's own rows
    // (SCAN k, its CONSTANT ROW) are what its steps produced; rows_read (below) bounds both.
    const ctes = [...q.sql.matchAll(/(?:WITH RECURSIVE|,)\s+(\w+)\(\w+\) AS \(/g)].map((m) => m[1]);
    const scans = lines.filter(
      (l) =>
        /^SCAN /.test(l) &&
        !/USING (COVERING )?INDEX/.test(l) &&
        !/^SCAN \w+ VIRTUAL TABLE INDEX \d+:$/.test(l) &&
        l !== "SCAN CONSTANT ROW" &&
        !ctes.some((c) => l === `SCAN ${c}`),
    );
    expect(scans, `${q.sql}\n${lines.join("\n")}`).toEqual([]);
    expect(
      lines.some((l) => /USING (COVERING )?INDEX|USING (INTEGER )?PRIMARY KEY/.test(l)),
      lines.join("\n"),
    ).toBe(true);
  }
  return rec.log;
}

const filters: Omit<MatchFilter, "sport" | "tracked">[] = [
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
  { teamId: "tm_fb_arsenal" },
  { teamId: "tm_fb_arsenal", status: "finished" },
  { teamId: "tm_fb_arsenal", status: "scheduled" },
  { teamId: "tm_fb_arsenal", leagueId: "lg_fb_eng1" },
  { teamId: "tm_fb_arsenal", leagueId: "lg_fb_eng1", status: "finished" },
  { teamId: "tm_fb_arsenal", date: today() },
  { leagueId: "lg_fb_eng1", season: "2015/16" },
  { leagueId: "lg_fb_eng1", season: "2015/16", status: "finished" },
  { teamId: "tm_fb_arsenal", leagueId: "lg_fb_eng1", season: "2015/16" },
];

describe("EXPLAIN QUERY PLAN of hot queries", () => {
  it.each(filters)("match list page and total use an index in kickoff order (%o)", async (f) => {
    const log = await expectIndexed((db) =>
      listMatches(db, { sport: "football", tracked: leagues(), ...f }, 50, { kickoffTs: 0, id: "a" }),
    );
    const page = log.find((q) => q.sql.includes("order by"))!;
    const lines = await plan(page);
    expect(lines.join("\n")).not.toContain("TEMP B-TREE FOR ORDER BY");
    expect(lines.some((l) => /USING (COVERING )?INDEX (team_)?matches_/.test(l))).toBe(true);
  });

  it("match detail, events, stats, lineups, standings at kickoff, h2h", async () => {
    await expectIndexed((db) => getMatch(db, "football", matchId, leagues()));
    await expectIndexed((db) => getEvents(db, "football", matchId, leagues()));
    await expectIndexed((db) => getStats(db, "football", matchId, leagues()));
    await expectIndexed((db) => getLineups(db, "football", matchId, leagues()));
    await expectIndexed((db) => getStandingsAtKickoff(db, "football", matchId, leagues()));
    await expectIndexed((db) => getH2H(db, "football", matchId, leagues(), 10));
    // A merged id (docs/identity.md "Merging"): the miss, then the seek of merged_ids.
    await expectIndexed((db) => getMatch(db, "football", "m_merged_away", leagues()));
    await expectIndexed((db) => getEvents(db, "football", "m_merged_away", leagues()));
  });

  it("the crosswalk: the feed status's conflicts, the operator's list, a merged id", async () => {
    await expectIndexed((db) => recentConflicts(db));
    await expectIndexed((db) => listIdentities(db, { kind: "team", status: "unresolved" }, 50, undefined));
    await expectIndexed((db) => mergedInto(db, "player", "pl_x"));
  });

  it("a poller's mapping with its standby rows' primaries, in one statement", async () => {
    await expectIndexed((db) => feedLeaguesOf(db, "football-data"));
  });

  it("leagues, current standings and the key lookup", async () => {
    await expectIndexed((db) => listTrackedLeagues(db, "football", leagues()));
    await expectIndexed((db) => currentStandings(db, "football", "lg_fb_eng1", leagues()));
    const hash = await sha256Hex(s.key);
    await expectIndexed((db) => findKeyByHash(db, hash));
  });
});

/** Each statement reads about what it returns: ≤ 1.1 × rows + 25 (counters, joins). */
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

/** Every statement of the people endpoints (teams, squads, players, leaders, box scores, search). */
const peopleReads = (bound: Tracked): ((db: ReturnType<typeof dbFor>) => Promise<unknown>)[] => [
  (db) => getTeam(db, "football", "tm_fb_arsenal", bound),
  (db) => getTeam(db, "football", "tm_pp_atm", bound),
  (db) => getSquad(db, "football", "tm_pp_atm", bound),
  (db) => getPlayerRows(db, "football", "pl_pp_ode", bound),
  (db) => getPlayerRows(db, "basketball", "pl_pp_don", bound),
  ...(["goals", "assists", "cards"] as const).map(
    (stat) => (db: any) => getLeaders(db, "football", "lg_fb_eng1", stat, bound),
  ),
  ...(["points", "rebounds", "assists", "ppg"] as const).map(
    (stat) => (db: any) => getLeaders(db, "basketball", "lg_bb_euroleague", stat, bound),
  ),
  (db) => getBoxScore(db, "football", "m_pp_1", bound),
  (db) => search(db, "football", "ars", undefined, 10, bound),
  (db) => search(db, "football", "atl mad", undefined, 10, bound),
  (db) => search(db, "football", "mu", "player", 50, bound),
  (db) => search(db, "basketball", "real", "team", 10, bound),
  // The most words a query is matched by; a team whose slots are full and none tracked (checked in full).
  (db) => search(db, "football", "atl mad atl mad atl mad atl mad atl mad", undefined, 10, bound),
  (db) => search(db, "basketball", "cinco copas", undefined, 10, bound),
];

describe("people endpoints", () => {
  it("every statement uses an index", async () => {
    for (const read of peopleReads(leagues())) await expectIndexed(read);
  });
  it("every statement reads ≤ 1.1 × rows + 25", async () => {
    for (const read of peopleReads(leagues())) await expectLean(read);
  });
});

describe("D1 rows_read of the match list", () => {
  it.each(filters)("stays ≤ 1.1 × rows returned + a small constant (%o)", async (f) => {
    const rec = recordingD1(env.DB);
    const res = await listMatches(dbFor(rec.db), { sport: "football", tracked: leagues(), ...f }, 50);
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
  it("detail, events, stats, lineups, standings at kickoff, h2h, leagues, current standings, key lookup", async () => {
    await expectLean((db) => getMatch(db, "football", matchId, leagues()));
    await expectLean((db) => getEvents(db, "football", matchId, leagues()));
    await expectLean((db) => getStats(db, "football", matchId, leagues()));
    await expectLean((db) => getLineups(db, "football", matchId, leagues()));
    await expectLean((db) => getStandingsAtKickoff(db, "football", matchId, leagues()));
    await expectLean((db) => getH2H(db, "football", matchId, leagues(), 10));
    await expectLean((db) => listTrackedLeagues(db, "football", leagues()));
    await expectLean((db) => currentStandings(db, "football", "lg_fb_eng1", leagues()));
    const hash = await sha256Hex(s.key);
    await expectLean((db) => findKeyByHash(db, hash));
  });
});
