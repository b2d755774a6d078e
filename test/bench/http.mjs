// P1 (match list vs a trivial Worker), P7 (rate limiting on vs off) and P6 (bundle size, cold start).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { createTestHarness } from "wrangler";
import { cpuPerRequest, workerdPids } from "./cpu.mjs";
import { abRounds, benchKeys, load, median, pinAll, startBaseline, startHarness } from "./lib.mjs";

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SECONDS = Number(process.env.SECONDS ?? 5);
const SEQUENTIAL = Number(process.env.SEQUENTIAL ?? 300);
/** P1c: requests per side and round whose CPU is counted (500 requests ≈ 1 s of CPU: the kernel counts 10 ms ticks). */
const CPU_REQUESTS = Number(process.env.CPU_REQUESTS ?? 500);
const today = () => new Date().toISOString().slice(0, 10);

/** p50 of `n` sequential requests (one connection, timed here: autocannon's percentiles are whole milliseconds). */
const sequential = async (url, keys, n = SEQUENTIAL) => (await cpuPerRequest(url, keys, [], n)).p50;

/** Sequential p50 and loaded rps of both sides, in alternating rounds. */
async function compare(a, b) {
  await sequential(a.url, a.keys, 50);
  await sequential(b.url, b.keys, 50);
  const p50 = await abRounds(ROUNDS, async (side) => ({ p50: await sequential(...urlKeys(side === "a" ? a : b)) }));
  const rps = await abRounds(
    ROUNDS,
    async (side) => {
      const s = side === "a" ? a : b;
      return load(s.url, { keys: s.keys, seconds: SECONDS });
    },
    (r) => 1 / r.rps, // a ratio > 1 means side b serves fewer requests per second
  );
  return { p50, rps };
}
const urlKeys = (s) => [s.url, s.keys];

/**
 * P1: GET /v1/football/matches?date=<today> on the benchmark data set, on a warm isolate, against the trivial Worker
 * answering the same bytes (a) after one D1 `SELECT 1` and (b) with no D1 call. P1c: the same read's CPU per request
 * against (b)'s, in alternating rounds. P1d: P1c's measure for our Worker started without its `[assets]` table, so
 * without the local asset router in front of it (the demo data set; the trivial Worker answers those bytes); P1e: P1b's
 * measure on that pair.
 */
export async function p1(w) {
  const oursPids = workerdPids();
  const base = await startBaseline();
  const basePids = workerdPids().filter((p) => !oursPids.includes(p));
  try {
    pinAll();
    const keys = await benchKeys(w, 32);
    const url = `${w.base}/v1/football/matches?date=${today()}`;
    const body = await (await fetch(url, { headers: { "x-api-key": keys[0] } })).text();
    await fetch(base.base, { method: "PUT", body });
    const ours = { url, keys };
    const query = await compare({ url: base.base, keys: [] }, ours);
    const noQuery = await compare({ url: `${base.base}/?q=0`, keys: [] }, ours);
    const cpu = await cpuRounds(base, basePids, url, keys, oursPids);
    const bare = await withoutAssetRouter(base, basePids);
    return { query, noQuery, cpu, bare, bytes: body.length, rows: JSON.parse(body).data.length };
  } finally {
    await base.stop();
  }
}

/** CPU per request of our warm read (`url`) against the no-D1 trivial Worker's, in alternating rounds. */
const cpuRounds = (base, basePids, url, keys, oursPids) =>
  abRounds(
    ROUNDS,
    (side) =>
      side === "a"
        ? cpuPerRequest(`${base.base}/?q=0`, [], basePids, CPU_REQUESTS)
        : cpuPerRequest(url, keys, oursPids, CPU_REQUESTS),
    (r) => r.cpu,
  );

/**
 * P1d: with `[assets]`, the local runtime puts Cloudflare's asset router (two more Workers, router and asset server)
 * in front of ours in the same process, and P1c counts their CPU too. The same read from our Worker without it; P1e:
 * P1b's latency measure on the same pair (P1b's latency goes through the router's hops as well).
 */
async function withoutAssetRouter(base, basePids) {
  const before = new Set(workerdPids());
  const bare = await startHarness({ configPath: configWithoutAssets("wrangler.toml"), scale: "demo" });
  try {
    const barePids = workerdPids().filter((p) => !before.has(p));
    pinAll();
    const keys = await benchKeys(bare, 32);
    const url = `${bare.base}/v1/football/matches?date=${today()}`;
    const body = await (await fetch(url, { headers: { "x-api-key": keys[0] } })).text();
    await fetch(base.base, { method: "PUT", body });
    await cpuPerRequest(url, keys, [], 50);
    const cpu = await cpuRounds(base, basePids, url, keys, barePids);
    // P1e: P1b's measure (sequential p50) on the same two Workers.
    const p50 = await abRounds(ROUNDS, async (side) => ({
      p50: side === "a" ? await sequential(`${base.base}/?q=0`, []) : await sequential(url, keys),
    }));
    return { cpu, p50, bytes: body.length };
  } finally {
    await bare.stop();
  }
}

/** `[alias]` targets ("./src/…") made absolute: wrangler resolves them from the configuration's folder. */
const absoluteAliases = (text, config) =>
  text.replace(/^("[^"\n]+" = )"(\.\/[^"]+)"$/gm, (_, key, target) => `${key}"${resolve(config, "..", target)}"`);

/** `config` without its `[assets]` table or build step, its paths absolute, in a temporary folder. */
export function configWithoutAssets(config) {
  const dir = mkdtempSync(join(tmpdir(), "no-assets-"));
  const text = absoluteAliases(readFileSync(config, "utf8"), config)
    .replace(/^\[assets\]\n(?:.+\n)*/m, "")
    .replace(/^main = "(.*)"$/m, (_, m) => `main = "${resolve(config, "..", m)}"`)
    .replace(/^migrations_dir = "(.*)"$/gm, (_, d) => `migrations_dir = "${resolve(config, "..", d)}"`)
    .replace(/^(command|watch_dir) = .*$/gm, "");
  if (/^\[assets\]|^directory = /m.test(text)) throw new Error(`${config}: its [assets] table was not removed`);
  const path = join(dir, "wrangler.toml");
  writeFileSync(path, text);
  return path;
}

/** P7: the same request with per-key limiting on vs off (two Workers, same data set, alternating rounds). */
export async function p7(on, keys = 32) {
  const off = await startHarness({ scale: "bench", vars: { RATE_LIMITING: "off" } });
  try {
    pinAll();
    const url = (w) => `${w.base}/v1/football/matches?date=${today()}`;
    return await compare(
      { url: url(off), keys: await benchKeys(off, keys) },
      { url: url(on), keys: await benchKeys(on, keys) },
    );
  } finally {
    await off.stop();
  }
}

/**
 * The deployable bundle (`wrangler deploy --dry-run --outdir`): total bytes and gzip bytes of its modules, and
 * esbuild's metafile (`meta`: which source files are in it) beside them.
 */
export function bundle(config, env) {
  const out = mkdtempSync(join(tmpdir(), "bundle-"));
  const meta = join(out, "meta.json");
  execFileSync(
    "npx",
    [
      "wrangler",
      "deploy",
      "--dry-run",
      "--outdir",
      out,
      "--metafile",
      meta,
      "--config",
      config,
      ...(env ? ["--env", env] : []),
    ],
    { stdio: "ignore", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
  let raw = 0;
  let gzip = 0;
  const main = readdirSync(out).find((f) => f.endsWith(".js"));
  for (const f of readdirSync(out)) {
    if (!/\.(js|mjs|wasm)$/.test(f)) continue;
    const bytes = readFileSync(join(out, f));
    raw += statSync(join(out, f)).size;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { out, main, raw, gzip, meta };
}

/**
 * A wrangler config running an already built bundle (no bundling at start-up), so the start-up time is workerd's:
 * loading and compiling the script, then the first request. It lives in a temporary folder, so every relative path of
 * the original is made absolute (a missed one, the assets folder, once crashed the whole run).
 */
export function prebuiltConfig(config, built, drop = []) {
  const dir = mkdtempSync(join(tmpdir(), "prebuilt-"));
  let text = absoluteAliases(readFileSync(config, "utf8"), config);
  // Bindings the built entry has no class for (the production entry has no Simulator: workers/api.ts).
  for (const name of drop) {
    const block = new RegExp(
      `^\\[\\[durable_objects\\.bindings\\]\\]\\nname = "${name}"\\nclass_name = "\\w+"\\n`,
      "m",
    );
    const found = block.exec(text);
    if (!found) throw new Error(`${config}: no top-level binding ${name} to drop`);
    text = text.replace(block, "");
    // Its class is gone from the entry too, as production's own migration list says (wrangler.toml v9).
    const cls = /class_name = "(\w+)"/.exec(found[0])[1];
    text += `\n[[migrations]]\ntag = "drop-${cls}"\ndeleted_classes = ["${cls}"]\n`;
  }
  text = text
    .replace(
      /^main = .*$/m,
      `main = "${join(built.out, built.main)}"\nno_bundle = true\nfind_additional_modules = false`,
    )
    .replace(/^migrations_dir = "(.*)"$/gm, (_, d) => `migrations_dir = "${resolve(config, "..", d)}"`)
    // Every other relative path too (the static assets folder), and no build step: the bundle is built already.
    .replace(/^directory = "(.*)"$/gm, (_, d) => `directory = "${resolve(config, "..", d)}"`)
    .replace(/^(command|watch_dir) = .*$/gm, "");
  const path = join(dir, "wrangler.toml");
  writeFileSync(path, text);
  return path;
}

async function coldStart(configPath, path) {
  const t = performance.now();
  const server = createTestHarness({ workers: [{ configPath }] });
  const { url } = await server.listen();
  for (;;) {
    const res = await fetch(new URL(path, url));
    await res.arrayBuffer();
    if (res.status === 200) break;
  }
  const ms = performance.now() - t;
  await server.close();
  return { ms };
}

/**
 * A script with nothing in it but what `config`'s top-level bindings need to start: its Durable Object classes, empty,
 * and handlers that answer 200. Started from `config`, it is our Worker's local runtime (every binding, the asset
 * router) without our code: P6's split between the runtime's start-up and our script's.
 */
export function emptyScript(config) {
  const top = readFileSync(config, "utf8").split(/^\[env\./m)[0];
  const classes = [...new Set([...top.matchAll(/^class_name = "(\w+)"$/gm)].map((m) => m[1]))];
  const out = mkdtempSync(join(tmpdir(), "empty-script-"));
  writeFileSync(
    join(out, "index.js"),
    [
      'import { DurableObject } from "cloudflare:workers";',
      ...classes.map((c) => `export class ${c} extends DurableObject {}`),
      'export default { fetch: () => new Response("ok"), queue() {}, scheduled() {} };',
    ].join("\n"),
  );
  return { out, main: "index.js" };
}

/**
 * P6: gzip size of the production bundle, and start-up to the first 200 against our configuration with an empty script
 * (`emptyScript`); then, in rounds of their own, that configuration against the trivial Worker's bundle.
 */
export async function p6() {
  const ours = bundle("wrangler.toml", "production");
  const trivial = bundle("test/bench/baseline/wrangler.toml");
  // The production entry, in the top-level configuration less the binding only the development entry has.
  const oursConfig = prebuiltConfig("wrangler.toml", ours, ["SIMULATOR"]);
  const trivialConfig = prebuiltConfig("test/bench/baseline/wrangler.toml", trivial);
  const emptyConfig = prebuiltConfig("wrangler.toml", emptyScript("wrangler.toml"), ["SIMULATOR"]);
  // The measure: our script's start-up against the same configuration with an empty script.
  const start = await abRounds(
    ROUNDS,
    (side) => (side === "a" ? coldStart(emptyConfig, "/health") : coldStart(oursConfig, "/health")),
    (r) => r.ms,
  );
  // What the configuration itself costs (its bindings, the asset router) over the trivial Worker.
  const runtime = await abRounds(
    ROUNDS,
    (side) => (side === "a" ? coldStart(trivialConfig, "/?q=0") : coldStart(emptyConfig, "/health")),
    (r) => r.ms,
  );
  return { ours, trivial, start, runtime };
}

/** p50 of `n` sequential POST /v1/tokens (a 600 s token each), rotating `keys`. */
async function sequentialMints(base, keys, n = SEQUENTIAL) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/v1/tokens`, {
      method: "POST",
      headers: { "x-api-key": keys[i % keys.length], "content-type": "application/json" },
      body: "{}",
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`POST /v1/tokens: HTTP ${res.status}`);
    times.push(performance.now() - t);
  }
  return median(times);
}

/**
 * P13: browser tokens. (1) The P1 list read with a token vs with a key (sequential p50, alternating rounds): a token
 * must cost a page no more than a key. (2) A token mint vs that warm read with a key.
 */
export async function p13(w) {
  pinAll();
  const keys = await benchKeys(w, 8);
  const tokens = [];
  for (const key of keys) {
    const res = await fetch(`${w.base}/v1/tokens`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ ttl_seconds: 900 }),
    });
    if (res.status !== 201) throw new Error(`POST /v1/tokens: HTTP ${res.status}`);
    tokens.push((await res.json()).token);
  }
  const url = `${w.base}/v1/football/matches?date=${today()}`;
  await sequential(url, keys, 50);
  await sequential(url, tokens, 50);
  const read = await abRounds(ROUNDS, async (side) => ({ p50: await sequential(url, side === "a" ? keys : tokens) }));
  await sequentialMints(w.base, keys, 50);
  const mint = await abRounds(ROUNDS, async (side) => ({
    p50: side === "a" ? await sequential(url, keys) : await sequentialMints(w.base, keys),
  }));
  return { read, mint };
}
