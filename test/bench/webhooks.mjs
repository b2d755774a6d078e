// P10: webhook push latency, from POST /internal/ingest (a score change, committed) to its arrival at a local receiver,
// for 50 endpoints (each gets every update); and the ingest request's own latency with 0 vs 50 endpoints enabled,
// in alternating rounds. The Worker runs in workerd (createTestHarness: Queues, D1 and fetch as under wrangler dev)
// pinned to core 0; the receiver (a Node http server) and the clients run in this process on core 1. Locally the queue
// consumer and the endpoints' lanes run on that same core (in production each runs on its own), so each ingest starts
// once the previous one's deliveries are done (SETTLE_MS after the last arrived): the ratio is what enqueueing costs
// the ingest.
import { createServer } from "node:http";
import { performance } from "node:perf_hooks";
import { pct, pinAll, sleep, startHarness } from "./lib.mjs";

const ENDPOINTS = Number(process.env.ENDPOINTS ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const UPDATES = Number(process.env.UPDATES ?? 20); // ingests per round and side
const PER_ACCOUNT = 20; // MAX_ENDPOINTS_PER_ACCOUNT
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 100);
const HANG_UPDATES = Number(process.env.HANG_UPDATES ?? 20); // P10b: updates while one endpoint hangs

async function receiver() {
  const arrivals = new Map(); // home score (the update's number) → arrival times
  const hanging = []; // requests to /hang: never answered (the lane's 10 s timeout ends them)
  const server = createServer((req, res) => {
    if (req.url.startsWith("/hang")) {
      hanging.push(res);
      req.resume();
      return;
    }
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const at = performance.now();
      res.writeHead(204).end();
      const home = JSON.parse(body).data?.home;
      const list = arrivals.get(home) ?? [];
      list.push(at);
      arrivals.set(home, list);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    arrivals,
    hanging,
    close: () => {
      for (const res of hanging) res.destroy();
      server.close();
    },
  };
}

export async function p10() {
  const w = await startHarness({ scale: "demo" });
  const rx = await receiver();
  try {
    pinAll();
    const endpoints = [];
    for (let a = 0; a * PER_ACCOUNT < ENDPOINTS; a++) {
      const res = await w.admin("POST", "/accounts", { email: `p10-${a}@example.com`, plan: "scale" });
      const { id } = await res.json();
      await w.admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
      for (let i = a * PER_ACCOUNT; i < Math.min(ENDPOINTS, (a + 1) * PER_ACCOUNT); i++) {
        const made = await w.admin("POST", `/accounts/${id}/webhooks`, {
          url: `${rx.base}/hook/${i}`,
          events: ["match.score_updated"],
        });
        if (made.status !== 201) throw new Error(`webhook ${i}: ${made.status} ${await made.text()}`);
        endpoints.push((await made.json()).id);
      }
    }
    const setEnabled = (enabled) =>
      Promise.all(endpoints.map((id) => w.admin("PATCH", `/webhooks/${id}`, { enabled }).then((r) => r.arrayBuffer())));
    const op = (extra) => ({ op: "match", id: "m_bench_wh", sport: "football", league_id: "lg_fb_eng1", ...extra });
    const created = await w.ingest([
      op({
        home_team_id: "tm_fb_arsenal",
        away_team_id: "tm_fb_fulham",
        kickoff_ts: Math.floor(Date.now() / 1000) - 600,
        status_code: 2,
        period: 12,
        minute: 10,
      }),
    ]);
    if (!created.ok) throw new Error(`ingest ${created.status}`);

    let home = 0;
    /** One ingest; with `expect` endpoints enabled, waits for all their deliveries. */
    async function update(expect) {
      home++;
      const t0 = performance.now();
      const res = await w.ingest([op({ home_score: home, minute: 10 + (home % 80) })]);
      await res.arrayBuffer();
      const ingestMs = performance.now() - t0;
      if (!res.ok) throw new Error(`ingest ${res.status}`);
      const deadline = performance.now() + 10_000;
      while ((rx.arrivals.get(home)?.length ?? 0) < expect && performance.now() < deadline) await sleep(2);
      const got = (rx.arrivals.get(home) ?? []).map((t) => t - t0);
      // The consumer still records the last batch's attempts after its requests arrived: let it finish on both sides,
      // so the next ingest measures its own cost, not a delivery sharing workerd's one core with it.
      await sleep(SETTLE_MS);
      return { ingestMs, got };
    }

    // Warm-up (isolate, D1 statements, queue consumer, connections), then alternating rounds.
    await setEnabled(true);
    for (let i = 0; i < 5; i++) await update(ENDPOINTS);
    const rounds = { a: [], b: [] };
    const deliveries = [];
    const lastPerUpdate = [];
    let missing = 0;
    for (let r = 0; r < ROUNDS; r++) {
      for (const side of r % 2 === 0 ? ["a", "b"] : ["b", "a"]) {
        await setEnabled(side === "b");
        await sleep(200); // let the queue drain between sides
        const ingest = [];
        for (let i = 0; i < UPDATES; i++) {
          const { ingestMs, got } = await update(side === "b" ? ENDPOINTS : 0);
          ingest.push(ingestMs);
          if (side === "b") {
            deliveries.push(...got);
            missing += ENDPOINTS - got.length;
            lastPerUpdate.push(Math.max(...got));
          }
        }
        rounds[side].push({ p50: pct(ingest, 50), p99: pct(ingest, 99) });
      }
    }
    const ratios = rounds.b.map((b, i) => b.p50 / rounds.a[i].p50);

    // P10b: isolation. One endpoint that never answers and one that does, nothing else enabled: each later update
    // reaches the answering endpoint while the hanging one's request is still open (its lane waits its 10 s).
    await setEnabled(false);
    const res = await w.admin("POST", "/accounts", { email: "p10-hang@example.com", plan: "scale" });
    const { id: hangAccount } = await res.json();
    await w.admin("PUT", `/accounts/${hangAccount}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
    for (const path of ["/hang", "/steady"]) {
      const made = await w.admin("POST", `/accounts/${hangAccount}/webhooks`, {
        url: `${rx.base}${path}`,
        events: ["match.score_updated"],
      });
      if (made.status !== 201) throw new Error(`webhook ${path}: ${made.status} ${await made.text()}`);
    }
    await sleep(200);
    const first = await update(1);
    const reached = performance.now() + 2000;
    while (rx.hanging.length === 0 && performance.now() < reached) await sleep(5);
    if (first.got.length !== 1 || rx.hanging.length !== 1)
      throw new Error("P10b: the hanging endpoint was not reached");
    const besideHang = [];
    for (let i = 0; i < HANG_UPDATES; i++) besideHang.push(...(await update(1)).got);
    const stillHanging = rx.hanging.length === 1;
    return {
      besideHang,
      stillHanging,
      endpoints: ENDPOINTS,
      updates: ROUNDS * UPDATES,
      delivered: deliveries.length,
      missing,
      p50: pct(deliveries, 50),
      p99: pct(deliveries, 99),
      lastP50: pct(lastPerUpdate, 50),
      lastP99: pct(lastPerUpdate, 99),
      ingest: rounds,
      ratios,
    };
  } finally {
    rx.close();
    await w.stop();
  }
}
