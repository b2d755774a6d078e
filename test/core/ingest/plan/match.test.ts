import { describe, expect, it } from "vitest";
import type { Row } from "../../../../src/core/db/queries/ingest";
import { BEFORE, NOW, ingestState, leagueRow, matchRow, plan, refusal } from "../../../helpers/ingest-state";
import { liveMatchOp, matchOp, newMatchOp } from "../../../helpers/ops";

const world = (...matches: Row[]) => ingestState({ matches });
const finished = (over: Row = {}) =>
  matchRow({ status_code: 3, period: null, minute: null, home_score: 1, finished_at: BEFORE, ...over });
const refused = (ops: unknown[], state: ReturnType<typeof world>, detail: string) =>
  expect(refusal(ops, state)).toEqual({ status: 400, code: "invalid_request", detail });

describe("planning a new match", () => {
  it("is written at 0–0 in its league's season with the teams' names, publishes nothing, indexes both teams", () => {
    const state = world();
    const p = plan([newMatchOp({ id: "m_new", kickoff_ts: 1_772_400_000, round: "Week 30" })], state);
    const row = {
      home_score: 0,
      away_score: 0,
      season: "2026/27",
      simulated: 0,
      id: "m_new",
      sport: "football",
      league_id: "lg_fb_eng1",
      round: "Week 30",
      home_team_id: "tm_fb_arsenal",
      away_team_id: "tm_fb_chelsea",
      status_code: 1,
      kickoff_ts: 1_772_400_000,
      home_team: "Arsenal",
      away_team: "Chelsea",
      updated_at: NOW,
    };
    expect(p).toMatchObject({ applied: 1, unchanged: 0, updates: [] });
    expect(p.writes).toEqual({ matches: [row] });
    expect([...p.searchTeams]).toEqual(["tm_fb_arsenal", "tm_fb_chelsea"]);
    expect(state.matches.get("m_new")).toEqual(row);
    expect(p.matches).toBe(state.matches);
    expect(p.finals.size + p.statFinals.size).toBe(0);
  });

  it.each(["home_team_id", "away_team_id", "kickoff_ts", "status_code"])("without %s is refused", (field) => {
    refused(
      [newMatchOp({ id: "m_new", [field]: undefined })],
      world(),
      `invalid \`ops.0.${field}\`: required for a new match`,
    );
  });

  it("an op's season wins over the league's", () => {
    const p = plan([newMatchOp({ id: "m_new", season: "2025/26" })], world());
    expect(p.writes.matches![0]!.season).toBe("2025/26");
  });

  it("a new match that is already finished has no live fields, finishes now, and changes its season", () => {
    const p = plan([liveMatchOp({ id: "m_new", status_code: 3, home_score: 2 })], world());
    expect(p.writes.matches![0]).toMatchObject({
      status_code: 3,
      home_score: 2,
      period: null,
      minute: null,
      added_time: null,
      game_clock_secs: null,
      finished_at: NOW,
    });
    expect(p.updates).toEqual([]);
    expect([...p.finals.values()]).toEqual([{ leagueId: "lg_fb_eng1", season: "2026/27", matchIds: ["m_new"] }]);
    expect([...p.statFinals.values()]).toEqual([{ leagueId: "lg_fb_eng1", season: "2026/27", matchIds: ["m_new"] }]);
  });
});

describe("planning a change to a match", () => {
  it("the same values again are unchanged: nothing written or published, updated_at kept", () => {
    const state = world(matchRow());
    const p = plan([matchOp({ home_score: 0, minute: 30, referee: null })], state);
    expect(p).toMatchObject({ applied: 0, unchanged: 1, writes: {}, updates: [] });
    expect(state.matches.get("m_test")!.updated_at).toBe(BEFORE);
  });

  it("a goal rewrites the row and publishes a score_update with the football clock", () => {
    const state = world(matchRow());
    const p = plan([matchOp({ home_score: 1, minute: 31 })], state);
    expect(p.applied).toBe(1);
    expect(p.writes.matches).toEqual([matchRow({ home_score: 1, minute: 31, updated_at: NOW })]);
    expect(p.updates).toEqual([
      {
        match_id: "m_test",
        sport: "football",
        league_id: "lg_fb_eng1",
        updates: [{ type: "score_update", data: { home: 1, away: 0, period: 12, minute: 31, added_time: null } }],
      },
    ]);
    expect(p.searchTeams.size).toBe(0);
    expect(p.finals.size + p.statFinals.size).toBe(0);
  });

  it("a clock tick alone publishes a score_update too", () => {
    const p = plan([matchOp({ minute: 31 })], world(matchRow()));
    expect(p.updates[0]!.updates).toEqual([
      { type: "score_update", data: { home: 0, away: 0, period: 12, minute: 31, added_time: null } },
    ]);
  });

  it("a field left out of a new match and sent as null later in the batch is unchanged (absent and null are equal)", () => {
    const p = plan([newMatchOp({ id: "m_new" }), matchOp({ id: "m_new", referee: null, period: null })], world());
    expect(p).toMatchObject({ applied: 1, unchanged: 1 });
    expect(p.writes.matches).toHaveLength(1);
  });

  it("a basketball score_update carries the game clock instead of minutes", () => {
    const m = matchRow({
      id: "m_bb",
      sport: "basketball",
      league_id: "lg_bb_euroleague",
      home_team_id: "tm_bb_olympiacos",
      away_team_id: "tm_bb_pana",
      period: 23,
      minute: null,
      game_clock_secs: 300,
    });
    const p = plan(
      [matchOp({ id: "m_bb", sport: "basketball", league_id: "lg_bb_euroleague", away_score: 2 })],
      world(m),
    );
    expect(p.updates).toEqual([
      {
        match_id: "m_bb",
        sport: "basketball",
        league_id: "lg_bb_euroleague",
        updates: [{ type: "score_update", data: { home: 0, away: 2, period: 23, game_clock_secs: 300 } }],
      },
    ]);
  });

  it("a change outside the live fields is written but publishes nothing", () => {
    const p = plan([matchOp({ referee: "M. Oliver", attendance: 60_000 })], world(matchRow()));
    expect(p.writes.matches).toEqual([matchRow({ referee: "M. Oliver", attendance: 60_000, updated_at: NOW })]);
    expect(p.updates).toEqual([]);
  });

  it("new teams re-index both; the names follow the ids", () => {
    const state = ingestState({
      matches: [matchRow()],
      teams: [
        { id: "tm_fb_arsenal", sport: "football", name: "Arsenal" },
        { id: "tm_fb_chelsea", sport: "football", name: "Chelsea" },
        { id: "tm_fb_spurs", sport: "football", name: "Spurs" },
      ],
    });
    const p = plan([matchOp({ away_team_id: "tm_fb_spurs" })], state);
    expect(p.writes.matches![0]).toMatchObject({
      away_team_id: "tm_fb_spurs",
      away_team: "Spurs",
      home_team: "Arsenal",
    });
    expect([...p.searchTeams]).toEqual(["tm_fb_arsenal", "tm_fb_spurs"]);
  });

  it("two ops on one match queue their updates in order under one entry", () => {
    const p = plan([matchOp({ home_score: 1, minute: 40 }), matchOp({ period: 38, minute: 45 })], world(matchRow()));
    expect(p.applied).toBe(2);
    expect(p.writes.matches).toHaveLength(2);
    expect(p.updates).toHaveLength(1);
    expect(p.updates[0]!.updates).toEqual([
      { type: "score_update", data: { home: 1, away: 0, period: 12, minute: 40, added_time: null } },
      { type: "score_update", data: { home: 1, away: 0, period: 38, minute: 45, added_time: null } },
    ]);
  });
});

describe("the final whistle", () => {
  it("nulls the live fields, stamps finished_at, publishes score_update then status_change, marks the season", () => {
    const p = plan([matchOp({ status_code: 3, home_score: 2 })], world(matchRow({ minute: 90, added_time: 4 })));
    expect(p.writes.matches).toEqual([
      matchRow({
        status_code: 3,
        home_score: 2,
        period: null,
        minute: null,
        added_time: null,
        finished_at: NOW,
        updated_at: NOW,
      }),
    ]);
    expect(p.updates[0]!.updates).toEqual([
      { type: "score_update", data: { home: 2, away: 0, period: null, minute: null, added_time: null } },
      { type: "status_change", data: { from: 2, to: 3 } },
    ]);
    expect([...p.finals]).toEqual([
      ["lg_fb_eng1|2026/27", { leagueId: "lg_fb_eng1", season: "2026/27", matchIds: ["m_test"] }],
    ]);
    expect([...p.statFinals]).toEqual([
      ["lg_fb_eng1|2026/27", { leagueId: "lg_fb_eng1", season: "2026/27", matchIds: ["m_test"] }],
    ]);
  });

  it("keeps a finished_at the feed sends", () => {
    const p = plan([matchOp({ status_code: 10, finished_at: "2026-03-01T11:58:00Z" })], world(matchRow()));
    expect(p.writes.matches![0]).toMatchObject({ status_code: 10, finished_at: "2026-03-01T11:58:00Z" });
  });

  it("in a cup changes the players' season stats but no table", () => {
    const p = plan(
      [matchOp({ league_id: "lg_fb_facup", status_code: 9 })],
      world(matchRow({ league_id: "lg_fb_facup" })),
    );
    expect(p.finals.size).toBe(0);
    expect([...p.statFinals.values()]).toEqual([{ leagueId: "lg_fb_facup", season: "2026/27", matchIds: ["m_test"] }]);
    expect(p.updates[0]!.updates.at(-1)).toEqual({ type: "status_change", data: { from: 2, to: 9 } });
  });

  it("a corrected result of a finished match marks the season again, without a status_change", () => {
    const p = plan([matchOp({ status_code: 3, home_score: 2 })], world(finished()));
    expect(p.writes.matches).toEqual([finished({ home_score: 2, updated_at: NOW })]);
    expect(p.updates[0]!.updates).toEqual([
      { type: "score_update", data: { home: 2, away: 0, period: null, minute: null, added_time: null } },
    ]);
    expect([...p.finals.values()]).toEqual([{ leagueId: "lg_fb_eng1", season: "2026/27", matchIds: ["m_test"] }]);
    expect([...p.statFinals.values()]).toEqual([{ leagueId: "lg_fb_eng1", season: "2026/27", matchIds: ["m_test"] }]);
  });

  it("another change to a finished match (not its result) changes no season", () => {
    const p = plan([matchOp({ referee: "M. Oliver" })], world(finished()));
    expect(p.applied).toBe(1);
    expect(p.updates).toEqual([]);
    expect(p.finals.size + p.statFinals.size).toBe(0);
  });

  it("in a league of another season, keys that season", () => {
    const state = ingestState({ matches: [matchRow({ season: "2025/26" })] });
    const p = plan([matchOp({ status_code: 3 })], state);
    expect([...p.finals.keys()]).toEqual(["lg_fb_eng1|2025/26"]);
  });
});

describe("status transitions", () => {
  it.each([
    [1, 2],
    [1, 4],
    [1, 5],
    [1, 6],
    [2, 3],
    [2, 7],
    [2, 9],
    [2, 10],
    [4, 1],
    [7, 2],
    [7, 8],
    // Real answers (docs/providers.md "Statuses"): awarded after it was played, interrupted or abandoned; a result
    // first reported in regular time that went to extra time.
    [2, 6],
    [3, 6],
    [7, 6],
    [8, 6],
    [3, 10],
  ])("%i → %i is allowed and published", (from, to) => {
    const p = plan([matchOp({ status_code: to })], world(matchRow({ status_code: from })));
    expect(p.updates[0]!.updates.at(-1)).toEqual({ type: "status_change", data: { from, to } });
  });

  it.each([
    [3, 2],
    [3, 1],
    [1, 3],
    [2, 1],
    [2, 4],
    [5, 1],
    [8, 2],
    [9, 3],
  ])("%i → %i is refused, naming ops.<i>.status_code", (from, to) => {
    refused(
      [matchOp({ status_code: to })],
      world(matchRow({ status_code: from })),
      `invalid \`ops.0.status_code\`: transition ${from} → ${to} is not allowed`,
    );
  });
});

describe("refused match ops name the field", () => {
  it.each([
    ["an unknown league", newMatchOp({ league_id: "lg_nope" }), "ops.0.league_id`: unknown league lg_nope"],
    [
      "a league of the other sport",
      newMatchOp({ sport: "basketball", league_id: "lg_fb_eng1" }),
      "ops.0.sport`: league lg_fb_eng1 is a football league",
    ],
    [
      "a team playing itself",
      newMatchOp({ away_team_id: "tm_fb_arsenal" }),
      "ops.0.away_team_id`: a team cannot play itself",
    ],
    ["an unknown home team", newMatchOp({ home_team_id: "tm_nope" }), "ops.0.home_team_id`: unknown team tm_nope"],
    [
      "an away team of the other sport",
      newMatchOp({ away_team_id: "tm_bb_olympiacos" }),
      "ops.0.away_team_id`: team tm_bb_olympiacos is a basketball team",
    ],
  ])("%s", (_, op, detail) => {
    refused([op], world(), `invalid \`${detail}`);
  });

  it("a match id of the other sport", () => {
    const m = matchRow({ sport: "basketball", league_id: "lg_bb_euroleague" });
    refused([matchOp({ home_score: 1 })], world(m), "invalid `ops.0.sport`: match m_test is a basketball match");
  });

  it("a match moved to another league", () => {
    refused(
      [matchOp({ league_id: "lg_fb_facup", home_score: 1 })],
      world(matchRow()),
      "invalid `ops.0.league_id`: match m_test belongs to lg_fb_eng1",
    );
  });

  it("the refusal names the index of the op in the batch", () => {
    const state = ingestState({ leagues: [leagueRow()], matches: [matchRow()] });
    refused(
      [matchOp({ home_score: 1 }), matchOp({ home_score: 2 }), matchOp({ status_code: 1 })],
      state,
      "invalid `ops.2.status_code`: transition 2 → 1 is not allowed",
    );
  });
});
