// Fan-out benchmark (npm run bench): 1,000 WebSockets on one match, an update published through POST
// /internal/ingest, delivery latency to every socket — against a raw Node `ws` broadcast of the same payload to
// 1,000 clients in the same run. Loopback only; bounded rounds; stops by itself.
import { performance } from "node:perf_hooks";
import WebSocket, { WebSocketServer } from "ws";
import { startHarness as startWorker } from "./harness.mjs";

const SOCKETS = Number(process.env.SOCKETS ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 30);
const PER_KEY = 100; // the scale plan's concurrent connections per key

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function openAll(urls) {
  const clients = [];
  for (let i = 0; i < urls.length; i += 50) {
    clients.push(
      ...(await Promise.all(
        urls.slice(i, i + 50).map(
          (u) =>
            new Promise((resolve, reject) => {
              const ws = new WebSocket(u);
              ws.on("open", () => resolve(ws));
              ws.on("error", reject);
              ws.on("unexpected-response", (_q, res) => reject(new Error(`HTTP ${res.statusCode}`)));
            }),
        ),
      )),
    );
  }
  return clients;
}

/** Runs ROUNDS publishes; `publish(round)` starts one; each client reports the round number it received. */
async function measure(clients, parse, publish) {
  const all = [];
  const last = [];
  let delivered = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const got = new Array(clients.length).fill(0);
    let n = 0;
    let done;
    const finished = new Promise((r) => (done = r));
    const t0 = performance.now();
    const handlers = clients.map((ws, i) => {
      const h = (data) => {
        if (parse(data) !== round || got[i]) return;
        got[i] = performance.now() - t0;
        if (++n === clients.length) done();
      };
      ws.on("message", h);
      return h;
    });
    await publish(round);
    await Promise.race([finished, sleep(5000)]);
    clients.forEach((ws, i) => ws.off("message", handlers[i]));
    const times = got.filter((t) => t > 0);
    delivered += times.length;
    all.push(...times);
    last.push(Math.max(...times));
    await sleep(50);
  }
  return {
    p50: pct(all, 50),
    p99: pct(all, 99),
    lastP50: pct(last, 50),
    lastP99: pct(last, 99),
    delivered,
    expected: ROUNDS * clients.length,
  };
}

async function workerRun(start) {
  const ingestTimes = [];
  const w = await start();
  // The latency clock starts when the ingest request is sent: D1 read + write, then the room's fan-out.
  try {
    const acc = await (await w.admin("POST", "/accounts", { email: "bench@example.com", plan: "scale" })).json();
    await w.admin("PUT", `/accounts/${acc.id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
    const keys = [];
    for (let i = 0; i < Math.ceil(SOCKETS / PER_KEY); i++) {
      keys.push((await (await w.admin("POST", `/accounts/${acc.id}/keys`, { name: `bench ${i}` })).json()).key);
    }
    const kickoff = Math.floor(Date.now() / 1000) - 600;
    const created = await w.ingest([
      {
        op: "match",
        id: "m_bench",
        sport: "football",
        league_id: "lg_fb_eng1",
        home_team_id: "tm_fb_arsenal",
        away_team_id: "tm_fb_fulham",
        kickoff_ts: kickoff,
        status_code: 2,
        period: 12,
        minute: 10,
      },
    ]);
    if (!created.ok) throw new Error(`ingest ${created.status}`);
    const urls = Array.from(
      { length: SOCKETS },
      (_, i) => `${w.ws}/v1/ws/match/m_bench?api_key=${keys[Math.floor(i / PER_KEY)]}`,
    );
    const clients = await openAll(urls);
    const result = await measure(
      clients,
      (d) => JSON.parse(String(d)).data?.home,
      async (round) => {
        const t = performance.now();
        const res = await w.ingest([
          {
            op: "match",
            id: "m_bench",
            sport: "football",
            league_id: "lg_fb_eng1",
            home_score: round,
            minute: 10 + round,
          },
        ]);
        if (!res.ok) throw new Error(`ingest ${res.status}`);
        ingestTimes.push(performance.now() - t);
      },
    );
    clients.forEach((c) => c.terminate());
    return { ...result, ingestP50: pct(ingestTimes, 50), ingestP99: pct(ingestTimes, 99) };
  } finally {
    await w.stop();
  }
}

async function rawRun() {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise((r) => wss.on("listening", r));
  const url = `ws://127.0.0.1:${wss.address().port}`;
  const clients = await openAll(Array.from({ length: SOCKETS }, () => url));
  const result = await measure(
    clients,
    (d) => JSON.parse(String(d)).data?.home,
    async (round) => {
      const payload = JSON.stringify({
        type: "score_update",
        match_id: "m_bench",
        sport: "football",
        seq: round,
        ts: Date.now(),
        data: { home: round, away: 0, period: 12, minute: 10 + round, added_time: null },
      });
      for (const c of wss.clients) c.send(payload);
    },
  );
  clients.forEach((c) => c.terminate());
  await new Promise((r) => wss.close(r));
  return result;
}

const f = (x) => `${x.toFixed(1)} ms`;
const raw = await rawRun();
const worker = await workerRun(startWorker);
console.log(`\nFan-out: ${SOCKETS} sockets on one match, ${ROUNDS} updates (node ${process.version}, loopback)\n`);
console.log("| path | p50 | p99 | last socket p50 | last socket p99 | delivered |");
console.log("|---|---|---|---|---|---|");
for (const [name, r] of [
  ["POST /internal/ingest → MatchRoom → sockets (workerd)", worker],
  ["raw Node ws broadcast", raw],
]) {
  console.log(
    `| ${name} | ${f(r.p50)} | ${f(r.p99)} | ${f(r.lastP50)} | ${f(r.lastP99)} | ${r.delivered}/${r.expected} |`,
  );
}
console.log(`\ningest request (POST until its response): p50 ${f(worker.ingestP50)}, p99 ${f(worker.ingestP99)}`);
console.log(
  `ratio to raw ws: p50 ${(worker.p50 / raw.p50).toFixed(2)}, p99 ${(worker.p99 / raw.p99).toFixed(2)}, last-socket p99 ${(worker.lastP99 / raw.lastP99).toFixed(2)}`,
);
process.exit(0);
