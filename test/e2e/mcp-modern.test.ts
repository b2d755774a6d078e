// A 2026-07-28 client (MCP SDK v2, @modelcontextprotocol/client) against the running Worker: the same URL serves the
// modern stateless protocol and 2025-era clients (test/e2e/mcp.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectModern, watch } from "./mcp-v2";
import { startWorker, type RunningWorker } from "./worker";

let w: RunningWorker;
beforeAll(async () => {
  w = await startWorker();
});
afterAll(async () => {
  await w?.stop();
});

const connect = (headers: Record<string, string>) => connectModern(w.base, headers);

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

describe("watching a match from an MCP client (resources + subscriptions/listen)", () => {
  it("an ingest commit reaches the subscriber as notifications/resources/updated; the final whistle completes it", async () => {
    const client = await connect({ "x-api-key": w.demoKey });
    const live = await client.listResources();
    const target = live.resources.find((r) => r.uri.startsWith("sports://football/matches/"));
    expect(target, "a live football match is listed").toBeDefined();
    const detail = JSON.parse(((await client.readResource({ uri: target!.uri })).contents[0] as { text: string }).text);
    const w8 = await watch(client, [target!.uri]);
    expect(w8.subscription.honoredFilter.resourceSubscriptions).toEqual([target!.uri]);
    const change = { op: "match", id: detail.id, sport: "football", league_id: detail.league.id };
    const sent = performance.now();
    expect((await w.ingest([{ ...change, home_score: detail.home_score + 1 }])).status).toBe(200);
    expect(await w8.until(1)).toBe(1);
    expect(w8.updates[0]!.uri).toBe(target!.uri);
    expect(w8.updates[0]!.at - sent).toBeLessThan(1000);
    const after = JSON.parse(((await client.readResource({ uri: target!.uri })).contents[0] as { text: string }).text);
    expect(after.home_score).toBe(detail.home_score + 1);
    expect((await w.ingest([{ ...change, status_code: 3 }])).status).toBe(200);
    expect(await w8.subscription.closed).toBe("graceful");
    expect(w8.updates).toHaveLength(2);
    await client.close();
  });
});
