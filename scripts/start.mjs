#!/usr/bin/env node
// `npm start`: local secrets, migrations, `wrangler dev`, real history (imported on the first start), the simulated
// current season for today, then a banner with the demo key.
// Every input is checked before anything starts. Each child (the migrations, `wrangler dev`, the importer) runs in its
// own process group (npx → wrangler → workerd), and on any failure, Ctrl-C, SIGINT, SIGTERM or SIGHUP to this script's
// pid, or the end of the `npm start` that ran it (SIGTERM or SIGKILL to npm's pid), every group is stopped before this
// script exits (SIGTERM, SIGKILL 3 s later), so nothing is left serving the port.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";

const HOST = "127.0.0.1";
/** Names `npm start` hands from its environment to the Worker (docs/feeds.md "Configuration"). */
const FEED_VARS = [
  "FEEDS",
  "FEED_URL",
  "API_SPORTS_KEY",
  "FOOTBALL_DATA_TOKEN",
  "API_FOOTBALL_BASE_URL",
  "API_BASKETBALL_BASE_URL",
  "FOOTBALL_DATA_BASE_URL",
  "API_FOOTBALL_PER_DAY",
  "API_FOOTBALL_PER_MINUTE",
  "API_BASKETBALL_PER_DAY",
  "API_BASKETBALL_PER_MINUTE",
  "FOOTBALL_DATA_PER_DAY",
  "FOOTBALL_DATA_PER_MINUTE",
  "FEED_LIVE_INTERVAL_S",
];
const KEY_FILE = ".wrangler/demo-api-key";
/**
 * Where this start serves, while it runs ({ pid, port, url }): `npm run import` (src/import/cli.ts) imports into it
 * when PORT is not set, so the importer follows `PORT=9101 npm start` from another terminal.
 */
const SERVER_FILE = ".wrangler/local-server.json";
const KEY = /^sk_test_[0-9A-Za-z]{43}$/;
// Loopback only: no metrics, and no fetch of the `request.cf` placeholder from workers.cloudflare.com.
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

/** The `NAME=value` lines of a .dev.vars file, as [name, line]. */
const varLines = (file) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf("=")), l]);

function fail(message) {
  console.error(`npm start: ${message}`);
  process.exit(1);
}

/** A key is a secret: describe what was given without printing it. */
const described = (v) => (v.length > 8 ? `"${v.slice(0, 8)}…" (${v.length} characters)` : `"${v}"`);

function readPort() {
  const raw = process.env.PORT ?? "8787";
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) fail(`PORT must be a port number (1–65535); got "${raw}".`);
  return port;
}

function readSimulator() {
  const raw = process.env.SIMULATOR ?? "on";
  if (raw !== "on" && raw !== "off") fail(`SIMULATOR must be "on" or "off"; got "${raw}".`);
  return raw === "on";
}

function readDevVars() {
  if (!existsSync(".dev.vars")) {
    if (!existsSync(".dev.vars.example"))
      fail("neither .dev.vars nor .dev.vars.example is here: run it from the project folder.");
    copyFileSync(".dev.vars.example", ".dev.vars");
    console.log("created .dev.vars from .dev.vars.example");
  }
  if (existsSync(".dev.vars.example")) {
    // Secrets added to the example since .dev.vars was made (e.g. WEBHOOK_SECRETS_KEY) are appended; values kept.
    const have = new Set(varLines(".dev.vars").map(([name]) => name));
    const missing = varLines(".dev.vars.example").filter(([name]) => !have.has(name));
    if (missing.length > 0) {
      appendFileSync(".dev.vars", `\n${missing.map(([, line]) => line).join("\n")}\n`);
      console.log(`added ${missing.map(([name]) => name).join(", ")} to .dev.vars from .dev.vars.example`);
    }
  }
  const vars = Object.fromEntries(
    varLines(".dev.vars").map(([name, line]) => [name, line.slice(line.indexOf("=") + 1).trim()]),
  );
  for (const name of ["ADMIN_TOKEN", "INGEST_TOKEN", "WEBHOOK_SECRETS_KEY", "TOKEN_SEALING_KEY"])
    if (!vars[name])
      fail(`.dev.vars has no ${name}: add a line ${name}=<any long random text> (see .dev.vars.example).`);
  return vars;
}

function base62(bytes) {
  const digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let n = BigInt(`0x${bytes.toString("hex")}`);
  let out = "";
  for (let i = 0; i < 43; i++) ((out = digits[Number(n % 62n)] + out), (n /= 62n));
  return out;
}

function readGivenKey() {
  const given = process.env.DEMO_API_KEY;
  if (given !== undefined && !KEY.test(given))
    fail(
      `DEMO_API_KEY must be sk_test_ followed by 43 letters and digits (base62): the local server is the staging ` +
        `environment, which accepts only sk_test_ keys. Got ${described(given)}. Unset it to use a generated key.`,
    );
  return given;
}

/** The key kept from an earlier start, or a new one (kept for the next start). */
function keptOrNewKey() {
  if (existsSync(KEY_FILE)) {
    const kept = readFileSync(KEY_FILE, "utf8").trim();
    if (!KEY.test(kept))
      fail(`${KEY_FILE} does not hold an sk_test_ key (${described(kept)}): delete it for a new one.`);
    return kept;
  }
  const key = `sk_test_${base62(randomBytes(32))}`;
  mkdirSync(".wrangler", { recursive: true });
  writeFileSync(KEY_FILE, key + "\n", { mode: 0o600 });
  return key;
}

/** Fails now, with the reason, rather than after wrangler has started and given up on a busy port. */
const portIsFree = (port) =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });

// ---------- everything this script starts, and stopping all of it ----------
/**
 * The process groups of the children this script started, each the exit of its leader. Every child is spawned
 * detached, the leader of its own group, so one signal to -pid reaches all it started in turn (npx → sh → wrangler →
 * workerd). A group whose processes have all exited is forgotten (its number could be reused).
 */
const groups = new Map();
const signalGroup = (pgid, sig) => {
  try {
    process.kill(-pgid, sig);
    return true;
  } catch {
    return false; // the group is gone
  }
};
const signalAll = (sig) => {
  for (const pgid of groups.keys()) signalGroup(pgid, sig);
};
let stopping = null;
/** Starts a child in its own process group, stopped with the others; none is started once stopping. */
function launch(cmd, args, options) {
  if (stopping) throw new Error("stopping");
  const child = spawn(cmd, args, { ...options, detached: true });
  if (child.pid !== undefined) {
    const pgid = child.pid;
    const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
    groups.set(pgid, exited);
    void exited.then(() => {
      if (!stopping && !signalGroup(pgid, 0)) groups.delete(pgid);
    });
  }
  return child;
}
/** Stops every group (SIGTERM, then SIGKILL after 3 s), then exits with `code`. */
function stop(code) {
  stopping ??= (async () => {
    signalAll("SIGTERM");
    const late = setTimeout(() => signalAll("SIGKILL"), 3000);
    await Promise.all(groups.values());
    clearTimeout(late);
    signalAll("SIGKILL"); // anything of a group that outlived its leader
    forgetServer();
    process.exit(code);
  })();
  return stopping;
}
process.on("SIGINT", () => stop(130));
process.on("SIGTERM", () => stop(143));
process.on("SIGHUP", () => stop(129));
// Last resort if this process dies some other way: no group may outlive it.
process.on("exit", () => {
  signalAll("SIGKILL");
  forgetServer();
});

/** This script's SERVER_FILE, removed (not another start's). */
function forgetServer() {
  try {
    if (JSON.parse(readFileSync(SERVER_FILE, "utf8")).pid === process.pid) rmSync(SERVER_FILE);
  } catch {}
}

/** The parent of process `pid` (Linux's /proc), or undefined. */
function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8"); // "pid (name) state ppid …"; the name may hold ") "
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}

/**
 * `npm start` is npm → sh -c "node scripts/start.mjs" → this script. A process manager signals npm's own pid: npm
 * passes SIGTERM on to that shell, which dies of it without passing it on, and npm exits after it. This script would be
 * left running, and wrangler with it, holding the port, with no one to stop them (npm killed with SIGKILL leaves the
 * shell waiting the same way). So under npm, the end of the shell or of npm is this script's signal to stop: it is
 * reparented, or the shell is. (Ctrl-C in a terminal signals the whole foreground group, this script included; a
 * signal to this script's own pid is handled above. SIGINT to npm's pid alone reaches only the shell, and dash defers
 * it while its child runs: nothing ends, so there is nothing to notice; package.json's start script would have to
 * `exec` node for npm to hand it to this script.)
 */
function stopWithNpm() {
  if (process.env.npm_lifecycle_event !== "start") return;
  const parent = process.ppid;
  let comm = "";
  try {
    comm = readFileSync(`/proc/${parent}/comm`, "utf8").trim();
  } catch {}
  // npm, when the parent is the shell npm ran the script in (dash keeps itself between them; bash may exec node).
  const npm = /^(sh|dash|bash|ash|ksh|zsh)$/.test(comm) ? parentOf(parent) : undefined;
  const watch = setInterval(() => {
    if (process.ppid === parent && (npm === undefined || parentOf(parent) === npm)) return;
    clearInterval(watch);
    console.error("npm start: npm, which ran this script, has exited (signalled?): stopping everything it started.");
    void stop(1);
  }, 200);
  watch.unref();
}
stopWithNpm();

// ---------- every input, before anything starts ----------
const PORT = readPort();
const simulate = readSimulator();
const givenKey = readGivenKey();
const devVars = readDevVars();
const key = givenKey ?? keptOrNewKey();
if (!(await portIsFree(PORT))) fail(`port ${PORT} on ${HOST} is in use (another npm start?): stop it, or set PORT.`);
const BASE = `http://${HOST}:${PORT}`;

// wrangler prints its table of migrations again after each one it applies: its output is shown only on a failure,
// and one line says what was applied. Run as a child this script awaits (not spawnSync), so a signal meanwhile stops it.
const migrate = await runChild("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local"], {
  ...env,
  CI: "true",
});
if (stopping) await stopping;
if (migrate.code !== 0) {
  process.stdout.write(migrate.stdout);
  process.stderr.write(migrate.stderr);
  fail(`applying the migrations to the local D1 failed (${migrate.error ?? "see above"}).`);
}
const applied = [...new Set([...(migrate.stdout ?? "").matchAll(/(\d{4}_[\w-]+)\.sql\s*│\s*✅/g)].map((m) => m[1]))];
console.log(
  applied.length > 0
    ? `applied ${applied.length} migration(s) to the local D1: ${applied[0]} … ${applied.at(-1)}`
    : "the local D1 is up to date (no migration to apply)",
);

// ---------- wrangler dev ----------
const dev = launch(
  "npx",
  [
    "wrangler",
    "dev",
    "--ip",
    HOST,
    "--port",
    String(PORT),
    "--var",
    `PUBLIC_BASE_URL:${BASE}`,
    // The feed settings (docs/feeds.md "Configuration"), from this process's environment when set.
    ...FEED_VARS.filter((name) => process.env[name] !== undefined).flatMap((name) => [
      "--var",
      `${name}:${process.env[name]}`,
    ]),
    "--show-interactive-dev-session=false",
  ],
  // Its own process group (launch): one signal to -pid reaches npx, wrangler and workerd alike.
  { env, stdio: ["ignore", "pipe", "pipe"] },
);

// ---------- wrangler's output: quiet until the banner ----------
// Until the banner, the set-up's own requests (the import's batches and ledger, the seed) and wrangler's bindings
// table, printed on each (re)build, would bury it under hundreds of lines: they are held back, counted, and printed
// only if the start fails. Warnings, errors and any request that failed pass at once; after the banner, everything.
let settingUp = true;
const heldBack = [];
const ANSI = /\x1b\[[0-9;]*m/g;
function routine(line) {
  const plain = line.replace(ANSI, "");
  if (/^\[wrangler:info\] [A-Z]+ \S+ [1-3]\d\d /.test(plain)) return true;
  if (
    /^Your Worker has access to the following bindings:|^Binding\s+Resource\s+Mode|^env\.\S+ .*\s(local|remote)\s*$/.test(
      plain,
    )
  )
    return true;
  if (plain.startsWith('{"level":"info","msg":"request"')) {
    try {
      return JSON.parse(plain).status < 400;
    } catch {
      return false;
    }
  }
  return false;
}
for (const [from, to] of [
  [dev.stdout, process.stdout],
  [dev.stderr, process.stderr],
]) {
  let partial = "";
  from.setEncoding("utf8");
  from.on("data", (chunk) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (settingUp && routine(line)) heldBack.push(line);
      else to.write(line + "\n");
    }
  });
}
dev.once("error", (err) => fail(`could not run npx wrangler dev: ${err.message}`));
const exited = new Promise((resolve) => dev.once("exit", (code, signal) => resolve({ code, signal })));
exited.then(({ code, signal }) => {
  if (stopping) return;
  console.error(`npm start: wrangler dev exited (${signal ?? `code ${code}`}).`);
  stop(code || 1);
});

/**
 * Runs the importer (scripts/import.mjs) on data/openfootball and returns its one-line summary. Run as a child this
 * script awaits, never synchronously: while it runs, wrangler's output must still be read, or its pipe fills and the
 * Worker stalls on a log line mid-import (what failed some starts on a loaded machine). A failed run is retried
 * (the importer resumes from its ledger); the last one's exit and output are said in full.
 */
async function importHistory() {
  const tries = 3;
  for (let attempt = 1; ; attempt++) {
    const run = await runChild(process.execPath, ["scripts/import.mjs", "--brief", "data/openfootball"], {
      ...env,
      PORT: String(PORT),
      INGEST_TOKEN: devVars.INGEST_TOKEN,
    });
    if (run.code === 0) return run.stdout.trim();
    const how = run.error ? `could not run: ${run.error}` : run.signal ? `killed by ${run.signal}` : `exit ${run.code}`;
    const said = (run.stderr + run.stdout).trim().split("\n").slice(-20).join("\n") || "(it printed nothing)";
    if (attempt === tries)
      throw new Error(`importing data/openfootball failed ${tries} times; the last run: ${how}\n${said}`);
    console.error(
      `npm start: importing data/openfootball failed (${how}); trying again (${attempt + 1}/${tries})\n${said}`,
    );
    await new Promise((r) => setTimeout(r, 2000 * attempt));
  }
}

/** A child process (in its own group, stopped with the others) run to its end, its output collected. */
function runChild(cmd, args, childEnv) {
  return new Promise((resolve) => {
    if (stopping) return resolve({ code: null, signal: null, error: "stopping", stdout: "", stderr: "" });
    const child = launch(cmd, args, { env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c) => (stdout += c));
    child.stderr.setEncoding("utf8").on("data", (c) => (stderr += c));
    child.once("error", (err) => resolve({ code: null, signal: null, error: err.message, stdout, stderr }));
    child.once("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the Worker did not answer on ${BASE}/health`);
}

try {
  await waitForHealth();
  // The Worker answers: `npm run import` from another terminal finds it here (src/import/cli.ts).
  mkdirSync(".wrangler", { recursive: true });
  writeFileSync(SERVER_FILE, JSON.stringify({ pid: process.pid, port: PORT, url: BASE }) + "\n");
  const admin = (method, path, body) =>
    fetch(`${BASE}/internal/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${devVars.ADMIN_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  // Real history first (data/openfootball, CC0): the first start imports it, later ones find it in the ledger and
  // skip it (docs/data.md "The default data").
  const history = await importHistory();
  const res = await admin("POST", "/demo", { demo_api_key: key, real_history: true });
  if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
  const seed = await res.json();
  // Ready only if the demo key reads what the banner promises.
  const check = await fetch(`${BASE}/v1/football/leagues`, { headers: { "x-api-key": key } });
  if (!check.ok) throw new Error(`the demo key was refused after the set-up: ${check.status} ${await check.text()}`);
  // The live simulator plays today's matches through the ingest path; SIMULATOR=off leaves the data still.
  const sim = await admin("PUT", "/simulator", { running: simulate });
  if (!sim.ok) throw new Error(`simulator: ${sim.status} ${await sim.text()}`);
  const today = new Date().toISOString().slice(0, 10);
  // wrangler logs a request a moment after its answer: the last set-up calls' lines are still held back.
  setTimeout(() => (settingUp = false), 1000);
  console.log(`
  Sports data service running at ${BASE}
  Real history (openfootball, public domain): ${history}
  Simulated current season for ${seed.day}: ${seed.seeded ? `generated ${seed.matches} matches` : "already there"} (invented results, marked "simulated")
  Demo account: demo@example.com / demo-password (plan growth, tracks every league served)
  Dashboard: ${BASE}/dashboard
  Live scores: ${BASE}/live
  API reference: ${BASE}/docs
  Demo API key: ${key}
  Live simulator: ${simulate ? "on (SIMULATOR=off to stop it)" : "off"}

  curl -H "X-API-Key: ${key}" "${BASE}/v1/football/matches?date=${today}"
  curl -H "X-API-Key: ${key}" "${BASE}/v1/basketball/leagues"
  WebSocket: ws://${HOST}:${PORT}/v1/ws/live?api_key=${key}
  OpenAPI: ${BASE}/v1/openapi.json
  Ctrl-C stops everything.
  (${heldBack.length} lines of set-up requests and wrangler's bindings table not shown; what follows is all shown.)
`);
} catch (err) {
  if (!stopping) {
    settingUp = false;
    if (heldBack.length) console.error(`npm start: what the set-up printed before it failed:\n${heldBack.join("\n")}`);
    console.error(`npm start: ${err instanceof Error ? err.message : String(err)}`);
    await stop(1);
  }
}
