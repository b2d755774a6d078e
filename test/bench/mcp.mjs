// P5: MCP `tools/call get_matches` vs the REST list for the same data (sequential calls, alternating rounds, same
// key and Worker), with a 2025-era client (MCP SDK v1, stateless: each call an SSE answer) and a 2026-07-28 client
// (MCP SDK v2 `@modelcontextprotocol/client`: a JSON answer per call).
import { performance } from "node:perf_hooks";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { connectModern } from "../helpers/mcp-watch.ts";
import { abRounds, benchKeys, median, pinAll } from "./lib.mjs";

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const CALLS = Number(process.env.CALLS ?? 150); // per round and side; the scale plan allows 3000 tool calls/min

export async function p5(w, era = "2025") {
  pinAll();
  const [key] = await benchKeys(w, 1);
  const day = new Date().toISOString().slice(0, 10);
  let client;
  if (era === "2026") client = await connectModern(w.base, { "x-api-key": key });
  else {
    client = new Client({ name: "bench", version: "1" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${w.base}/v1/mcp`), {
        requestInit: { headers: { "x-api-key": key } },
      }),
    );
  }
  const rest = async () => {
    const t = performance.now();
    const res = await fetch(`${w.base}/v1/football/matches?date=${day}&limit=20`, { headers: { "x-api-key": key } });
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
  try {
    for (let i = 0; i < 30; i++) (await rest(), await mcp()); // warm-up
    return await abRounds(ROUNDS, async (side) => {
      const times = [];
      for (let i = 0; i < CALLS; i++) times.push(await (side === "a" ? rest() : mcp()));
      return { p50: median(times) };
    });
  } finally {
    await client.close();
  }
}
