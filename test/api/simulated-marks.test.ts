// Honest marks (issue 49): a simulated match says so wherever it appears (list, detail, head-to-head meetings, MCP
// text, webhook payloads), a real match's head-to-head counts real meetings only, and a league without a table says
// so in a league's words.
import { describe, expect, it } from "vitest";
import { webhookEvents } from "../../src/core/ingest/webhooks";
import { ingestOps } from "../helpers/live";
import { mcpSession } from "../helpers/mcp";
import { getJson, seed } from "../helpers/seed";
import { track } from "../core/feeds/harness";

const s = await seed(["eng1"]);
const get = (path: string) => getJson(path, s.key);
const LEAGUE = "lg_fb_marks";
const T0 = Math.floor(Date.UTC(2026, 7, 8, 14) / 1000);
const match = (id: string, kickoff: number, over: Record<string, unknown>) => ({
  op: "match",
  id,
  sport: "football",
  league_id: LEAGUE,
  home_team_id: "tm_mk_a",
  away_team_id: "tm_mk_b",
  kickoff_ts: kickoff,
  ...over,
});
await ingestOps([
  {
    op: "league",
    id: LEAGUE,
    sport: "football",
    country: "England",
    name: "Marks League",
    season: "2026/27",
    simulated: true,
  },
  {
    op: "league",
    id: "lg_fb_markcup",
    sport: "football",
    country: "England",
    name: "Marks Cup",
    season: "2026/27",
    format: "cup",
  },
  { op: "team", id: "tm_mk_a", sport: "football", name: "Amberley", country: "England" },
  { op: "team", id: "tm_mk_b", sport: "football", name: "Brampton", country: "England" },
  // A real meeting (the history's, say), an invented one, and an invented one to come.
  match("m_mk_real", T0, { season: "2025/26", status_code: 3, home_score: 1, away_score: 0 }),
  match("m_mk_sim", T0 + 7 * 86_400, { status_code: 3, home_score: 5, away_score: 5, simulated: true }),
  match("m_mk_next", T0 + 14 * 86_400, { status_code: 1, simulated: true }),
  match("m_mk_realnext", T0 + 21 * 86_400, { status_code: 1 }),
]);
await track(s.accountId, ["lg_fb_eng1", LEAGUE, "lg_fb_markcup"]);

describe("a simulated match says so", () => {
  it("in the match list and the detail", async () => {
    const list = await get(`/v1/football/matches?league_id=${LEAGUE}&limit=10`);
    expect(Object.fromEntries(list.body.data.map((m: any) => [m.id, m.simulated]))).toEqual({
      m_mk_real: false,
      m_mk_sim: true,
      m_mk_next: true,
      m_mk_realnext: false,
    });
    const byTeam = await get(`/v1/football/matches?team_id=tm_mk_a&league_id=${LEAGUE}&status=finished`);
    expect(byTeam.body.data.map((m: any) => [m.id, m.simulated])).toEqual([
      ["m_mk_real", false],
      ["m_mk_sim", true],
    ]);
    expect((await get("/v1/football/matches/m_mk_sim")).body.simulated).toBe(true);
    expect((await get("/v1/football/matches/m_mk_real")).body.simulated).toBe(false);
  });

  it("in head-to-head: a simulated match's meetings are marked; a real match's and two teams' are real ones only", async () => {
    const sim = await get("/v1/football/matches/m_mk_next/h2h");
    expect(sim.body.matches.map((m: any) => [m.id, m.simulated])).toEqual([
      ["m_mk_sim", true],
      ["m_mk_real", false],
    ]);
    const real = await get("/v1/football/matches/m_mk_realnext/h2h");
    expect(real.body.matches.map((m: any) => m.id)).toEqual(["m_mk_real"]);
    expect(real.body.summary).toMatchObject({ played: 1, home_team_wins: 1, draws: 0 });
    const teams = await get("/v1/football/teams/tm_mk_a/h2h?opponent=tm_mk_b");
    expect(teams.body.summary.played).toBe(1);
  });

  it("in MCP's text, and a finished shoot-out gives its score and round", async () => {
    await ingestOps([
      match("m_mk_pens", T0 + 30 * 86_400, {
        league_id: "lg_fb_markcup",
        round: "Final",
        status_code: 9,
        home_score: 3,
        away_score: 3,
        home_penalties: 4,
        away_penalties: 2,
      }),
    ]);
    const mcp = await mcpSession({ "x-api-key": s.key });
    const sim = await mcp.call("get_match", { match_id: "m_mk_sim" });
    expect(sim.content[0].text).toMatch(/^Amberley 5–5 Brampton, FT \(simulated\) \[m_mk_sim\]/);
    const real = await mcp.call("get_match", { match_id: "m_mk_real" });
    expect(real.content[0].text).not.toContain("simulated");
    const pens = await mcp.call("get_match", { match_id: "m_mk_pens" });
    expect(pens.content[0].text).toBe("Amberley 3–3 Brampton, FT (pens 4–2) [m_mk_pens]\nMarks Cup · Final");
  });

  it("in webhook payloads", () => {
    const plan = {
      updates: [{ match_id: "m1", sport: "football" as const, league_id: LEAGUE, updates: [] }],
      finals: new Map(),
      writes: {},
      matches: new Map([["m1", { id: "m1", simulated: 1, home_score: 1, away_score: 0 }]]),
    };
    const envelope = {
      type: "score_update",
      match_id: "m1",
      sport: "football",
      seq: 3,
      ts: 1,
      data: { home: 1, away: 0 },
    };
    const [event] = webhookEvents(plan as any, new Map([["m1", [envelope as any]]]), () => 3);
    expect(JSON.parse(event!.body).data).toMatchObject({ match_id: "m1", simulated: true });
  });
});

describe("a league's table that is not there", () => {
  it("says so in a league's words", async () => {
    const cup = await get("/v1/football/leagues/lg_fb_markcup/standings");
    expect(cup.status).toBe(404);
    expect(cup.body).toMatchObject({ code: "no_data", detail: "no standings for this league yet" });
    const past = await get("/v1/football/leagues/lg_fb_markcup/standings?season=2015/16");
    expect(past.body.detail).toBe("no standings for this league in 2015/16");
  });
});
