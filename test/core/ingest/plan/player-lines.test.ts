import { describe, expect, it } from "vitest";
import { LINE_COUNTS } from "../../../../src/core/domain/people-schemas";
import type { Row } from "../../../../src/core/db/queries/ingest";
import { NOW, ingestState, matchRow, playerRow, plan, refusal } from "../../../helpers/ingest-state";
import { matchOp, playerLinesOp, playerOp } from "../../../helpers/ops";

const ZEROS = Object.fromEntries(LINE_COUNTS.map((k) => [k, 0]));
const players = () => [
  playerRow(),
  playerRow({ id: "pl_rice", name: "Declan Rice", number: 41, position: "M" }),
  playerRow({ id: "pl_palmer", team_id: "tm_fb_chelsea", name: "Cole Palmer", number: 20, position: null }),
  playerRow({ id: "pl_bb", sport: "basketball", team_id: "tm_bb_olympiacos", name: "Hoops" }),
];
const world = (match: Row = matchRow()) => ingestState({ players: players(), matches: [match] });
const box = () =>
  playerLinesOp({
    home: [
      { player_id: "pl_saka", minutes: 90, goals: 1, started: true },
      { player_id: "pl_rice", name: "D. Rice", position: "DM", minutes: 20 },
    ],
    away: [{ player_id: "pl_palmer", minutes: 90, shots: 4, started: true }],
  });
/** The row a line becomes: every count there, 0 unless the feed sent it. */
const line = (fields: Row, counts: Row = {}) => ({ match_id: "m_test", started: 0, ...fields, ...ZEROS, ...counts });

describe("planning a player_lines op", () => {
  it("a new box score: one row per line, home then away in the feed's order, names and positions from the players", () => {
    const state = world();
    const p = plan([box()], state);
    const rows = [
      line(
        { player_id: "pl_saka", side: "home", ord: 0, name: "Bukayo Saka", position: "F", started: 1 },
        { minutes: 90, goals: 1 },
      ),
      line({ player_id: "pl_rice", side: "home", ord: 1, name: "D. Rice", position: "DM" }, { minutes: 20 }),
      line(
        { player_id: "pl_palmer", side: "away", ord: 0, name: "Cole Palmer", position: null, started: 1 },
        { minutes: 90, shots: 4 },
      ),
    ];
    expect(p).toMatchObject({ applied: 1, unchanged: 0, updates: [], lineMatches: ["m_test"] });
    expect(p.writes).toEqual({ player_lines: rows });
    expect(p.lines.get("m_test")).toEqual(rows);
    // A live match's box score changes no season stats yet.
    expect(p.statFinals.size).toBe(0);
    expect(state.lines.has("m_test")).toBe(true);
  });

  it("the same box score again is unchanged: nothing written, nothing replaced", () => {
    const state = world();
    plan([box()], state);
    const p = plan([box()], state);
    expect(p).toMatchObject({ applied: 0, unchanged: 1, writes: {}, lineMatches: [] });
    expect(p.lines.size).toBe(0);
  });

  it("a changed count replaces the whole box score", () => {
    const state = world();
    plan([box()], state);
    const changed = box();
    changed.home[0] = { ...changed.home[0], goals: 2 };
    const p = plan([changed], state);
    expect(p.applied).toBe(1);
    expect(p.writes.player_lines!.map((r) => [r.player_id, r.goals])).toEqual([
      ["pl_saka", 2],
      ["pl_rice", 0],
      ["pl_palmer", 0],
    ]);
    expect(p.lineMatches).toEqual(["m_test"]);
  });

  it("a finished match's box score marks its season's stats for recomputing", () => {
    const p = plan([box()], world(matchRow({ status_code: 3, period: null, minute: null })));
    expect([...p.statFinals.values()]).toEqual([{ leagueId: "lg_fb_eng1", season: "2026/27", matchIds: ["m_test"] }]);
    expect(p.finals.size).toBe(0);
  });

  it("the box score and the final whistle in one batch mark the season once", () => {
    const p = plan([box(), matchOp({ status_code: 3 })], world());
    expect(p.applied).toBe(2);
    expect([...p.statFinals.values()]).toEqual([{ leagueId: "lg_fb_eng1", season: "2026/27", matchIds: ["m_test"] }]);
    expect(p.writes.matches![0]).toMatchObject({ status_code: 3, finished_at: NOW });
  });

  it("the final whistle, then the box score, in one batch: the season is marked once, with the match once", () => {
    const p = plan([matchOp({ status_code: 3 }), box()], world());
    expect([...p.statFinals.values()]).toEqual([{ leagueId: "lg_fb_eng1", season: "2026/27", matchIds: ["m_test"] }]);
  });

  it("a player added earlier in the batch can have a line", () => {
    const p = plan(
      [playerOp({ id: "pl_new", name: "New Boy" }), playerLinesOp({ home: [{ player_id: "pl_new" }] })],
      world(),
    );
    expect(p.writes.player_lines).toEqual([
      line({ player_id: "pl_new", side: "home", ord: 0, name: "New Boy", position: null }),
    ]);
  });

  it.each([
    ["an unknown match", playerLinesOp({ match_id: "m_nope" }), "ops.0.match_id`: unknown match m_nope"],
    [
      "an unknown player",
      playerLinesOp({ home: [{ player_id: "pl_nope" }] }),
      "ops.0.home.0.player_id`: unknown player pl_nope",
    ],
    [
      "a player of the other sport",
      playerLinesOp({ home: [{ player_id: "pl_saka" }], away: [{ player_id: "pl_bb" }] }),
      "ops.0.away.0.player_id`: player pl_bb is a basketball player",
    ],
    [
      "a player with two lines",
      playerLinesOp({ home: [{ player_id: "pl_saka" }], away: [{ player_id: "pl_palmer" }, { player_id: "pl_saka" }] }),
      "ops.0.away.1.player_id`: player pl_saka has two lines",
    ],
  ])("%s is refused, naming the field", (_, op, detail) => {
    expect(refusal([op], world())).toEqual({ status: 400, code: "invalid_request", detail: `invalid \`${detail}` });
  });
});
