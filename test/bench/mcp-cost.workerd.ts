// P5e, P5f: P5's call inside the Worker, with no network and no client: what a warm `tools/call get_matches` costs
// our isolate against the warm REST read of the same list, both through the Worker's fetch handler called in this
// isolate, timed over a loop of calls. Log lines are built but not printed while timing: the pool carries each one to
// the test runner, which would cost more than the request (in production they leave through Workers Logs). P5f is the part of it that is the maintained MCP path itself: agents' stateless handler and the SDK serving
// a server with that one tool, whose handler returns the kept result at once (no front door, gate or cache).
// The scale plan's budgets are raised for this run (vitest.bench.config.ts), so every call still spends its budget.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { McpServer } from "@modelcontextprotocol/server";
import { createMcpHandler } from "agents/mcp/server";
import { expect, it } from "vitest";
import { dbFor } from "../../src/core/db/client";
import { seedDemo } from "../../src/demo/seed";
import { generateKey } from "../../src/core/auth/keys";
import { TOOLS } from "../../src/mcp/tools";
import { published } from "../../src/mcp/tools/input";
import { admin } from "../helpers/admin";
import { rawToolCall, readRpc } from "../helpers/mcp";
import worker from "../../workers/api";

const SMOKE = (env as { BENCH_SMOKE?: string }).BENCH_SMOKE === "1";
const ROUNDS = SMOKE ? 1 : 7;
const CALLS = SMOKE ? 10 : 400;
const key = generateKey("sk_test_");
const seeded = await seedDemo(env, { demoApiKey: key, scale: "demo" });
// Checked: with the demo account's own plan the rounds run out of budget, and a refusal is no figure.
const planned = await admin("PUT", `/accounts/${seeded.account_id}/plan`, { plan: "scale" });
if (planned.status !== 200) throw new Error(`the scale plan was not set: HTTP ${planned.status}`);
const day = new Date().toISOString().slice(0, 10);
const args = { sport: "football", date: day, limit: 20 };
const ORIGIN = "http://127.0.0.1:8787";

type Era = "2025" | "2026";

/** A tools/call of get_matches as each era's client sends it, with the key. */
const mcpRequest = (era: Era, id: number) => rawToolCall(era, { id, name: "get_matches", args }, { "x-api-key": key });

const restRequest = () =>
  new Request(`${ORIGIN}/v1/football/matches?date=${day}&limit=20`, {
    headers: { host: "127.0.0.1:8787", "x-api-key": key },
  });

/** The maintained path alone: agents' handler and the SDK, a server with get_matches answering `kept` at once. */
function sdkAlone(kept: object) {
  const tool = TOOLS.find((t) => t.name === "get_matches")!;
  const handler = createMcpHandler(
    () => {
      const server = new McpServer({ name: "sports-data", version: "2.0.0" });
      const config = {
        description: tool.description,
        inputSchema: published(tool.input),
        outputSchema: published(tool.output),
      };
      server.registerTool(tool.name, config, async () => kept as { content: [] });
      return server;
    },
    { route: "/v1/mcp", allowedOriginHostnames: "*", corsOptions: false },
  );
  const authInfo = { token: "api-key", clientId: "api-key", scopes: ["mcp:invoke"] };
  return (era: Era, id: number) => {
    const { request, message } = mcpRequest(era, id);
    return handler.fetch(request, { parsedBody: message, authInfo });
  };
}

/** Microseconds per call of `call` (its answer read in full), over CALLS sequential calls. */
async function perCall(call: (i: number) => Promise<Response>): Promise<number> {
  const print = console.log;
  console.log = () => {};
  try {
    const t = performance.now();
    for (let i = 0; i < CALLS; i++) await (await call(i)).arrayBuffer();
    return ((performance.now() - t) / CALLS) * 1000;
  } finally {
    console.log = print;
  }
}

const fetchHere = (request: Request) => worker.fetch(request, env, createExecutionContext());

it("P5e/P5f: a warm tools/call inside the Worker vs the warm REST read; the SDK's path alone", async () => {
  const ours = (era: Era) => (i: number) => fetchHere(mcpRequest(era, i).request);
  const rest = () => fetchHere(restRequest());
  const first = await readRpc(await ours("2025")(1));
  expect(first.result.isError ?? false, JSON.stringify(first)).toBe(false);
  const kept = Object.freeze(first.result);
  const alone = sdkAlone(kept);
  // The SDK alone answers our result, in both eras.
  for (const era of ["2025", "2026"] as const) {
    const [theirs, mine] = [await readRpc(await alone(era, 1)), await readRpc(await ours(era)(1))];
    expect(theirs.result, `${era}: ${JSON.stringify(theirs).slice(0, 300)}`).toEqual(mine.result);
  }
  const sides = {
    rest,
    ours2025: ours("2025"),
    ours2026: ours("2026"),
    sdk2025: (i: number) => alone("2025", i),
    sdk2026: (i: number) => alone("2026", i),
  };
  for (const call of Object.values(sides)) await perCall(call); // warm-up
  const rounds: Record<keyof typeof sides, number>[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const names = Object.keys(sides) as (keyof typeof sides)[];
    const round = {} as Record<keyof typeof sides, number>;
    for (const name of r % 2 === 0 ? names : names.reverse()) round[name] = await perCall(sides[name]);
    rounds.push(round);
  }
  // A fast refusal is not a figure: every side still answers in full after the rounds (budgets included).
  expect((await rest()).status).toBe(200);
  for (const side of ["ours2025", "ours2026", "sdk2025", "sdk2026"] as const) {
    const { result } = await readRpc(await sides[side](1));
    expect(result !== undefined && !result.isError, side).toBe(true);
  }
  console.log(`BENCH ${JSON.stringify({ id: "P5e", calls: CALLS, rounds })}`);
});
