import { describe, expect, it } from "vitest";
import { ingestState, plan, refusal, teamRow } from "../../../helpers/ingest-state";
import { newMatchOp, teamOp } from "../../../helpers/ops";

describe("planning a team op", () => {
  it("a new team is written with omitted fields null, indexed for search, its leagues recomputed", () => {
    const state = ingestState();
    const p = plan([teamOp({ id: "tm_fb_new", name: "New FC", short_name: "NEW" })], state);
    const row = {
      id: "tm_fb_new",
      sport: "football",
      name: "New FC",
      country: "England",
      short_name: "NEW",
      venue: null,
      logo_url: null,
    };
    expect(p).toMatchObject({ applied: 1, unchanged: 0, writes: { teams: [row] }, updates: [] });
    expect(p.search).toEqual([
      { kind: "team", id: "tm_fb_new", sport: "football", name: "New FC", team_id: "tm_fb_new", country: "England" },
    ]);
    expect([...p.searchTeams]).toEqual(["tm_fb_new"]);
    expect(state.teams.get("tm_fb_new")).toEqual(row);
  });

  it("the same team again is unchanged: nothing written or indexed", () => {
    const p = plan([teamOp({ id: "tm_fb_arsenal", name: "Arsenal" })]);
    expect(p).toMatchObject({ applied: 0, unchanged: 1, writes: {}, search: [] });
    expect(p.searchTeams.size).toBe(0);
  });

  it.each([
    ["name", { name: "Arsenal FC" }],
    ["country", { country: "Wales" }],
    ["short_name", { short_name: "ARS" }],
    ["venue", { venue: "Emirates Stadium" }],
    ["logo_url", { logo_url: "https://img.example/ars.png" }],
  ])("a changed %s rewrites the row", (_, change) => {
    const p = plan([teamOp({ id: "tm_fb_arsenal", name: "Arsenal", ...change })]);
    expect(p.applied).toBe(1);
    expect(p.writes.teams).toEqual([{ ...teamRow(), ...change }]);
    expect([...p.searchTeams]).toEqual(["tm_fb_arsenal"]);
  });

  it("a field the stored row has and the op leaves out is cleared (sparse means null)", () => {
    const state = ingestState({ teams: [teamRow({ venue: "Emirates Stadium" })] });
    const p = plan([teamOp({ id: "tm_fb_arsenal", name: "Arsenal" })], state);
    expect(p.writes.teams).toEqual([teamRow()]);
  });

  it("a team id of the other sport is refused, naming ops.<i>.sport", () => {
    expect(refusal([teamOp({ id: "tm_bb_olympiacos", name: "Olympiacos" })])).toEqual({
      status: 400,
      code: "invalid_request",
      detail: "invalid `ops.0.sport`: team tm_bb_olympiacos is a basketball team",
    });
  });

  it("a match later in the batch takes the new team's name", () => {
    const p = plan([
      teamOp({ id: "tm_fb_new", name: "New FC" }),
      newMatchOp({ id: "m_new", home_team_id: "tm_fb_new" }),
    ]);
    expect(p.applied).toBe(2);
    expect(p.writes.matches![0]).toMatchObject({
      home_team_id: "tm_fb_new",
      home_team: "New FC",
      away_team: "Chelsea",
    });
  });
});
