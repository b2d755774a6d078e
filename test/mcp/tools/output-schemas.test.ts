// Every tool declares an outputSchema (tools/list) and its structuredContent satisfies it: real calls over /v1/mcp,
// both sports where a shape differs by sport, parsed with the tool's own zod output schema. A field missing, mistyped
// or not declared fails here; so does a tool added without calls below.
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/client/validators/cf-worker";
import { describe, expect, it } from "vitest";
import { TOOLS } from "../../../src/mcp/tools";
import { mcpSession } from "../../helpers/mcp";
import { seedPeople } from "../../helpers/people";
import { getJson, seed } from "../../helpers/seed";

const s = await seed(["eng1", "euroleague"]);
await seedPeople(s.accountId);
const mcp = await mcpSession({ "x-api-key": s.key });
const listed = new Map((await mcp.list()).map((t) => [t.name, t]));
/** What a client does with the published JSON Schema (the SDK client validates structuredContent with it). */
const jsonSchemaCheck = (name: string) =>
  new CfWorkerJsonSchemaValidator().getValidator(listed.get(name)!.outputSchema);
const text = (r: any) => r.content.map((c: any) => c.text).join("\n");

const list = async (sport: string, query: string) =>
  (await getJson(`/v1/${sport}/matches?${query}&limit=200`, s.key)).body.data;
const fb = (await list("football", "status=finished&league_id=lg_fb_eng1")).at(-1);
const bb = (await list("basketball", "status=finished&league_id=lg_bb_euroleague")).at(-1);
const [fbLive] = await list("football", "status=live");
const [bbLive] = await list("basketball", "status=live");
const day = new Date(fb.kickoff_ts * 1000).toISOString().slice(0, 10);

/** Arguments of real calls that succeed, per tool. */
const CALLS: Record<string, Record<string, unknown>[]> = {
  list_leagues: [{}, { sport: "basketball" }],
  get_matches: [{}, { status: "live" }, { date: day, league_id: "lg_fb_eng1" }, { team_id: fb.home_team_id }],
  get_match: [fb, bb, fbLive, bbLive].map((m) => ({ match_id: m.id })),
  get_match_events: [fb, bb, fbLive].map((m) => ({ match_id: m.id })),
  get_match_stats: [fb, bb].map((m) => ({ match_id: m.id })),
  get_match_lineups: [fb, bb].map((m) => ({ match_id: m.id })),
  get_standings: [{ league_id: "lg_fb_eng1" }, { league_id: "lg_bb_euroleague" }, { match_id: fb.id }],
  get_head_to_head: [fb, bb].map((m) => ({ match_id: m.id })),
  get_match_players: [{ match_id: "m_pp_1" }, { match_id: "m_pp_b1" }, { match_id: fb.id }, { match_id: bb.id }],
  get_leaders: [
    { league_id: "lg_fb_eng1", stat: "goals" },
    { league_id: "lg_bb_euroleague", stat: "ppg" },
  ],
  search: [{ query: "mül" }, { query: "liga", sport: "football", type: "league" }],
  get_team: [{ team_id: "tm_pp_atm" }, { team_id: "tm_pp_bb1" }],
  get_player: [{ player_id: "pl_pp_ode" }, { player_id: "pl_pp_don" }],
  show_match: [fb, bbLive].map((m) => ({ match_id: m.id })),
  refresh_match_token: [{ match_id: fbLive.id }],
};

describe("MCP output schemas", () => {
  it("every tool has calls here", () => {
    expect(Object.keys(CALLS).sort()).toEqual(TOOLS.map((t) => t.name).sort());
  });

  it("tools/list publishes each tool's outputSchema: an object with the declared fields", () => {
    for (const t of TOOLS) {
      const out = listed.get(t.name)?.outputSchema;
      expect(out?.type, t.name).toBe("object");
      expect(Object.keys(out.properties).sort(), t.name).toEqual(Object.keys(t.output.shape).sort());
    }
  });

  it.each(TOOLS.map((t) => [t.name, t] as const))(
    "%s: a real call's structuredContent parses with its outputSchema, every field declared",
    async (name, t) => {
      const check = jsonSchemaCheck(name);
      for (const args of CALLS[name]!) {
        const r = await mcp.call(name, args);
        const what = `${name} ${JSON.stringify(args)}`;
        expect(r.isError, `${what}: ${r.isError ? text(r) : ""}`).toBeFalsy();
        const parsed = t.output.safeParse(r.structuredContent);
        expect(parsed.error?.message, what).toBeUndefined();
        // zod drops keys a schema does not declare: an undeclared field makes the two differ.
        expect(parsed.data, what).toEqual(r.structuredContent);
        expect(check(r.structuredContent).errorMessage, `${what} against the published JSON Schema`).toBeUndefined();
      }
    },
  );
});
