// The adapter path end to end (docs/feeds.md "Trying it locally"): the API-Football fake served over HTTP on loopback,
// `wrangler dev` with FEEDS=api-football pointed at it, the real FeedPoller object on its alarms. The operator maps
// two competitions; the match day plays step by step on the provider's side, and REST, a `ws` client and the feed
// status follow. Kickoffs are set a minute before the test starts, so it does not depend on the time of day. Then a
// season already played is mapped too (real recorded answers: the Premier League of 29 Aug – 4 Sep 2022) onto the
// history's same season: its matches are the history's (one id each), with the provider's timelines and one table.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPECTED_A, EXPECTED_C } from "../fakes/match-day";
import { FakeProvider } from "../fakes/providers";
import { named, RecordedProvider } from "../fakes/recorded";
import { httpTarget, importFiles } from "../../src/import/run";
import { freePort, startWorker, type RunningWorker } from "./worker";
import { open, type Client } from "./ws-client";

let w: RunningWorker;
let server: Server;
const fake = new FakeProvider("api-football", new Date().toISOString().slice(0, 10), Date.now, Date.now() - 60_000);
/** The provider's answers for the 2022 season: what it recorded then (test/fixtures/real). */
const past = new RecordedProvider("api-football", [
  named("premier-league-2022-08-29-to-09-04"),
  named("manutd-arsenal-2022-09-04-detail"),
]);
const PAST_IDS = new Set(
  named("premier-league-2022-08-29-to-09-04").body.response.map((f: any) => String(f.fixture.id)),
);

/** One answer for `url`: the 2022 season's from the recordings, today's from the scripted day, both merged for ids. */
async function answer(
  url: URL,
  headers: Headers,
): Promise<{ status: number; headers: Record<string, string>; body: string } | "hang"> {
  const q = url.searchParams;
  const recorded = async (u: URL) => JSON.parse(await (await past.fetch(u)).text());
  if (q.get("season") === "2022") {
    return { status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify(await recorded(url)) };
  }
  const ids = q.get("ids")?.split("-") ?? [];
  const old = ids.filter((id) => PAST_IDS.has(id));
  if (old.length === 0) return fake.answer(url, headers);
  const rest = ids.filter((id) => !PAST_IDS.has(id));
  const mine = await recorded(new URL(`${url.origin}/fixtures?ids=${old.join("-")}`));
  if (rest.length > 0) {
    const today = fake.answer(new URL(`${url.origin}/fixtures?ids=${rest.join("-")}`), headers);
    if (today === "hang" || today.status !== 200) return today;
    mine.response.push(...JSON.parse(today.body).response);
  }
  mine.results = mine.response.length;
  return { status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify(mine) };
}
const [A, C] = ["m_af_71001", "m_af_71003"];
/** Steps the live poll shows at once (the last one, a correction 30 minutes after full time, is for the unit tests). */
const LIVE_STEPS = EXPECTED_A.length - 1;

beforeAll(async () => {
  const port = await freePort();
  server = createServer(async (req, res) => {
    const a = await answer(
      new URL(req.url ?? "/", `http://127.0.0.1:${port}`),
      new Headers(req.headers as Record<string, string>),
    );
    if (a !== "hang") res.writeHead(a.status, a.headers).end(a.body);
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  w = await startWorker({
    vars: {
      FEEDS: "api-football",
      API_FOOTBALL_BASE_URL: `http://127.0.0.1:${port}`,
      API_SPORTS_KEY: "e2e-key",
      API_FOOTBALL_PER_DAY: "7500",
      API_FOOTBALL_PER_MINUTE: "300",
      FEED_LIVE_INTERVAL_S: "1",
    },
  });
});
afterAll(async () => {
  await w?.stop();
  server?.close();
});

const get = async (path: string) => {
  const res = await fetch(`${w.base}${path}`, { headers: { "x-api-key": w.demoKey } });
  return { status: res.status, body: (await res.json()) as any };
};
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}
async function state(id: string) {
  const m = await get(`/v1/football/matches/${id}`);
  const ev = await get(`/v1/football/matches/${id}/events`);
  const events = ev.status === 200 ? (ev.body.data as any[]).map((e) => `${e.type} ${e.minute} ${e.team}`) : [];
  return { status_code: m.body.status_code, score: [m.body.home_score, m.body.away_score], events };
}

describe("API-Football through wrangler dev", () => {
  let socket: Client;

  it("a mapping starts the poller: the day's fixtures arrive under the leagues that exist", async () => {
    const res = await w.admin("PUT", "/feeds/api-football/leagues", {
      leagues: [
        { provider_league: "39", season: "2026", league_id: "lg_fb_eng1" },
        { provider_league: "2", season: "2026", league_id: "lg_fb_ucl" },
      ],
    });
    expect(res.status).toBe(200);
    const m = await until(
      () => get(`/v1/football/matches/${A}`),
      (r) => r.status === 200,
    );
    expect(m.body).toMatchObject({
      league_id: "lg_fb_eng1",
      home_team: "Northbridge FC",
      away_team: "Southport Athletic",
    });
    socket = await open(`${w.ws}/v1/ws/match/${A}?since=0`, { "x-api-key": w.demoKey });
  });

  it("each step the provider plays is served over REST within seconds", async () => {
    for (let step = 1; step < LIVE_STEPS; step++) {
      fake.step = step;
      for (const [id, exp] of [
        [A, EXPECTED_A[step]!],
        [C, EXPECTED_C[step]!],
      ] as const) {
        const want = { status_code: exp.status_code, score: exp.score, events: exp.events };
        const got = await until(
          () => state(id),
          (s) => JSON.stringify(s) === JSON.stringify(want),
        );
        expect({ step, id, ...got }).toEqual({ step, id, ...want });
      }
    }
  });

  it("the ws client saw the same match, and the stream closed at full time", async () => {
    expect(await socket.closed).toBe(1000);
    const live = new Map<string, any>();
    for (const m of socket.messages) {
      if (m.type === "event_added" || m.type === "event_updated") live.set(m.data.id, m.data);
      if (m.type === "event_removed") live.delete(m.data.id);
    }
    const rest = (await get(`/v1/football/matches/${A}/events`)).body.data as any[];
    expect([...live.values()].map((e) => e.id).sort()).toEqual(rest.map((e) => e.id).sort());
    const last = socket.messages.filter((m) => m.type === "score_update").at(-1);
    expect([last.data.home, last.data.away]).toEqual([2, 1]);
  });

  it("the feed status says what it did: on, no errors, the quota used, the leagues and their live matches", async () => {
    const body = (await (await w.admin("GET", "/feeds")).json()) as any;
    const af = body.data.find((p: any) => p.provider === "api-football");
    expect(af).toMatchObject({ enabled: true, errors: [], backoff_until: null });
    // Live every second would overrun 7,500 calls if the day's kickoffs played out at that pace, so the plan may say it
    // stretched them (how much depends on the hours left in the UTC day); it never stops them.
    expect(af.degraded).not.toMatch(/only the results|quota is spent/);
    expect(af.quota.day_used).toBeGreaterThan(LIVE_STEPS);
    expect(af.quota.per_day).toBe(7500);
    // What it says it spent is what the provider saw, by kind too (one call may be on its way while the status is
    // read: the poller makes one at a time); and it says what the rest of the day will take.
    expect(Math.abs(af.quota.day_used - fake.calls.length)).toBeLessThanOrEqual(1);
    const byKind = af.quota.day_by_kind as Record<string, number>;
    expect(Object.values(byKind).reduce((a, b) => a + b, 0)).toBe(af.quota.day_used);
    expect(Math.abs(byKind.live! - fake.calls.filter((c) => c.includes("live=")).length)).toBeLessThanOrEqual(1);
    expect(af.day_plan.projected_calls).toBeGreaterThanOrEqual(0);
    expect(af.day_plan.calls_left).toBeGreaterThanOrEqual(af.quota.day_left);
    expect(af.dropped).toEqual([]);
    expect(af.vanished).toEqual([]);
    expect(af.leagues.map((l: any) => [l.league_id, l.tracked])).toEqual([
      ["lg_fb_eng1", true],
      ["lg_fb_ucl", true],
    ]);
    expect(Date.parse(af.next_poll_at)).toBeGreaterThan(Date.parse(af.last_poll_at));
    // The provider was asked only with its key, and only GETs of documented paths.
    expect(fake.calls.every((c) => c.startsWith("/fixtures?"))).toBe(true);
  });

  it("a season already played, mapped now onto the history's: one match each, the provider's timelines on them, one table", async () => {
    // The history holds that season (openfootball's Premier League 2022/23, imported as npm run import does).
    const file = "openfootball/football.json/2022-23/en.1.json";
    await importFiles([{ path: file, text: readFileSync(`data/${file}`, "utf8") }], httpTarget(w.base, w.ingestToken), {
      now: Date.now(),
    });
    const day = async (d: string) =>
      (await get(`/v1/football/matches?league_id=lg_fb_eng1&date=${d}&limit=100`)).body.data as any[];
    const mu = (await day("2022-09-04")).find((x) => x.home_team === "Manchester United")!;
    expect(mu.id).toMatch(/^m_of_/);
    const res = await w.admin("PUT", "/feeds/api-football/leagues", {
      leagues: [
        { provider_league: "39", season: "2026", league_id: "lg_fb_eng1" },
        { provider_league: "2", season: "2026", league_id: "lg_fb_ucl" },
        { provider_league: "39", season: "2022", league_id: "lg_fb_eng1" },
      ],
    });
    expect(res.status).toBe(200);
    // Manchester United 3–1 Arsenal, 4 Sep 2022: first seen finished, fetched in full once, its goals in order, on the
    // history's match (the provider's fixture 868001 is that match: one id).
    const goals = await until(
      async () => {
        const r = await get(`/v1/football/matches/${mu.id}/events`);
        return r.status === 200 ? (r.body.data as any[]).filter((e) => e.type === "goal") : [];
      },
      (g) => g.length === 4,
      30_000,
    );
    expect(goals.map((e) => `${e.player} ${e.minute}'`)).toEqual([
      "Antony 35'",
      "B. Saka 60'",
      "M. Rashford 66'",
      "M. Rashford 75'",
    ]);
    expect((await get("/v1/football/matches/m_af_868001")).status).toBe(404);
    const m = (await get(`/v1/football/matches/${mu.id}`)).body;
    expect(m).toMatchObject({ status_code: 3, home_score: 3, away_score: 1, season: "2022/23" });
    expect(m.external_ids).toEqual({ "api-football": "868001" });
    // The week's 20 results are the history's 20 matches, not 40.
    const week = ["2022-08-30", "2022-08-31", "2022-09-01", "2022-09-03", "2022-09-04"];
    expect((await Promise.all(week.map(day))).flat()).toHaveLength(20);
    // One table of the season: 20 clubs, 38 games each, each match counted once.
    const table = (await get("/v1/football/leagues/lg_fb_eng1/standings?season=2022/23")).body;
    expect(table.standings).toHaveLength(20);
    expect(table.standings.every((r: any) => r.played === 38)).toBe(true);
    // One detail call fetched the 20 results (20 ids a call), and nothing went wrong.
    expect(past.calls.filter((c) => c.startsWith("/fixtures?ids="))).toHaveLength(1);
    const af = ((await (await w.admin("GET", "/feeds")).json()) as any).data.find(
      (p: any) => p.provider === "api-football",
    );
    expect(af.errors).toEqual([]);
    expect(af.dropped).toEqual([]);
  });
});
