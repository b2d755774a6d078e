// A poller never loops on a provider's inconsistency (issue 47): a live match the live answer stops listing while its
// detail still says "in play" is fetched a bounded number of times, then given up on (the status says so) until an
// answer shows it moving on; a change ingest refuses every round (a finished match reported live again) is one error
// line with a count, not the whole list.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { VANISHED_AFTER } from "../../../src/core/feeds/followed";
import { pollableMappings, pollerFor } from "../../../src/core/feeds/service";
import { getJson, seed } from "../../helpers/seed";
import { mapLeagues, track } from "./harness";

const s = await seed(["eng1"]);
await mapLeagues("api-football", [{ provider_league: "39", season: "2026", league_id: "lg_fb_eng1" }]);
await track(s.accountId, ["lg_fb_eng1"]);
const KICKOFF = Math.floor(Date.now() / 1000) + 600;

/** One API-Football fixture as its answers show it. */
function fixture(id: number, short: string, elapsed: number | null, goals: [number, number]) {
  return {
    fixture: {
      id,
      referee: null,
      timezone: "UTC",
      date: new Date(KICKOFF * 1000).toISOString(),
      timestamp: KICKOFF,
      venue: { id: null, name: null, city: null },
      status: { long: short, short, elapsed, extra: null },
    },
    league: {
      id: 39,
      name: "Premier League",
      country: "England",
      logo: null,
      season: 2026,
      round: "Regular Season - 9",
    },
    // Each fixture its own pairing: one league season has a pairing once (two fixtures of it are one real match).
    teams: {
      home: { id: 2 * id, name: `Loop Town ${id}`, logo: null },
      away: { id: 2 * id + 1, name: `Loop Rovers ${id}`, logo: null },
    },
    goals: { home: goals[0], away: goals[1] },
    score: {
      halftime: { home: null, away: null },
      fulltime: { home: null, away: null },
      extratime: { home: null, away: null },
      penalty: { home: null, away: null },
    },
    events: [],
  };
}
const envelope = (response: unknown[]) => ({
  get: "fixtures",
  parameters: {},
  errors: [],
  results: response.length,
  response,
});

/** A provider whose answers the test sets per kind of call; every call logged. */
function provider() {
  const calls: string[] = [];
  const answers = { season: [] as unknown[], live: [] as unknown[], ids: [] as unknown[] };
  const fetch = async (url: string) => {
    const u = new URL(url);
    calls.push(`${u.pathname}${u.search}`);
    const q = u.searchParams;
    const response = q.has("live") ? answers.live : q.has("ids") ? answers.ids : answers.season;
    return new Response(JSON.stringify(envelope(response)));
  };
  return { calls, answers, fetch };
}

function poller(p: ReturnType<typeof provider>) {
  const store = new Map<string, unknown>();
  const clock = { now: (KICKOFF - 900) * 1000 };
  const poll = pollerFor(env, "api-football", {
    now: () => clock.now,
    fetch: (url) => p.fetch(url),
    store: {
      get: (k) => (store.has(k) ? structuredClone(store.get(k)) : undefined) as never,
      put: (k, v) => void store.set(k, structuredClone(v)),
    },
    mappings: () => pollableMappings(env, "api-football"),
    quota: { perDay: 100_000, perMinute: 1000 },
  });
  return { poll, clock, tick: () => poll.tick() };
}

describe("a live match the provider stops listing", () => {
  it(`is fetched in full ${VANISHED_AFTER} times, then given up on: no more calls for it, and the status says so`, async () => {
    const p = provider();
    const { poll, clock, tick } = poller(p);
    p.answers.season = [fixture(880_001, "NS", null, [0, 0])];
    await tick();
    // Kicked off: the live answer lists it once, in the first half.
    p.answers.live = [fixture(880_001, "1H", 12, [1, 0])];
    clock.now = (KICKOFF + 12 * 60) * 1000;
    await tick();
    expect((await getJson("/v1/football/matches/m_af_880001", s.key)).body.status_code).toBe(2);
    // Then it is gone from the live answer, while its detail still says 2H: every round would fetch it again.
    p.answers.live = [];
    p.answers.ids = [fixture(880_001, "2H", 60, [1, 0])];
    const from = p.calls.length;
    const detail = () => p.calls.slice(from).filter((c) => c.includes("ids=880001")).length;
    // Another match stays live: the live answer changes every round (a new minute), so every round is parsed.
    for (let i = 0; i < 40; i++) {
      p.answers.live = [fixture(880_009, "2H", 50 + i, [0, 0])];
      clock.now += 20_000;
      await tick();
    }
    expect(detail()).toBe(VANISHED_AFTER);
    const status = poll.status();
    expect(status.vanished).toMatchObject([{ match_id: "m_af_880001", tries: VANISHED_AFTER }]);
    expect(status.live_matches).toEqual({ lg_fb_eng1: 1 }); // the other one
    // Once the other match ends, nothing is polled live any more: the vanished one keeps no live poll going.
    p.answers.live = [];
    p.answers.ids = [fixture(880_001, "2H", 60, [1, 0]), fixture(880_009, "FT", 90, [0, 0])];
    for (let i = 0; i < 3; i++) {
      clock.now += 20_000;
      await tick();
    }
    const liveCalls = p.calls.filter((c) => c.includes("live=")).length;
    for (let i = 0; i < 10; i++) {
      clock.now += 20_000;
      await tick();
    }
    expect(p.calls.filter((c) => c.includes("live=")).length).toBe(liveCalls);
    expect(poll.status().live_matches).toEqual({});
    // An answer that shows it moving on (the season's list, with the result) follows it again, and it ends.
    p.answers.season = [fixture(880_001, "FT", 90, [2, 0])];
    clock.now += 86_400_000;
    await tick();
    await tick();
    expect((await getJson("/v1/football/matches/m_af_880001", s.key)).body).toMatchObject({
      status_code: 3,
      home_score: 2,
    });
    expect(poll.status().vanished).toEqual([]);
  });
});

describe("a change ingest refuses every round", () => {
  it("a finished match the provider reports live again: one error line, its count going up, the match as it was", async () => {
    const p = provider();
    const { poll, clock, tick } = poller(p);
    p.answers.season = [fixture(880_002, "FT", 90, [1, 1])];
    await tick();
    // The provider's day list now says it is in the second half (a provider-side reset), round after round.
    p.answers.season = [fixture(880_002, "2H", 70, [1, 1])];
    for (let i = 0; i < 25; i++) {
      clock.now += 86_400_000;
      await tick();
    }
    const errors = poll.status().errors.filter((e) => e.message.includes("m_af_880002"));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/status 3 → 2 has no way/);
    expect(errors[0]!.count).toBe(25);
    expect(Date.parse(errors[0]!.last_at)).toBeGreaterThan(Date.parse(errors[0]!.at));
    expect((await getJson("/v1/football/matches/m_af_880002", s.key)).body.status_code).toBe(3);
  });
});
