// MCP overhead (npm run bench:mcp): `tools/call get_matches` through the MCP SDK client vs the REST list for the
// same data, p50 in the same run, requests interleaved. Under the growth plan's limits (1200 REST, 600 MCP/min).
import { performance } from "node:perf_hooks";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startHarness as startWorker } from "./harness.mjs";

const N = Number(process.env.REQUESTS ?? 250);
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

const w = await startWorker();
try {
  const day = new Date().toISOString().slice(0, 10);
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${w.base}/v1/mcp`), {
      requestInit: { headers: { "x-api-key": w.demoKey } },
    }),
  );
  const times = { rest: [], mcp: [] };
  const rest = async () => {
    const t = performance.now();
    const res = await fetch(`${w.base}/v1/football/matches?date=${day}&limit=20`, {
      headers: { "x-api-key": w.demoKey },
    });
    await res.json();
    if (res.status !== 200) throw new Error(`REST ${res.status}`);
    return performance.now() - t;
  };
  const mcp = async () => {
    const t = performance.now();
    const r = await client.callTool({ name: "get_matches", arguments: { sport: "football", date: day, limit: 20 } });
    if (r.isError) throw new Error(`MCP: ${r.content[0]?.text}`);
    return performance.now() - t;
  };
  for (let i = 0; i < 20; i++) (await rest(), await mcp()); // warm-up
  for (let i = 0; i < N; i++) {
    if (i % 2) (times.rest.push(await rest()), times.mcp.push(await mcp()));
    else (times.mcp.push(await mcp()), times.rest.push(await rest()));
  }
  await client.close();
  const f = (x) => `${x.toFixed(2)} ms`;
  console.log(`\nMCP vs REST: football matches of <today>, limit 20, ${N} calls each, sequential, interleaved\n`);
  console.log("| path | p50 | p90 | p99 |\n|---|---|---|---|");
  console.log(
    `| GET /v1/football/matches | ${f(pct(times.rest, 50))} | ${f(pct(times.rest, 90))} | ${f(pct(times.rest, 99))} |`,
  );
  console.log(
    `| tools/call get_matches | ${f(pct(times.mcp, 50))} | ${f(pct(times.mcp, 90))} | ${f(pct(times.mcp, 99))} |`,
  );
  console.log(`\np50 ratio MCP/REST: ${(pct(times.mcp, 50) / pct(times.rest, 50)).toFixed(3)} (target ≤ 1.5)`);
} finally {
  await w.stop();
}
process.exit(0);
