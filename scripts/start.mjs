#!/usr/bin/env node
// `npm start`: local secrets, migrations, `wrangler dev`, demo data for today, then a banner with the demo key.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

const PORT = Number(process.env.PORT ?? 8787);
const HOST = "127.0.0.1";
const BASE = `http://${HOST}:${PORT}`;
const KEY_FILE = ".wrangler/demo-api-key";
// Loopback only: no metrics, and no fetch of the `request.cf` placeholder from workers.cloudflare.com.
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

const varNames = (file) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf("=")), l]);
if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("created .dev.vars from .dev.vars.example");
} else {
  // Secrets added to the example since .dev.vars was made (e.g. WEBHOOK_SECRETS_KEY) are appended; values kept.
  const have = new Set(varNames(".dev.vars").map(([name]) => name));
  const missing = varNames(".dev.vars.example").filter(([name]) => !have.has(name));
  if (missing.length > 0) {
    appendFileSync(".dev.vars", `\n${missing.map(([, line]) => line).join("\n")}\n`);
    console.log(`added ${missing.map(([name]) => name).join(", ")} to .dev.vars from .dev.vars.example`);
  }
}
const devVars = Object.fromEntries(
  readFileSync(".dev.vars", "utf8")
    .split("\n")
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1).trim()]),
);

function base62(bytes) {
  const digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let n = BigInt(`0x${bytes.toString("hex")}`);
  let out = "";
  for (let i = 0; i < 43; i++) ((out = digits[Number(n % 62n)] + out), (n /= 62n));
  return out;
}

function demoKey() {
  const given = process.env.DEMO_API_KEY;
  if (given) {
    if (!/^sk_test_[0-9A-Za-z]{43}$/.test(given)) {
      console.error("DEMO_API_KEY must be sk_test_ followed by 43 base62 characters");
      process.exit(1);
    }
    return given;
  }
  if (existsSync(KEY_FILE)) return readFileSync(KEY_FILE, "utf8").trim();
  const key = `sk_test_${base62(randomBytes(32))}`;
  mkdirSync(".wrangler", { recursive: true });
  writeFileSync(KEY_FILE, key + "\n", { mode: 0o600 });
  return key;
}

const migrate = spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local"], {
  env: { ...env, CI: "true" },
  stdio: "inherit",
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const dev = spawn(
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
    "--show-interactive-dev-session=false",
  ],
  { env, stdio: ["ignore", "inherit", "inherit"] },
);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => dev.kill(sig));
dev.on("exit", (code) => process.exit(code ?? 0));

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
  const key = demoKey();
  const res = await fetch(`${BASE}/internal/admin/demo`, {
    method: "POST",
    headers: { authorization: `Bearer ${devVars.ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ demo_api_key: key }),
  });
  if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
  const seed = await res.json();
  // The live simulator plays today's matches through the ingest path; SIMULATOR=off leaves the data still.
  const simulate = (process.env.SIMULATOR ?? "on") !== "off";
  const sim = await fetch(`${BASE}/internal/admin/simulator`, {
    method: "PUT",
    headers: { authorization: `Bearer ${devVars.ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ running: simulate }),
  });
  if (!sim.ok) throw new Error(`simulator: ${sim.status} ${await sim.text()}`);
  const today = new Date().toISOString().slice(0, 10);
  console.log(`
  Sports data service running at ${BASE}
  Demo data for ${seed.day}: ${seed.seeded ? `generated ${seed.matches} matches` : "already there"}
  Demo account: demo@example.com / demo-password (plan growth, tracks every demo league)
  Dashboard: ${BASE}/dashboard
  Demo API key: ${key}
  Live simulator: ${simulate ? "on (SIMULATOR=off to stop it)" : "off"}

  curl -H "X-API-Key: ${key}" "${BASE}/v1/football/matches?date=${today}"
  curl -H "X-API-Key: ${key}" "${BASE}/v1/basketball/leagues"
  WebSocket: ws://${HOST}:${PORT}/v1/ws/live?api_key=${key}
  OpenAPI: ${BASE}/v1/openapi.json
`);
} catch (err) {
  console.error(String(err));
  dev.kill("SIGTERM");
  process.exit(1);
}
