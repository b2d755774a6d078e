import { describe, expect, it } from "vitest";
import { NOW, ingestState, matchRow, plan, refusal } from "../../../helpers/ingest-state";
import {
  eventsOp,
  leagueOp,
  lineupsOp,
  liveMatchOp,
  matchOp,
  playerLinesOp,
  playerOp,
  statsOp,
  teamOp,
} from "../../../helpers/ops";

describe("planIngest: one batch", () => {
  it("ops see each other in order: a league, its teams and players, a match in it, then the match's data", () => {
    const state = ingestState({ leagues: [], teams: [] });
    const p = plan(
      [
        leagueOp({ id: "lg_fb_new", season: "2027/28" }),
        teamOp({ id: "tm_fb_a", name: "Alpha" }),
        teamOp({ id: "tm_fb_b", name: "Beta" }),
        playerOp({ id: "pl_a", team_id: "tm_fb_a", name: "A. Alpha" }),
        liveMatchOp({ id: "m_new", league_id: "lg_fb_new", home_team_id: "tm_fb_a", away_team_id: "tm_fb_b" }),
        eventsOp({ match_id: "m_new" }),
        statsOp({ match_id: "m_new" }),
        lineupsOp({ match_id: "m_new" }),
        playerLinesOp({ match_id: "m_new", home: [{ player_id: "pl_a", goals: 1 }] }),
        matchOp({ id: "m_new", league_id: "lg_fb_new", home_score: 1, minute: 31 }),
      ],
      state,
    );
    expect(p).toMatchObject({ applied: 10, unchanged: 0 });
    expect(Object.keys(p.writes).sort()).toEqual([
      "leagues",
      "match_events",
      "match_lineups",
      "match_stats",
      "matches",
      "player_lines",
      "players",
      "teams",
    ]);
    expect(p.writes.matches!.map((m) => [m.season, m.home_team, m.away_team, m.home_score])).toEqual([
      ["2027/28", "Alpha", "Beta", 0],
      ["2027/28", "Alpha", "Beta", 1],
    ]);
    expect(p.writes.player_lines![0]).toMatchObject({ player_id: "pl_a", name: "A. Alpha", goals: 1 });
    expect(p.updates).toHaveLength(1);
    expect(p.updates[0]!.updates.map((u) => u.type)).toEqual(["event_added", "score_update"]);
    expect(p.search.map((s) => `${s.kind}:${s.id}`)).toEqual([
      "league:lg_fb_new",
      "team:tm_fb_a",
      "team:tm_fb_b",
      "player:pl_a",
    ]);
    expect([...p.searchTeams]).toEqual(["tm_fb_a", "tm_fb_b"]);
  });

  it("counts each op as applied or unchanged, in any mix", () => {
    const state = ingestState({ matches: [matchRow()], stats: { m_test: "[]" } });
    const p = plan([statsOp({ data: [] }), matchOp({ home_score: 1 }), matchOp({ home_score: 1 }), statsOp()], state);
    expect(p).toMatchObject({ applied: 2, unchanged: 2 });
    expect(p.writes.matches).toEqual([matchRow({ home_score: 1, updated_at: NOW })]);
  });

  it("one bad op refuses the batch: planning throws, naming the op", () => {
    const ops = [matchOp({ home_score: 1 }), statsOp({ match_id: "m_nope" }), matchOp({ home_score: 2 })];
    expect(refusal(ops, ingestState({ matches: [matchRow()] })).detail).toBe(
      "invalid `ops.1.match_id`: unknown match m_nope",
    );
  });

  it("updates of several matches keep the order each match first changed in", () => {
    const state = ingestState({ matches: [matchRow({ id: "m_1" }), matchRow({ id: "m_2" })] });
    const p = plan(
      [matchOp({ id: "m_2", home_score: 1 }), matchOp({ id: "m_1", away_score: 1 }), eventsOp({ match_id: "m_2" })],
      state,
    );
    expect(p.updates.map((u) => [u.match_id, u.updates.map((x) => x.type)])).toEqual([
      ["m_2", ["score_update", "event_added"]],
      ["m_1", ["score_update"]],
    ]);
  });
});
