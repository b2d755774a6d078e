// A 2026-07-28 client (MCP SDK v2, @modelcontextprotocol/client) against the running Worker: the same URL serves the
// modern stateless protocol and 2025-era clients (test/e2e/mcp.test.ts).
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type RunningWorker } from "./worker";

let w: RunningWorker;
beforeAll(async () => {
  w = await startWorker();
});
afterAll(async () => {
  await w?.stop();
});

async function connect(headers: Record<string, string>) {
  // `auto` probes with server/discover and uses 2026-07-28 when the server offers it (the default is the 2025 handshake).
  const client = new Client({ name: "e2e-modern", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${w.base}/v1/mcp`), { requestInit: { headers } }));
  return client;
}

describe("MCP SDK v2 client (2026-07-28) with an API key", () => {
  it("negotiates the 2026-07-28 revision and calls tools, seeing only the account's leagues", async () => {
    const client = await connect({ "x-api-key": w.demoKey });
    expect(client.getProtocolEra()).toBe("modern");
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("get_matches");
    const live = await client.callTool({ name: "get_matches", arguments: { sport: "football", status: "live" } });
    expect(live.isError).toBeFalsy();
    expect((live.structuredContent as any).matches.length).toBeGreaterThan(0);

    const acc = (await (
      await w.admin("POST", "/accounts", { email: "modern@example.com", plan: "growth" })
    ).json()) as {
      id: string;
    };
    await w.admin("PUT", `/accounts/${acc.id}/tracked-leagues`, { league_ids: ["lg_bb_nba"] });
    const { key } = (await (await w.admin("POST", `/accounts/${acc.id}/keys`, { name: "m" })).json()) as {
      key: string;
    };
    const other = await connect({ authorization: `Bearer ${key}` });
    const leagues = await other.callTool({ name: "list_leagues", arguments: {} });
    expect((leagues.structuredContent as any).leagues.map((l: any) => l.id)).toEqual(["lg_bb_nba"]);
    await client.close();
    await other.close();
  });
});
