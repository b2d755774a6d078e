// Shared benchmark machinery: Workers run in workerd (wrangler's createTestHarness: Miniflare underneath), measured on
// the Worker's own socket, not through the dev proxy in front of it (listenDirect); CPU pinning, A/B rounds, load from
// autocannon, percentiles.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import autocannon from "autocannon";
import { createTestHarness, unstable_splitSqlQuery } from "wrangler";
import { demoClients } from "../e2e/worker.ts";

// Loopback only: Miniflare would otherwise fetch its `request.cf` placeholder from workers.cloudflare.com.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
process.env.WRANGLER_SEND_METRICS ??= "false";
// Wrangler's local dev attaches Miniflare's observability collector (the local explorer's traces and logs) to every
// Worker as a streaming tail worker, in the same workerd process: every invocation, subrequest and console line becomes
// a tail event delivered to it. A deployed Worker has no such in-process collector, and it cost more CPU per request
// than our whole handler (1–2.5 ms on P1's request, on both sides), so the benchmarks run without it.
// X_LOCAL_OBSERVABILITY=true measures with it.
process.env.X_LOCAL_OBSERVABILITY ??= "false";

/** Server on core 0, load generator and clients (this process) on core 1, when the machine has two cores. */
export const SERVER_CPU = "0";
export const CLIENT_CPU = "1";

export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
export const median = (xs) => pct(xs, 50);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function descendants(pid) {
  const out = [];
  let rows = "";
  try {
    rows = execFileSync("ps", ["-e", "-o", "pid=,ppid=,comm="], { encoding: "utf8" });
  } catch {
    return out;
  }
  const procs = rows
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .map(([p, pp, comm]) => ({ pid: Number(p), ppid: Number(pp), comm }));
  const walk = (parent) => {
    for (const p of procs.filter((x) => x.ppid === parent)) {
      out.push(p);
      walk(p.pid);
    }
  };
  walk(pid);
  return out;
}

/** Pins every thread of `pid` to `cpus` (taskset); false where taskset is missing or the machine has one core. */
export function pin(pid, cpus) {
  try {
    execFileSync("taskset", ["-a", "-p", "-c", cpus, String(pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Pins this process (load generator, clients) to CLIENT_CPU and every workerd it started to SERVER_CPU. */
export function pinAll() {
  const self = pin(process.pid, CLIENT_CPU);
  const servers = descendants(process.pid).filter((p) => p.comm.startsWith("workerd") || p.comm === "node");
  return self && servers.every((p) => pin(p.pid, SERVER_CPU));
}

/** Loopback ports workerd processes listen on (`ss`); empty where `ss` is missing. */
function workerdPorts() {
  try {
    return execFileSync("ss", ["-ltnpH"], { encoding: "utf8" })
      .split("\n")
      .filter((l) => l.includes('"workerd"'))
      .map((l) => Number(l.match(/127\.0\.0\.1:(\d+)/)?.[1]))
      .filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * Starts a harness and finds the Worker's own socket. `listen()`'s URL is wrangler's dev proxy: a second workerd
 * process (a ProxyWorker Durable Object) that re-fetches every request and pipes every WebSocket frame to the
 * Worker's process. Production has no such hop, and the raw `ws` baseline has none, so the benchmarks talk to the
 * Worker's process directly (`base`; `proxied`: the proxy's URL). Falls back to the proxy if the socket is not found.
 */
async function listenDirect(server) {
  const before = new Set(workerdPorts());
  const { url } = await server.listen();
  const fresh = workerdPorts().filter((p) => !before.has(p) && p !== Number(url.port));
  const base = fresh.length === 1 ? `http://127.0.0.1:${fresh[0]}` : url.origin;
  if (fresh.length !== 1) console.warn(`bench: the Worker's own socket was not found; measuring through the dev proxy`);
  return { base, proxied: url.origin };
}

async function applyMigrations(db) {
  for (const file of readdirSync("migrations")
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    for (const statement of unstable_splitSqlQuery(readFileSync(`migrations/${file}`, "utf8"))) {
      await db.prepare(statement).run();
    }
  }
}

/**
 * Our Worker in workerd with fresh local state, migrated and seeded. `scale: "bench"` seeds the benchmark data set
 * (10 leagues per sport, 5-season history). Same interface as test/e2e/worker.ts's startWorker().
 */
const BENCH_SCALE_PLAN = {
  SCALE_PLAN_KEYS: "10000",
  SCALE_PLAN_REST_PER_MINUTE: "100000000",
  SCALE_PLAN_MCP_PER_MINUTE: "100000000",
  SCALE_PLAN_STREAMS: "100000",
};

export async function startHarness(opts = {}) {
  const adminToken = `admin-${crypto.randomUUID()}`;
  const ingestToken = `ingest-${crypto.randomUUID()}`;
  const server = createTestHarness({
    workers: [
      {
        configPath: opts.configPath ?? "./wrangler.toml",
        secrets: {
          ADMIN_TOKEN: adminToken,
          INGEST_TOKEN: ingestToken,
          FEED_TOKEN: "",
          WEBHOOK_SECRETS_KEY: `bench-${crypto.randomUUID()}`,
          TOKEN_SEALING_KEY: `bench-${crypto.randomUUID()}`,
        },
        // The demo account is put on the scale plan; its budgets are raised far above what a benchmark sends, so a
        // figure measures the work of counting, never a 429 (the plan's numbers are per account).
        vars: { ...BENCH_SCALE_PLAN, ...(opts.vars ?? {}) },
      },
    ],
  });
  const { base, proxied } = await listenDirect(server);
  const env = await server.getWorker().getEnv();
  await applyMigrations(env.DB);
  const clients = await demoClients(base, adminToken, ingestToken, false, opts.scale);
  // `db`: the Worker's D1 from outside it (P11 writes a revocation no isolate is told of).
  return { ...clients, proxied, db: env.DB, stop: () => server.close() };
}

/** The P1/P6 baseline: a trivial Worker (test/bench/baseline) that makes one D1 `SELECT 1` and answers a body. */
export async function startBaseline(configPath = "test/bench/baseline/wrangler.toml") {
  const server = createTestHarness({ workers: [{ configPath }] });
  const { base, proxied } = await listenDirect(server);
  return { base, proxied, stop: () => server.close() };
}

/**
 * `n` keys of the demo account (which tracks every league), moved to the scale plan. Budgets are per key, so load
 * that must stay under them (the rate limiter stays on) spreads its requests over several keys.
 */
export async function benchKeys(w, n) {
  await w.admin("PUT", `/accounts/${w.demoAccountId}/plan`, { plan: "scale" });
  const keys = [];
  for (let i = 0; i < n; i++) {
    const res = await w.admin("POST", `/accounts/${w.demoAccountId}/keys`, { name: `bench ${i}` });
    if (!res.ok) throw new Error(`key: ${res.status} ${await res.text()}`);
    keys.push((await res.json()).key);
  }
  return keys;
}

/**
 * autocannon against `url` for `seconds` with `connections`, rotating `keys` (X-API-Key) request by request.
 * A non-2xx answer fails the benchmark: a fast error is not a result.
 */
export async function load(url, { keys = [], connections = 8, seconds = 5 } = {}) {
  let n = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: keys.length > 0 ? { ...req.headers, "x-api-key": keys[n++ % keys.length] } : req.headers,
        }),
      },
    ],
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    total: result.requests.total,
  };
}

/**
 * `rounds` alternating A/B rounds (A,B then B,A, …): each round runs `measure(side)` for both sides and the ratio
 * of `metric` is taken within the round. Returns the per-side medians and the median ratio with its spread.
 */
export async function abRounds(rounds, measure, metric = (r) => r.p50) {
  const runs = { a: [], b: [] };
  const ratios = [];
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? ["a", "b"] : ["b", "a"];
    const got = {};
    for (const side of order) got[side] = await measure(side);
    runs.a.push(got.a);
    runs.b.push(got.b);
    ratios.push(metric(got.b) / metric(got.a));
  }
  return { runs, ratios, ratio: median(ratios), spread: [Math.min(...ratios), Math.max(...ratios)] };
}

export const fmtRatio = (r) => `${r.ratio.toFixed(2)}× (${r.spread[0].toFixed(2)}–${r.spread[1].toFixed(2)})`;
export const ms = (x) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;
