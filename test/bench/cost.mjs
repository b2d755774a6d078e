// The cost model's inputs (docs/operations.md "Cost model"): CPU milliseconds per request kind, from the kernel's
// accounting of the workerd processes (utime + stime, /proc/<pid>/stat) over a run of each kind, on our Worker started
// without its [assets] table (as P1d: no local asset router in front, which production does not bill as ours).
// `npx node test/bench/cost.mjs` (N per kind, ROUNDS). Prints one line per kind and a JSON summary.
//
// Kinds: a warm REST read; an MCP tools/call (both eras, raw HTTP as a client sends it); a browser-token mint; an
// ingest op (a score change of a match no one follows: the batch, the plan, D1, publish to its room and the hubs);
// a socket message delivered (a score change to S sockets of one match, less the ingest op's own CPU, per socket);
// a webhook delivered (a score change to E endpoints, received by a local receiver, less the ingest op, per
// delivery); a cold isolate's start (our script's start-up to its first answer, less the same configuration with an
// empty script: what a cold read costs over a warm one). The provider poll is P14c (npm run bench).
import { createServer } from "node:http";
import { createTestHarness } from "wrangler";
import WebSocket from "ws";
import { cpuOf, workerdPids } from "./cpu.mjs";
import { configWithoutAssets, emptyScript, prebuiltConfig, bundle } from "./http.mjs";
import { benchKeys, median, pinAll, sleep, startHarness } from "./lib.mjs";
import { FOOTBALL, kickedOff } from "../e2e/match-ops.ts";

const N = Number(process.env.N ?? 300);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SOCKETS = Number(process.env.SOCKETS ?? 200);
const ENDPOINTS = Number(process.env.ENDPOINTS ?? 10);
const UPDATES = Number(process.env.UPDATES ?? 30);
const day = new Date().toISOString().slice(0, 10);

/** CPU (ms) the processes spend on `work`, once it has resolved. */
async function cpuOfWork(pids, work) {
  const before = cpuOf(pids);
  await work();
  return cpuOf(pids).reduce((a, x, i) => a + x - before[i], 0);
}

const ok = async (res, status, what) => {
  const body = await res.text();
  if (res.status !== status) throw new Error(`${what}: HTTP ${res.status} ${body.slice(0, 200)}`);
  return body;
};

/** A raw tools/call get_matches as each era's client sends it (cf. test/helpers/mcp.ts rawToolCall). */
function mcpInit(era, id, key) {
  const modern = era === "2026";
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: {
      name: "get_matches",
      arguments: { sport: "football", date: day, limit: 20 },
      ...(modern && {
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientInfo": { name: "cost", version: "1" },
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      }),
    },
  });
  return {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "x-api-key": key,
      ...(modern
        ? { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "get_matches" }
        : { "mcp-protocol-version": "2025-06-18" }),
    },
    body,
  };
}

export async function costs() {
  const w = await startHarness({ configPath: configWithoutAssets("wrangler.toml"), scale: "demo" });
  const pids = workerdPids();
  const receiver = { n: 0 };
  const hooks = createServer((req, res) => {
    req.resume();
    req.on("end", () => (receiver.n++, res.writeHead(204).end()));
  });
  await new Promise((r) => hooks.listen(0, "127.0.0.1", r));
  const sockets = [];
  try {
    pinAll();
    const keys = await benchKeys(w, 8);
    const key = (i) => keys[i % keys.length];
    const perKind = {};
    const record = (kind, value) => (perKind[kind] ??= []).push(value);

    const kinds = {
      "REST read": async () => {
        const url = `${w.base}/v1/football/matches?date=${day}&limit=20`;
        return (
          (await cpuOfWork(pids, async () => {
            for (let i = 0; i < N; i++) await ok(await fetch(url, { headers: { "x-api-key": key(i) } }), 200, "read");
          })) / N
        );
      },
      "MCP call (2025)": async () =>
        (await cpuOfWork(pids, async () => {
          for (let i = 0; i < N; i++) await ok(await fetch(`${w.base}/v1/mcp`, mcpInit("2025", i, key(i))), 200, "mcp");
        })) / N,
      "MCP call (2026)": async () =>
        (await cpuOfWork(pids, async () => {
          for (let i = 0; i < N; i++) await ok(await fetch(`${w.base}/v1/mcp`, mcpInit("2026", i, key(i))), 200, "mcp");
        })) / N,
      "token mint": async () =>
        (await cpuOfWork(pids, async () => {
          for (let i = 0; i < N; i++)
            await ok(
              await fetch(`${w.base}/v1/tokens`, {
                method: "POST",
                headers: { "x-api-key": key(i), "content-type": "application/json" },
                body: "{}",
              }),
              201,
              "mint",
            );
        })) / N,
    };

    // An ingest op on a match no socket or endpoint follows, and the same op with followers.
    const quiet = `m_cost_quiet_${Date.now()}`;
    const watched = `m_cost_watched_${Date.now()}`;
    await ok(await w.ingest([kickedOff(quiet), kickedOff(watched)]), 200, "ingest");
    let score = 0;
    const ingestOps = (id, n) =>
      cpuOfWork(pids, async () => {
        for (let i = 0; i < n; i++)
          await ok(await w.ingest([{ ...FOOTBALL, id, home_score: ++score % 999 }]), 200, "ingest");
      });

    for (let r = 0; r < ROUNDS; r++) {
      for (const [kind, run] of Object.entries(kinds)) record(kind, await run());
      record("ingest op", (await ingestOps(quiet, N)) / N);
    }
    const ingestOp = median(perKind["ingest op"]);

    // Sockets: SOCKETS on the watched match; each update reaches every one.
    const got = { n: 0 };
    for (let i = 0; i < SOCKETS; i++) {
      const ws = new WebSocket(`${w.ws}/v1/ws/match/${watched}?api_key=${key(i)}`);
      ws.on("message", (m) => String(m).includes('"score_update"') && got.n++);
      await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
      sockets.push(ws);
    }
    await sleep(500);
    for (let r = 0; r < ROUNDS; r++) {
      got.n = 0;
      const cpu = await cpuOfWork(pids, async () => {
        await ingestOps(watched, UPDATES);
        for (let t = 0; got.n < SOCKETS * UPDATES && t < 600; t++) await sleep(50);
      });
      if (got.n < SOCKETS * UPDATES) throw new Error(`sockets: ${got.n} of ${SOCKETS * UPDATES} delivered`);
      record("socket message delivered", (cpu - UPDATES * ingestOp) / (SOCKETS * UPDATES));
    }
    for (const ws of sockets.splice(0)) ws.close();
    await sleep(500);

    // Webhooks: ENDPOINTS endpoints of the demo account on score updates, a local receiver.
    const hooked = `m_cost_hooked_${Date.now()}`;
    await ok(await w.ingest([kickedOff(hooked)]), 200, "ingest");
    const made = [];
    for (let i = 0; i < ENDPOINTS; i++) {
      const res = await w.admin("POST", `/accounts/${w.demoAccountId}/webhooks`, {
        url: `http://127.0.0.1:${hooks.address().port}/${i}`,
        events: ["match.score_updated"],
      });
      made.push(JSON.parse(await ok(res, 201, "endpoint")).id);
    }
    await sleep(2500); // the lanes read their endpoint at most every 2 s
    for (let r = 0; r < ROUNDS; r++) {
      receiver.n = 0;
      const cpu = await cpuOfWork(pids, async () => {
        await ingestOps(hooked, UPDATES);
        for (let t = 0; receiver.n < ENDPOINTS * UPDATES && t < 600; t++) await sleep(50);
      });
      if (receiver.n < ENDPOINTS * UPDATES) throw new Error(`webhooks: ${receiver.n} of ${ENDPOINTS * UPDATES}`);
      record("webhook delivered", (cpu - UPDATES * ingestOp) / (ENDPOINTS * UPDATES));
    }
    for (const id of made) await w.admin("DELETE", `/webhooks/${id}`);

    const out = Object.fromEntries(Object.entries(perKind).map(([k, xs]) => [k, { ms: median(xs), runs: xs }]));
    out["cold start over warm"] = await startupCpuOverEmpty(ROUNDS);
    return out;
  } finally {
    for (const ws of sockets) ws.terminate();
    hooks.close();
    await w.stop();
  }
}

/**
 * CPU of a new workerd from its start to the first 200 of /health: our production bundle, less the same
 * configuration with an empty script (ms; the median of `rounds`). What our global scope costs a new isolate, and the
 * start-up budget's measure (test/e2e/startup-budget.test.ts).
 */
export async function startupCpuOverEmpty(rounds) {
  const ours = prebuiltConfig("wrangler.toml", bundle("wrangler.toml", "production"), ["SIMULATOR"]);
  const empty = prebuiltConfig("wrangler.toml", emptyScript("wrangler.toml"), ["SIMULATOR"]);
  const start = async (configPath) => {
    const before = new Set(workerdPids());
    const server = createTestHarness({ workers: [{ configPath }] });
    const { url } = await server.listen();
    let pids = [];
    for (;;) {
      pids = workerdPids().filter((p) => !before.has(p));
      const res = await fetch(new URL("/health", url));
      await res.arrayBuffer();
      if (res.status === 200) break;
    }
    const cpu = cpuOf(pids).reduce((a, b) => a + b, 0);
    await server.close();
    return cpu;
  };
  const diffs = [];
  for (let r = 0; r < rounds; r++) diffs.push((await start(ours)) - (await start(empty)));
  return { ms: median(diffs), runs: diffs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = await costs();
  for (const [kind, { ms, runs }] of Object.entries(out))
    console.log(`${kind.padEnd(26)} ${ms.toFixed(2)} ms CPU (rounds: ${runs.map((x) => x.toFixed(2)).join(", ")})`);
  console.log(JSON.stringify(Object.fromEntries(Object.entries(out).map(([k, v]) => [k, +v.ms.toFixed(3)]))));
}
