// P14: a provider feed's cost. (a) Provider poll answered → last of SOCKETS sockets: a fake API-Football on loopback
// (in this process, pinned with the clients) answers the FeedPoller's live poll with a new score; the time runs from
// that answer leaving to the last socket having the `score_update` — against P4's ingest → last socket on the same
// Worker, in alternating rounds. (b) A poll that finds nothing new: our code's CPU per live poll (the poller and the
// adapter, bundled as the Worker bundles them, on Node's V8: process.cpuUsage over OWN_POLLS polls of an unchanged
// answer of 10 live fixtures with 12 events each), and whether the Worker wrote D1 during a window of such polls
// (the data version and the changes feed, read from outside it). (c) The same window's CPU of the Worker's processes
// per poll, workerd's utime + stime minus a window of the same length without polls: the whole round of the object
// (alarm, outbound fetch, storage), for scale.
import { createServer } from "node:http";
import { build } from "esbuild";
import { clock, measure, openAll, workerSide } from "./fanout.mjs";
import { cpuOf, workerdPids } from "./cpu.mjs";
import { benchKeys, pct, pinAll, sleep, startHarness } from "./lib.mjs";

const SOCKETS = Number(process.env.SOCKETS ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PER_KEY = 100;
/** Seconds of each CPU window of (b); live polls run every second. */
const IDLE_S = Number(process.env.P14_IDLE_S ?? (process.env.BENCH_SMOKE === "1" ? 2 : 30));
const FIXTURE = 880001;
const OWN_POLLS = Number(process.env.P14_POLLS ?? (process.env.BENCH_SMOKE === "1" ? 50 : 2000));

/** An API-Football fixture in the second half (docs/providers.md "API-Football"): teams `home` and `home + 1`. */
function liveFixture({ id, kickoff, home, goals, events }) {
  const team = (t) => ({ id: t, name: `Team ${t}`, logo: null, winner: null });
  const pair = (h, a) => ({ home: h, away: a });
  return {
    fixture: {
      id,
      referee: "A Referee, England",
      timezone: "UTC",
      date: new Date(kickoff * 1000).toISOString(),
      timestamp: kickoff,
      venue: { id: 1, name: "Ground", city: "Town" },
      status: { long: "Second Half", short: "2H", elapsed: 70, extra: null },
    },
    league: {
      id: 39,
      name: "Premier League",
      country: "England",
      logo: null,
      season: 2026,
      round: "Regular Season - 9",
    },
    teams: { home: team(home), away: team(home + 1) },
    goals: pair(goals[0], goals[1]),
    score: { halftime: pair(0, 0), fulltime: pair(null, null), extratime: pair(null, null), penalty: pair(null, null) },
    events,
  };
}

/** (b): our code alone, per poll of an answer that says nothing new. */
async function ownCpuPerPoll() {
  const out = await build({
    stdin: {
      contents: `export { Poller } from "./src/core/feeds/poller.ts"; export { apiFootball } from "./src/core/sources/api-football/adapter.ts";`,
      resolveDir: process.cwd(),
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "neutral",
    // The neutral platform reads no "main" field; the schema library behind validation resolves only through it.
    mainFields: ["module", "main"],
    write: false,
  });
  const { Poller, apiFootball } = await import(
    `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`
  );
  const kickoff = 1_800_000_000;
  const response = Array.from({ length: 10 }, (_, i) =>
    liveFixture({
      id: 990_000 + i,
      kickoff,
      home: 100 + 2 * i,
      goals: [2, 1],
      events: Array.from({ length: 12 }, (_, k) => ({
        time: { elapsed: 5 * k + 3, extra: null },
        team: { id: k % 2 ? 101 + 2 * i : 100 + 2 * i, name: "Team", logo: null },
        player: { id: 5000 + k, name: `Player ${k}` },
        assist: { id: null, name: null },
        type: ["Goal", "Card", "subst"][k % 3],
        detail: ["Normal Goal", "Yellow Card", "Substitution 1"][k % 3],
        comments: null,
      })),
    }),
  );
  // `differ`: each answer differs from the last in a field the adapter does not map (so it is parsed and diffed in full).
  let differ = false;
  let n = 0;
  const body = () =>
    JSON.stringify({
      get: "fixtures",
      parameters: { live: "39" },
      errors: [],
      results: 10,
      paging: { current: 1, total: differ ? ++n : 1 },
      response,
    });
  let now = kickoff * 1000 + 70 * 60_000;
  let applies = 0;
  const store = new Map();
  const poller = new Poller({
    provider: apiFootball,
    base: "http://fake.invalid",
    headers: { "x-apisports-key": "bench" },
    quota: { perDay: 1e9, perMinute: 1e9 },
    liveEveryS: 1,
    now: () => now,
    fetch: async () => new Response(body(), { headers: { "content-type": "application/json" } }),
    store: { get: (k) => structuredClone(store.get(k)), put: (k, v) => void store.set(k, structuredClone(v)) },
    mappings: async () => [{ provider_league: "39", season: "2026", league_id: "lg_fb_eng1" }],
    existingLeagues: async () => new Set(["lg_fb_eng1"]),
    apply: async (ops) => {
      applies++;
      return { applied: ops.length, unchanged: 0 };
    },
  });
  for (let i = 0; i < 20; i++) ((now += 1000), await poller.tick()); // fixtures, then the first live answers
  const before = applies;
  const run = async () => {
    const cpu = process.cpuUsage();
    for (let i = 0; i < OWN_POLLS; i++) ((now += 1000), await poller.tick());
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / 1000 / OWN_POLLS;
  };
  const same = await run();
  differ = true;
  const parsed = await run();
  return { ms: same, parsedMs: parsed, applies: applies - before, polls: OWN_POLLS };
}
const MATCH = `m_af_${FIXTURE}`;

/** A fake API-Football serving one fixture in play whose home score is `round`; notes when each round first went out. */
async function fakeProvider() {
  const kickoff = Math.floor(Date.now() / 1000) - 3600;
  const state = { round: 0, livePolls: 0, answered: new Map() };
  const fixture = () => liveFixture({ id: FIXTURE, kickoff, home: 9901, goals: [state.round, 0], events: [] });
  const server = createServer((req, res) => {
    const q = new URL(req.url ?? "/", "http://x").searchParams;
    const body = JSON.stringify({
      get: "fixtures",
      parameters: Object.fromEntries(q),
      errors: [],
      results: 1,
      paging: { current: 1, total: 1 },
      response: [fixture()],
    });
    const round = state.round;
    res.writeHead(200, {
      "content-type": "application/json",
      "x-ratelimit-requests-limit": "1000000",
      "x-ratelimit-requests-remaining": "999999",
      "X-RateLimit-Limit": "100000",
      "X-RateLimit-Remaining": "99999",
    });
    res.end(body, () => {
      if (q.has("live")) {
        state.livePolls++;
        if (!state.answered.has(round)) state.answered.set(round, clock());
      }
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { base: `http://127.0.0.1:${server.address().port}`, state, stop: () => server.close() };
}

async function until(read, ok, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error("P14: timed out waiting");
    await sleep(100);
  }
}

const dataVersion = async (db) =>
  await db
    .prepare("SELECT (SELECT value FROM meta WHERE key = 'data_version') v, (SELECT count(*) FROM changes) c")
    .first();

export async function p14() {
  const fake = await fakeProvider();
  const w = await startHarness({
    scale: "demo",
    vars: {
      FEEDS: "api-football",
      API_FOOTBALL_BASE_URL: fake.base,
      API_SPORTS_KEY: "bench",
      API_FOOTBALL_PER_DAY: "1000000",
      API_FOOTBALL_PER_MINUTE: "100000",
      FEED_LIVE_INTERVAL_S: "1",
    },
  });
  let feedClients = null;
  let ingestSide = null;
  try {
    pinAll();
    const map = (leagues) => w.admin("PUT", "/feeds/api-football/leagues", { leagues });
    const mapped = await map([{ provider_league: "39", season: "2026", league_id: "lg_fb_eng1" }]);
    if (!mapped.ok) throw new Error(`P14 mapping: ${mapped.status} ${await mapped.text()}`);
    await until(
      () => fetch(`${w.base}/v1/football/matches/${MATCH}`, { headers: { "x-api-key": w.demoKey } }),
      (r) => r.ok,
    );
    const keys = await benchKeys(w, Math.ceil(SOCKETS / PER_KEY));
    feedClients = await openAll(
      Array.from(
        { length: SOCKETS },
        (_, i) => `${w.ws}/v1/ws/match/${MATCH}?api_key=${keys[Math.floor(i / PER_KEY)]}`,
      ),
    );
    ingestSide = await workerSide(w);
    const feedRun = (first) =>
      measure(
        feedClients,
        async (round) => {
          fake.state.round = round;
          await until(
            async () => fake.state.answered.get(round),
            (t) => t !== undefined,
            10_000,
          );
          return { origin: fake.state.answered.get(round) };
        },
        first,
      );
    const rounds = { feed: [], ingest: [] };
    let first = 1;
    for (let i = 0; i < ROUNDS; i++) {
      for (const side of i % 2 === 0 ? ["ingest", "feed"] : ["feed", "ingest"]) {
        rounds[side].push(await (side === "feed" ? feedRun(first) : ingestSide.run(first)));
        first += Number(process.env.UPDATES ?? 10);
      }
    }
    // (b) Nothing new: the same score at every live poll, against a window with the league unmapped (no polls).
    const pids = workerdPids();
    const window = async () => {
      const polls = fake.state.livePolls;
      const cpu = cpuOf(pids).reduce((a, b) => a + b, 0);
      const before = await dataVersion(w.db);
      await sleep(IDLE_S * 1000);
      return {
        polls: fake.state.livePolls - polls,
        cpu: cpuOf(pids).reduce((a, b) => a + b, 0) - cpu,
        written: JSON.stringify(await dataVersion(w.db)) !== JSON.stringify(before),
      };
    };
    const polling = await window();
    await map([]);
    await sleep(2000);
    const quiet = await window();
    const ratios = rounds.feed.map((r, i) => r.lastP99 / rounds.ingest[i].lastP99);
    const own = await ownCpuPerPoll();
    return {
      own,
      sockets: SOCKETS,
      rounds,
      ratios,
      idle: {
        polls: polling.polls,
        cpuPerPoll: Math.max(0, polling.cpu - quiet.cpu) / Math.max(1, polling.polls),
        written: polling.written,
        seconds: IDLE_S,
        quietPolls: quiet.polls,
      },
      pct,
    };
  } finally {
    feedClients?.close();
    ingestSide?.close();
    fake.stop();
    await w.stop();
  }
}
