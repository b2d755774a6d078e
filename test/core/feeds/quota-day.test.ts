// Quotas are a hard limit (docs/feeds.md "Quotas"): a simulated day with 40 matches, on a fake clock, polled by alarms
// at the times the poller asks for. On a 7,500-a-day plan and on the 100-a-day free plan, no 60-second window and no
// UTC day goes over the plan, and every match's result still arrives; on the paid plan live matches are polled every
// 15 seconds.
import { describe, expect, it } from "vitest";
import type { Op } from "../../../src/core/ingest/ops";
import { apiFootball } from "../../../src/core/sources/api-football/adapter";
import { footballData } from "../../../src/core/sources/football-data/adapter";
import { apiBasketball } from "../../../src/core/sources/api-basketball/adapter";
import { Poller } from "../../../src/core/feeds/poller";
import type { Mapping } from "../../../src/core/sources/contract";

const DAY = Date.parse("2026-11-28T00:00:00Z");
const LEAGUES = [39, 140, 135, 78];
type DayMatch = { id: number; league: number; kickoff: number };
/** A busy day: 40 matches in four leagues, kicking off from 12:00 to 19:30 UTC. */
const BUSY: DayMatch[] = Array.from({ length: 40 }, (_, i) => ({
  id: 5000 + i,
  league: LEAGUES[i % 4]!,
  kickoff: DAY + (12 * 60 + (i % 10) * 50) * 60_000,
}));
/** A Premier League Saturday: 10 matches, kickoffs 12:30, seven at 15:00, 17:30 and 20:00 UTC. */
const SATURDAY: DayMatch[] = [12.5, 15, 15, 15, 15, 15, 15, 15, 17.5, 20].map((h, i) => ({
  id: 6000 + i,
  league: 39,
  kickoff: DAY + h * 3600_000,
}));
let MATCHES = BUSY;
const mappingsOf = (leagues: number[]): Mapping[] =>
  leagues.map((l) => ({ provider_league: String(l), season: "2026", league_id: `lg_fb_q${l}` }));
let mappings = mappingsOf(LEAGUES);

/** Where match `m` is at `t`: 45 minutes a half, 15 at half-time. */
function at(m: (typeof MATCHES)[number], t: number) {
  const min = (t - m.kickoff) / 60_000;
  const goals = Math.max(0, Math.min(3, Math.floor(min / 30)));
  if (min < 0) return { short: "NS", elapsed: null, goals: null };
  if (min < 45) return { short: "1H", elapsed: Math.floor(min), goals };
  if (min < 60) return { short: "HT", elapsed: 45, goals };
  if (min < 105) return { short: "2H", elapsed: Math.floor(min - 15), goals };
  return { short: "FT", elapsed: 90, goals: 3 };
}

/** football-data.org's shape of match `m` at `now` (docs/providers.md "football-data.org"): status words, fullTime as the running score. */
function fdMatch(m: (typeof MATCHES)[number], now: number) {
  const s = at(m, now);
  const status = { NS: "TIMED", "1H": "IN_PLAY", HT: "PAUSED", "2H": "IN_PLAY", FT: "FINISHED" }[s.short];
  const pair = (h: number | null, a: number | null) => ({ home: h, away: a });
  return {
    area: { id: 1, name: "X" },
    competition: { id: m.league, code: `C${m.league}`, name: `League ${m.league}`, type: "LEAGUE" },
    season: { id: 1, startDate: "2026-08-01", endDate: "2027-05-31" },
    id: m.id,
    utcDate: new Date(m.kickoff).toISOString(),
    status,
    matchday: 1,
    homeTeam: { id: m.id * 10, name: `H${m.id}` },
    awayTeam: { id: m.id * 10 + 1, name: `A${m.id}` },
    score: {
      duration: "REGULAR",
      fullTime: s.goals === null ? pair(null, null) : pair(s.goals, 0),
      halfTime: ["HT", "2H", "FT"].includes(s.short) ? pair(1, 0) : pair(null, null),
    },
    referees: [],
  };
}

type Kind = "api-football" | "football-data" | "api-basketball";

/** Where basketball game `m` is at `t`: four 12-minute quarters over 2 h 15 min of clock time, half-time included. */
function bbAt(m: DayMatch, t: number) {
  const min = (t - m.kickoff) / 60_000;
  if (min < 0) return { short: "NS", quarters: 0 };
  if (min >= 135) return { short: "FT", quarters: 4 };
  const q = Math.min(3, Math.floor(min / 33.75));
  return { short: min >= 62 && min < 77 ? "HT" : `Q${q + 1}`, quarters: q };
}

/** API-Basketball's shape of game `m` at `now`. */
function abGame(m: DayMatch, now: number) {
  const s = bbAt(m, now);
  const q = (i: number) => (i < s.quarters ? 25 : null);
  const side = (id: number) => ({ id, name: `T${id}`, logo: null });
  const scores = () => ({
    quarter_1: q(0),
    quarter_2: q(1),
    quarter_3: q(2),
    quarter_4: q(3),
    over_time: null,
    total: s.short === "NS" ? null : 25 * s.quarters,
  });
  return {
    id: m.id,
    date: new Date(m.kickoff).toISOString(),
    timestamp: m.kickoff / 1000,
    status: { long: s.short, short: s.short, timer: null },
    league: { id: m.league, name: "NBA", type: "League", season: "2026-2027", logo: null },
    country: { id: 5, name: "USA" },
    teams: { home: side(m.id * 10), away: side(m.id * 10 + 1) },
    scores: { home: scores(), away: { ...scores(), total: s.short === "NS" ? null : 25 * s.quarters - 1 } },
  };
}

function run(plan: { perDay: number; perMinute: number }, provider: Kind = "api-football") {
  let now = DAY;
  const calls: number[] = [];
  const applied = new Map<string, number>();
  const livePolls = new Map<number, number[]>();
  const store = new Map<string, unknown>();
  const fixture = (m: (typeof MATCHES)[number], events: boolean) => {
    const s = at(m, now);
    return {
      fixture: {
        id: m.id,
        referee: null,
        timezone: "UTC",
        date: new Date(m.kickoff).toISOString(),
        timestamp: m.kickoff / 1000,
        venue: { id: null, name: null, city: null },
        status: { long: "", short: s.short, elapsed: s.elapsed, extra: null },
      },
      league: { id: m.league, name: `League ${m.league}`, country: "X", logo: null, season: 2026, round: "R" },
      teams: {
        home: { id: m.id * 10, name: `H${m.id}`, logo: null, winner: null },
        away: { id: m.id * 10 + 1, name: `A${m.id}`, logo: null, winner: null },
      },
      goals: { home: s.goals, away: s.goals === null ? null : 0 },
      score: {
        halftime: { home: null, away: null },
        fulltime: { home: null, away: null },
        extratime: { home: null, away: null },
        penalty: { home: null, away: null },
      },
      ...(events ? { events: [] } : {}),
    };
  };
  const poller = new Poller({
    provider: { "api-football": apiFootball, "football-data": footballData, "api-basketball": apiBasketball }[provider],
    base: "https://fake.invalid",
    headers: { "x-apisports-key": "k" },
    quota: plan,
    liveEveryS: 15,
    now: () => now,
    store: { get: (k) => structuredClone(store.get(k)) as never, put: (k, v) => void store.set(k, structuredClone(v)) },
    mappings: async () => mappings,
    existingLeagues: async () => new Set(mappings.map((m) => m.league_id)),
    apply: async (ops: Op[]) => {
      for (const op of ops) if (op.op === "match" && op.status_code !== undefined) applied.set(op.id, op.status_code);
      return { applied: ops.length, unchanged: 0 };
    },
    fetch: async (url) => {
      calls.push(now);
      if (provider === "football-data") return fdAnswer(new URL(url));
      if (provider === "api-basketball") return abAnswer(new URL(url));
      const q = Object.fromEntries(new URL(url).searchParams);
      let list = MATCHES;
      if (q.live)
        list = MATCHES.filter(
          (m) => ["1H", "HT", "2H"].includes(at(m, now).short) && q.live!.split("-").includes(String(m.league)),
        );
      else if (q.ids) list = MATCHES.filter((m) => q.ids!.split("-").includes(String(m.id)));
      else if (q.league) list = MATCHES.filter((m) => String(m.league) === q.league);
      if (q.live) for (const m of list) livePolls.set(m.id, [...(livePolls.get(m.id) ?? []), now]);
      const body = {
        get: "fixtures",
        parameters: q,
        errors: [],
        results: list.length,
        response: list.map((m) => fixture(m, Boolean(q.live || q.ids))),
      };
      return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    },
  });
  /** API-Basketball: `/games` by league and season (with a date), or by id. */
  function abAnswer(url: URL) {
    const q = Object.fromEntries(url.searchParams);
    const dayOf = (m: DayMatch) => new Date(m.kickoff).toISOString().slice(0, 10);
    const list = MATCHES.filter((m) =>
      q.id ? String(m.id) === q.id : String(m.league) === q.league && (!q.date || q.date === dayOf(m)),
    );
    const body = {
      get: "games",
      parameters: q,
      errors: [],
      results: list.length,
      response: list.map((m) => abGame(m, now)),
    };
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  }

  /** football-data.org: a competition's matches (by season or by dates), or one match. */
  function fdAnswer(url: URL) {
    const one = /\/matches\/(\d+)$/.exec(url.pathname);
    const comp = /\/competitions\/(\d+)\/matches$/.exec(url.pathname);
    const q = Object.fromEntries(url.searchParams);
    const dayOf = (m: (typeof MATCHES)[number]) => new Date(m.kickoff).toISOString().slice(0, 10);
    const list = one
      ? MATCHES.filter((m) => String(m.id) === one[1])
      : MATCHES.filter(
          (m) =>
            String(m.league) === comp?.[1] &&
            (!q.dateFrom || (q.dateFrom <= dayOf(m) && dayOf(m) <= (q.dateTo ?? q.dateFrom))),
        );
    const body = one ? fdMatch(list[0]!, now) : { matches: list.map((m) => fdMatch(m, now)) };
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  }
  return { poller, calls, applied, livePolls, setNow: (t: number) => (now = t), getNow: () => now };
}

async function simulateDay(plan: { perDay: number; perMinute: number }, provider?: Kind, day: DayMatch[] = BUSY) {
  MATCHES = day;
  mappings = mappingsOf([...new Set(day.map((m) => m.league))]).map((m) =>
    provider === "api-basketball" ? { ...m, season: "2026-2027" } : m,
  );
  const r = run(plan, provider);
  const degraded = new Set<string>();
  let next = DAY;
  while (next < DAY + 86_400_000) {
    r.setNow(next);
    next = await r.poller.tick();
    degraded.add(r.poller.status().degraded);
    expect(next).toBeGreaterThan(r.getNow());
  }
  return { ...r, degraded };
}

function maxInWindow(calls: number[], ms: number) {
  let max = 0;
  for (let i = 0, j = 0; i < calls.length; i++) {
    while (calls[i]! - calls[j]! >= ms) j++;
    max = Math.max(max, i - j + 1);
  }
  return max;
}

describe("a simulated day of 40 matches within the plan", () => {
  it("7,500 a day, 300 a minute: live matches every 15 s, every result in, the plan never exceeded", async () => {
    const { calls, applied, livePolls } = await simulateDay({ perDay: 7500, perMinute: 300 });
    expect(calls.length).toBeLessThanOrEqual(7500);
    expect(maxInWindow(calls, 60_000)).toBeLessThanOrEqual(300);
    for (const m of MATCHES) expect(applied.get(`m_af_${m.id}`), `m_af_${m.id}`).toBe(3);
    // While a match is in play, no gap between live polls is longer than 15 s (plus the 1 s an alarm may slip).
    for (const [id, ts] of livePolls) {
      const gaps = ts.slice(1).map((t, i) => t - ts[i]!);
      expect(Math.max(...gaps), `match ${id}`).toBeLessThanOrEqual(16_000);
    }
  });

  it("the free plan, 100 a day and 10 a minute: degraded in the stated order, never over, every result in", async () => {
    const { calls, applied, degraded } = await simulateDay({ perDay: 100, perMinute: 10 });
    expect(calls.length).toBeLessThanOrEqual(100);
    expect(maxInWindow(calls, 60_000)).toBeLessThanOrEqual(10);
    expect([...degraded].filter(Boolean).length).toBeGreaterThan(0);
    for (const m of MATCHES) expect(applied.get(`m_af_${m.id}`), `m_af_${m.id}`).toBe(3);
  });

  it("football-data.org's free plan, 10 a minute: a live poll per competition, spaced to fit the minute, every result in", async () => {
    const { calls, applied, degraded } = await simulateDay({ perDay: 14_400, perMinute: 10 }, "football-data");
    expect(maxInWindow(calls, 60_000)).toBeLessThanOrEqual(10);
    // Four competitions live at once need four calls a poll: every 27 s at most, and the status says why.
    expect([...degraded].some((d) => /live matches every \d+ s \(10 calls a minute\)/.test(d))).toBe(true);
    for (const m of MATCHES) expect(applied.get(`m_fd_${m.id}`), `m_fd_${m.id}`).toBe(3);
  });
});

/** An NBA night: 10 games from 00:00 to 03:00 UTC, one league. */
const NBA_NIGHT: DayMatch[] = [0, 0, 0.5, 0.5, 1, 1, 1, 1.5, 2, 3].map((h, i) => ({
  id: 7000 + i,
  league: 12,
  kickoff: DAY + h * 3600_000,
}));

/**
 * What a typical match day costs in calls, per provider and plan, as docs/feeds.md "Calls a match day costs" says:
 * the poller's own plan on a fake clock, counted by kind. The docs round; these hold them within 5 %.
 */
describe("the calls a match day costs (docs/feeds.md)", () => {
  const DOCUMENTED: [string, Kind, DayMatch[], { perDay: number; perMinute: number }, number][] = [
    ["a Premier League Saturday, API-Football Pro", "api-football", SATURDAY, { perDay: 7500, perMinute: 300 }, 1975],
    ["a Premier League Saturday, API-Football free", "api-football", SATURDAY, { perDay: 100, perMinute: 10 }, 100],
    [
      "a Premier League Saturday, football-data.org free",
      "football-data",
      SATURDAY,
      { perDay: 1e6, perMinute: 10 },
      1990,
    ],
    ["40 matches in four leagues, API-Football Pro", "api-football", BUSY, { perDay: 7500, perMinute: 300 }, 3260],
    ["40 matches in four leagues, API-Football free", "api-football", BUSY, { perDay: 100, perMinute: 10 }, 100],
    ["40 matches in four leagues, football-data.org free", "football-data", BUSY, { perDay: 1e6, perMinute: 10 }, 4815],
    [
      "40 matches in four leagues, football-data.org 30 a minute",
      "football-data",
      BUSY,
      { perDay: 1e6, perMinute: 30 },
      9225,
    ],
    ["an NBA night, API-Basketball Pro", "api-basketball", NBA_NIGHT, { perDay: 7500, perMinute: 300 }, 1345],
  ];
  for (const [what, provider, day, plan, calls] of DOCUMENTED) {
    it(`${what}: about ${calls} calls`, async () => {
      const r = await simulateDay(plan, provider, day);
      expect(Math.abs(r.calls.length - calls)).toBeLessThanOrEqual(calls * 0.05);
      expect(r.calls.length).toBeLessThanOrEqual(plan.perDay);
    });
  }
});
