import { describe, expect, it } from "vitest";
import { ingestState, playerRow, plan, refusal } from "../../../helpers/ingest-state";
import { playerOp, teamOp } from "../../../helpers/ops";

const saka = () => playerOp({ id: "pl_saka", team_id: "tm_fb_arsenal", name: "Bukayo Saka", number: 7, position: "F" });

describe("planning a player op", () => {
  it("a new player is written with omitted fields null, indexed for search under the team", () => {
    const state = ingestState();
    const p = plan([saka()], state);
    expect(p).toMatchObject({ applied: 1, unchanged: 0, writes: { players: [playerRow()] }, updates: [] });
    expect(p.search).toEqual([
      {
        kind: "player",
        id: "pl_saka",
        sport: "football",
        name: "Bukayo Saka",
        team_id: "tm_fb_arsenal",
        country: null,
      },
    ]);
    expect([...p.searchTeams]).toEqual(["tm_fb_arsenal"]);
    expect(state.players.get("pl_saka")).toEqual(playerRow());
  });

  it("the same player again is unchanged: nothing written or indexed", () => {
    const p = plan([saka()], ingestState({ players: [playerRow()] }));
    expect(p).toMatchObject({ applied: 0, unchanged: 1, writes: {}, search: [] });
    expect(p.searchTeams.size).toBe(0);
  });

  it("a transfer rewrites the row and recomputes the new team's search leagues", () => {
    const p = plan([{ ...saka(), team_id: "tm_fb_chelsea" }], ingestState({ players: [playerRow()] }));
    expect(p.applied).toBe(1);
    expect(p.writes.players).toEqual([playerRow({ team_id: "tm_fb_chelsea" })]);
    expect([...p.searchTeams]).toEqual(["tm_fb_chelsea"]);
  });

  it.each([
    ["number", { number: 11 }],
    ["position", { position: "M" }],
    ["nationality", { nationality: "England" }],
    ["birth_date", { birth_date: "2001-09-05" }],
  ])("a changed %s rewrites the row", (_, change) => {
    const p = plan([{ ...saka(), ...change }], ingestState({ players: [playerRow()] }));
    expect(p.writes.players).toEqual([playerRow(change)]);
  });

  it.each([
    [
      "a player id of the other sport",
      saka(),
      [playerRow({ sport: "basketball" })],
      "invalid `ops.0.sport`: player pl_saka is a basketball player",
    ],
    ["an unknown team", { ...saka(), team_id: "tm_nope" }, [], "invalid `ops.0.team_id`: unknown team tm_nope"],
    [
      "a team of the other sport",
      { ...saka(), team_id: "tm_bb_olympiacos" },
      [],
      "invalid `ops.0.team_id`: team tm_bb_olympiacos is a basketball team",
    ],
  ])("%s is refused, naming the field", (_, op, players, detail) => {
    expect(refusal([op], ingestState({ players }))).toEqual({ status: 400, code: "invalid_request", detail });
  });

  it("a team earlier in the batch is known", () => {
    const p = plan([teamOp({ id: "tm_fb_new" }), { ...saka(), team_id: "tm_fb_new" }]);
    expect(p.applied).toBe(2);
    expect([...p.searchTeams]).toEqual(["tm_fb_new"]);
  });
});
