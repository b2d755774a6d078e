// P1's request, costed in CPU: milliseconds of CPU each workerd process spends per request (from /proc/<pid>/stat),
// for our warm list request, the trivial Worker with its D1 `SELECT 1`, and the trivial Worker with no D1 call.
// Latency on this shared VM drifts between runs; CPU per request within one round compares the work itself.
// `node test/bench/cpu-per-request.mjs` (ROUNDS, N requests per side and round; VARS='{"RATE_LIMITING":"off"}' etc.
// sets Worker vars on our side; SCALE=demo seeds the small data set, a minute instead of four; CONFIG=<wrangler.toml>
// runs ours from another config; X_LOCAL_OBSERVABILITY=true measures with Miniflare's collector, see lib.mjs).
// MODE=mcp costs P5's call instead: the REST list (limit 20) against `tools/call get_matches` from a 2025-era and a
// 2026-07-28 client, each with the Worker's CPU and the client's own (node's, on the other core) per call.
import { performance } from "node:perf_hooks";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { connectModern } from "../helpers/mcp-watch.ts";
import { cpuOf as cpu, cpuPerRequest, workerdPids as workerd } from "./cpu.mjs";
import { benchKeys, median, pinAll, startBaseline, startHarness } from "./lib.mjs";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const N = Number(process.env.N ?? 500);

const MODE = process.env.MODE ?? "rest";

const ours = await startHarness({
  configPath: process.env.CONFIG,
  scale: process.env.SCALE ?? "bench",
  vars: JSON.parse(process.env.VARS ?? "{}"),
});
const oursPids = workerd();
const base = await startBaseline();
const basePids = workerd().filter((p) => !oursPids.includes(p));
try {
  pinAll();
  const keys = await benchKeys(ours, 32);
  const url = `${ours.base}/v1/football/matches?date=${new Date().toISOString().slice(0, 10)}`;
  const body = await (await fetch(url, { headers: { "x-api-key": keys[0] } })).text();
  await fetch(base.base, { method: "PUT", body });
  const side = async (label, u, ks, pids) => {
    const r = await cpuPerRequest(u, ks, pids, N);
    console.log(
      `${label.padEnd(8)} p50 ${r.p50.toFixed(2)} ms; CPU per request ${r.cpu.toFixed(2)} ms (by process: ${r.byProcess.map((x) => x.toFixed(2)).join(", ")})`,
    );
  };
  if (MODE === "mcp") await mcpRounds(keys[0]);
  else
    for (let r = 0; r < ROUNDS; r++) {
      await side("ours", url, keys, oursPids);
      await side("select1", base.base, [], basePids);
      await side("no D1", `${base.base}/?q=0`, [], basePids);
    }
} finally {
  await ours.stop();
  await base.stop();
}

/** P5's call costed: per call, p50 latency, the Worker's CPU and the client's CPU (ms). */
async function mcpRounds(key) {
  const day = new Date().toISOString().slice(0, 10);
  const legacy = new Client({ name: "cpu", version: "1" });
  await legacy.connect(
    new StreamableHTTPClientTransport(new URL(`${ours.base}/v1/mcp`), {
      requestInit: { headers: { "x-api-key": key } },
    }),
  );
  const modern = await connectModern(ours.base, { "x-api-key": key });
  const args = { name: "get_matches", arguments: { sport: "football", date: day, limit: 20 } };
  const calls = {
    rest: async () => {
      const res = await fetch(`${ours.base}/v1/football/matches?date=${day}&limit=20`, {
        headers: { "x-api-key": key },
      });
      await res.json();
      if (res.status !== 200) throw new Error(`REST ${res.status}`);
    },
    "mcp 2025": async () => {
      if ((await legacy.callTool(args)).isError) throw new Error("MCP 2025 call failed");
    },
    "mcp 2026": async () => {
      if ((await modern.callTool(args)).isError) throw new Error("MCP 2026 call failed");
    },
  };
  for (const call of Object.values(calls)) for (let i = 0; i < 30; i++) await call();
  for (let r = 0; r < ROUNDS; r++)
    for (const [label, call] of Object.entries(calls)) {
      const times = [];
      const before = cpu(oursPids);
      const client = process.cpuUsage();
      for (let i = 0; i < N; i++) {
        const t = performance.now();
        await call();
        times.push(performance.now() - t);
      }
      const worker = cpu(oursPids).reduce((a, x, i) => a + x - before[i], 0) / N;
      const used = process.cpuUsage(client);
      console.log(
        `${label.padEnd(9)} p50 ${median(times).toFixed(2)} ms; Worker CPU per call ${worker.toFixed(2)} ms; client CPU per call ${((used.user + used.system) / 1000 / N).toFixed(2)} ms`,
      );
    }
  await legacy.close();
  await modern.close();
}
