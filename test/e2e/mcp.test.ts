// The official MCP SDK client against the running Worker, with an API key.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type RunningWorker } from "./worker";

let w: RunningWorker;
let client: Client;

beforeAll(async () => {
  w = await startWorker();
  client = new Client({ name: "e2e", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${w.base}/v1/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${w.demoKey}` } },
    }),
  );
});
afterAll(async () => {
  await client?.close();
  await w?.stop();
});

const text = (r: any) => r.content.map((c: any) => c.text).join("\n");

describe("MCP SDK Client + StreamableHTTPClientTransport with an API key", () => {
  it("lists 15 tools and calls every one of them", async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(15);
    const live = await client.callTool({ name: "get_matches", arguments: { sport: "football", status: "live" } });
    expect(live.isError).toBeFalsy();
    expect(text(live)).toMatch(/\d+–\d+ .*, (\d+'|Half-time)/);
    // A week ago the Premier League played a whole round (rounds are 7 days apart and span days -1..+1), whatever the
    // time of day; today's finished matches kicked off yesterday until about 04:00 UTC.
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const finished = await client.callTool({
      name: "get_matches",
      arguments: { sport: "football", status: "finished", league_id: "lg_fb_eng1", date: weekAgo },
    });
    const id = (finished.structuredContent as any).matches[0].id;
    const calls: [string, Record<string, unknown>][] = [
      ["list_leagues", {}],
      ["get_match", { match_id: id }],
      ["get_match_events", { match_id: id }],
      ["get_match_stats", { match_id: id }],
      ["get_match_lineups", { match_id: id }],
      ["get_standings", { league_id: "lg_fb_eng1" }],
      ["get_head_to_head", { match_id: id }],
      ["get_matches", { sport: "football" }],
      ["get_leaders", { league_id: "lg_fb_eng1", stat: "goals" }],
      ["search", { query: "arsenal" }],
    ];
    const match = (await client.callTool({ name: "get_match", arguments: { match_id: id } })).structuredContent as any;
    const players = await client.callTool({ name: "get_match_players", arguments: { match_id: id } });
    const line = (players.structuredContent as any).home[0];
    calls.push(
      ["get_match_players", { match_id: id }],
      ["get_team", { team_id: match.match.home_team_id }],
      ["get_player", { player_id: line.player_id }],
      ["show_match", { match_id: id }],
      ["refresh_match_token", { match_id: id }],
    );
    // The client checks each structuredContent against the tool's published outputSchema.
    for (const [name, args] of calls) {
      const r = await client.callTool({ name, arguments: args });
      expect(r.isError, `${name}: ${text(r)}`).toBeFalsy();
      expect(r.structuredContent).toBeDefined();
      expect(text(r).length).toBeGreaterThan(10);
    }
    expect(new Set(calls.map(([name]) => name))).toEqual(new Set(tools.map((t) => t.name)));
  });
});
