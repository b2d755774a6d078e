// The people tools over /v1/mcp (search, get_team, get_player, get_leaders, get_match_players): the REST answers,
// found by id alone (ids carry no sport), in the sport's own words, with tracked-league visibility.
import { describe, expect, it } from "vitest";
import { mcpSession } from "../../helpers/mcp";
import { moveSeasonOp, SEASONS, seedPeople, seedSeasons } from "../../helpers/people";
import { ingestOps } from "../../helpers/live";
import { getJson, seed, type Seeded } from "../../helpers/seed";

const s: Seeded = await seed(["acb"]);
await seedPeople(s.accountId);
await seedSeasons(s.accountId);
const mcp = await mcpSession({ "x-api-key": s.key });
const text = (r: any) => r.content.map((c: any) => c.text).join("\n");
const rest = async (path: string) => (await getJson(path, s.key)).body;

describe("search", () => {
  it("finds people of both sports without a sport, ranked as REST ranks each sport", async () => {
    const r = await mcp.call("search", { query: "cesto" });
    expect(r.isError).toBeFalsy();
    const ids = r.structuredContent.data.map((h: any) => h.id);
    expect(ids).toEqual((await rest("/v1/basketball/search?q=cesto")).data.map((h: any) => h.id));
    expect(r.structuredContent).toMatchObject({ total: ids.length, limit: 10, next_cursor: null });
    expect(text(r)).toContain("team: Cesto Norte (basketball, Spain) [tm_pp_bb2]");
    const both = await mcp.call("search", { query: "liga" });
    const people = both.structuredContent.data.filter((h: any) => h.id.endsWith("_people"));
    expect(people.map((h: any) => [h.sport, h.id])).toEqual([
      ["basketball", "lg_bb_people"],
      ["football", "lg_fb_people"],
    ]);
  });

  it("filters by sport and type, and shows nothing of untracked leagues", async () => {
    const r = await mcp.call("search", { query: "müller", sport: "football", type: "player" });
    expect(r.structuredContent.data.map((h: any) => h.id).filter((id: string) => id.includes("_pp_"))).toEqual([
      "pl_pp_mad",
      "pl_pp_mul",
    ]);
    const hidden = await mcp.call("search", { query: "hidden" });
    expect(hidden.structuredContent.data).toEqual([]);
    expect(text(hidden)).toBe('Nothing named "hidden" in the tracked leagues.');
  });

  it("a query that folds into many words answers, not an internal error", async () => {
    for (const query of ["½".repeat(100), "ﷺ".repeat(33)]) {
      const r = await mcp.call("search", { query });
      expect(r.isError, text(r)).toBeFalsy();
      expect(r.structuredContent).toMatchObject({ data: expect.any(Array), next_cursor: null });
    }
    const r = await mcp.call("search", { query: "atl mad atl mad atl mad atl mad atl mad nort", sport: "football" });
    expect(r.structuredContent.data.map((h: any) => h.id)).toEqual(["tm_pp_atm"]);
  });

  it("a one-letter query is a tool error naming `query`", async () => {
    const r = await mcp.call("search", { query: "a" });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe("Invalid `query`: must be 2–100 characters.");
  });
});

describe("search finds what get_team and get_player show: every season, the current one first (issue 49)", () => {
  const shown = async (id: string) =>
    !(
      await mcp.call(id.startsWith("pl_") ? "get_player" : "get_team", {
        [id.startsWith("pl_") ? "player_id" : "team_id"]: id,
      })
    ).isError;
  /** The season fixtures' hits for `query`: [id, season], sorted. */
  const found = async (query: string) =>
    (await mcp.call("search", { query })).structuredContent.data
      .filter((h: any) => h.id.includes("_sv_"))
      .map((h: any) => [h.id, h.season])
      .sort();
  /** Every id is shown by its tool and found by search (the words of its name), its hit in `season`. */
  const expectShown = async (ids: string[], query: string, season: string) => {
    for (const id of ids) expect(await shown(id), id).toBe(true);
    expect(await found(query)).toEqual(ids.map((id) => [id, season]).sort());
  };

  it("a team and a player of only a previous season's match are found with that season; the current season's too", async () => {
    await expectShown(SEASONS.previous.slice(0, 2), "pasado", "2025/26");
    await expectShown(SEASONS.previous.slice(2), "antiguo", "2025/26");
    await expectShown(SEASONS.current.slice(0, 2), "presente", "2026/27");
    await expectShown(SEASONS.current.slice(2), "actual", "2026/27");
    expect((await found("cinco copas")).map(([id]: string[]) => id)).toEqual([SEASONS.fiveLeagues]);
    const team = await mcp.call("get_team", { team_id: "tm_sv_pasado1" });
    expect(text(team)).toContain("Tracked leagues this season: none\nSeasons: lg_fb_seasons 2025/26");
  });

  it("follows an ingest that moves a league to a new season", async () => {
    await expectShown(SEASONS.beforeMove, "antes", "2025/26");
    await expectShown(SEASONS.afterMove, "despues", "2026/27");
    await ingestOps([moveSeasonOp]);
    const team = await mcp.call("get_team", { team_id: SEASONS.afterMove[0] });
    expect(team.structuredContent.league_ids).toEqual(["lg_fb_move"]);
  });
});

describe("get_team and get_player", () => {
  it("get_team answers REST's team for either sport's id", async () => {
    for (const [sport, id] of [
      ["football", "tm_pp_atm"],
      ["basketball", "tm_pp_bb1"],
    ]) {
      const r = await mcp.call("get_team", { team_id: id });
      expect(r.structuredContent).toEqual(await rest(`/v1/${sport}/teams/${id}`));
    }
    const r = await mcp.call("get_team", { team_id: "tm_pp_atm" });
    expect(text(r)).toBe(
      "Atlético Madrid (ATM), Spain, football · Metropolitano [tm_pp_atm]\nTracked leagues this season: lg_fb_people\nSeasons: lg_fb_people 2026/27",
    );
  });

  it("get_player answers REST's player with this season's stats, in the sport's words", async () => {
    const fb = await mcp.call("get_player", { player_id: "pl_pp_ode" });
    expect(fb.structuredContent).toEqual(await rest("/v1/football/players/pl_pp_ode"));
    expect(text(fb)).toContain("1 appearance (1 start), 90 min, 1 goal, 0 assists, 1 yellow card");
    const bb = await mcp.call("get_player", { player_id: "pl_pp_don" });
    expect(bb.structuredContent).toEqual(await rest("/v1/basketball/players/pl_pp_don"));
    expect(text(bb)).toContain("1 game, 38 min, 90 PTS, 10 REB, 9 AST (90.0 PPG, 10.0 RPG, 9.0 APG)");
    expect(text(bb)).not.toMatch(/goal/);
  });

  it("an untracked team or player and an unknown id are tool errors", async () => {
    for (const [name, args] of [
      ["get_team", { team_id: "tm_pp_hid" }],
      ["get_team", { team_id: "tm_nope" }],
      ["get_player", { player_id: "pl_pp_hid" }],
    ] as const) {
      const r = await mcp.call(name, args);
      expect(r.isError, JSON.stringify(args)).toBe(true);
      expect(text(r)).toContain("not found");
    }
  });
});

describe("get_leaders", () => {
  it("answers REST's leaders for a league of either sport", async () => {
    const fb = await mcp.call("get_leaders", { league_id: "lg_fb_people", stat: "goals" });
    expect(fb.structuredContent).toEqual(await rest("/v1/football/leagues/lg_fb_people/leaders?stat=goals"));
    expect(text(fb)).toMatch(/^Liga Gente leaders, goals \(2026\/27\):\n1\. Madrid Müllerson \(Madrid Norte\) 1 goal/);
    const bb = await mcp.call("get_leaders", { league_id: "lg_bb_people", stat: "points" });
    expect(bb.structuredContent).toEqual(await rest("/v1/basketball/leagues/lg_bb_people/leaders?stat=points"));
    expect(text(bb)).toContain("1. Luka Dončić (Real Cesto) 90 PTS in 1 match");
  });

  it("a stat of the other sport is a tool error naming the stat and the league's stats", async () => {
    const r = await mcp.call("get_leaders", { league_id: "lg_bb_people", stat: "goals" });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe(
      "stat `goals` is not a basketball stat: for Liga Cesto use one of points, rebounds, assists, ppg",
    );
    const fb = await mcp.call("get_leaders", { league_id: "lg_fb_people", stat: "ppg" });
    expect(text(fb)).toContain("stat `ppg` is not a football stat");
  });

  it("an untracked league is not found; an unknown stat names `stat`", async () => {
    const r = await mcp.call("get_leaders", { league_id: "lg_fb_hidden", stat: "goals" });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain("league lg_fb_hidden not found");
    const bad = await mcp.call("get_leaders", { league_id: "lg_fb_people", stat: "steals" });
    expect(text(bad)).toBe("Invalid `stat`: must be one of goals, assists, cards, points, rebounds, ppg.");
  });
});

describe("get_match_players", () => {
  it("answers REST's box score; basketball lines read PTS/REB/AST", async () => {
    const fb = await mcp.call("get_match_players", { match_id: "m_pp_1" });
    expect(fb.structuredContent).toEqual(await rest("/v1/football/matches/m_pp_1/players"));
    expect(text(fb)).toBe(
      [
        "Atlético Madrid 2–1 Madrid Norte, FT [m_pp_1]",
        "Atlético Madrid:",
        "  Martin Ødegaard (M) 90 min: 1 goal, 1 yellow card",
        "  Thomas Müller (M) 90 min: 1 assist",
        "Madrid Norte:",
        "  Madrid Müllerson (M) 90 min: 1 goal, 3 shots",
      ].join("\n"),
    );
    const bb = await mcp.call("get_match_players", { match_id: "m_pp_b1" });
    expect(bb.structuredContent).toEqual(await rest("/v1/basketball/matches/m_pp_b1/players"));
    expect(text(bb)).toContain("  Luka Dončić (G) 38 min: 90 PTS, 10 REB, 9 AST, FG 30/50, 3PT 0/0, FT 0/0");
  });

  it("before kickoff it is a tool error saying there are no player lines yet", async () => {
    const r = await mcp.call("get_match_players", { match_id: "m_pp_2" });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/^no player lines for Madrid Norte v Atlético Madrid, .* \[m_pp_2\] yet$/);
    const hidden = await mcp.call("get_match_players", { match_id: "m_pp_h" });
    expect(text(hidden)).toContain("not found");
  });
});
