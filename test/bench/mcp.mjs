// P5: MCP `tools/call get_matches` vs the REST list for the same data (sequential calls, alternating rounds, same
// key and Worker), with a 2025-era client (MCP SDK v1, stateless: each call an SSE answer) and a 2026-07-28 client
// (MCP SDK v2 `@modelcontextprotocol/client`: a JSON answer per call). P5c/P5d: the same calls against a Worker that
// does no work (it replays our answers), the floor that the clients and the runtime set under P5 and P5b.
import { performance } from "node:perf_hooks";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { connectModern } from "../helpers/mcp-watch.ts";
import { abRounds, benchKeys, median, pinAll, startBaseline } from "./lib.mjs";

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const CALLS = Number(process.env.CALLS ?? 150); // per round and side; the scale plan allows 3000 tool calls/min

/** A client of `era` connected to `base`'s /v1/mcp with `key`. */
async function connect(base, key, era) {
  if (era === "2026") return connectModern(base, { "x-api-key": key });
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/v1/mcp`), { requestInit: { headers: { "x-api-key": key } } }),
  );
  return client;
}

/**
 * Sequential p50s of the REST list (side a) against `tools/call get_matches` (side b), in alternating rounds.
 * `restUrl` and `mcpBase` say where each goes: our Worker for P5, the replaying Worker for the floor.
 */
async function restVsMcp({ restUrl, mcpBase, key, era }) {
  const day = new Date().toISOString().slice(0, 10);
  const client = await connect(mcpBase, key, era);
  const rest = async () => {
    const t = performance.now();
    const res = await fetch(restUrl, { headers: { "x-api-key": key } });
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

const listUrl = (base) => `${base}/v1/football/matches?date=${new Date().toISOString().slice(0, 10)}&limit=20`;

export async function p5(w, era = "2025") {
  pinAll();
  const [key] = await benchKeys(w, 1);
  return restVsMcp({ restUrl: listUrl(w.base), mcpBase: w.base, key, era });
}

/**
 * P5's floor: the same two calls against a Worker that does no work (test/bench/baseline/worker.js): the REST call
 * gets the list's bytes, the MCP client our Worker's own answers replayed with its ids. What is left is the clients'
 * and the runtime's share of P5, which no change to our Worker can remove.
 */
export async function p5Floor(w, era = "2025") {
  pinAll();
  const [key] = await benchKeys(w, 1);
  const base = await startBaseline();
  try {
    pinAll();
    const bytes = await (await fetch(listUrl(w.base), { headers: { "x-api-key": key } })).text();
    await fetch(base.base, { method: "PUT", body: bytes });
    await fetch(`${base.base}/replay-origin`, { method: "PUT", body: w.base });
    return await restVsMcp({ restUrl: `${base.base}/?q=0`, mcpBase: base.base, key, era });
  } finally {
    await base.stop();
  }
}
