import { describe, expect, it } from "vitest";
import { NOW, ingestState, matchRow, plan, refusal } from "../../../helpers/ingest-state";
import { liveMatchOp, statsOp } from "../../../helpers/ops";

const SHOTS = [{ section: "Summary", name: "Shots", home: 9, away: 4 }];
const world = (stats: Record<string, string> = {}) => ingestState({ matches: [matchRow()], stats });

describe("planning a stats op", () => {
  it("a match's first stats are written as one JSON document with the batch's time; nothing is published", () => {
    const state = world();
    const p = plan([statsOp({ data: SHOTS })], state);
    const data = '[{"section":"Summary","name":"Shots","home":9,"away":4}]';
    expect(p).toMatchObject({ applied: 1, unchanged: 0, updates: [] });
    expect(p.writes).toEqual({ match_stats: [{ match_id: "m_test", data, updated_at: NOW }] });
    expect(state.stats.get("m_test")).toBe(data);
  });

  it("the same stats again are unchanged: nothing written", () => {
    const p = plan([statsOp({ data: SHOTS })], world({ m_test: JSON.stringify(SHOTS) }));
    expect(p).toMatchObject({ applied: 0, unchanged: 1, writes: {}, updates: [] });
  });

  it("changed stats replace the stored ones", () => {
    const next = [...SHOTS, { section: "Summary", name: "Corners", home: 3, away: 5 }];
    const p = plan([statsOp({ data: next })], world({ m_test: JSON.stringify(SHOTS) }));
    expect(p.applied).toBe(1);
    expect(p.writes.match_stats).toEqual([{ match_id: "m_test", data: JSON.stringify(next), updated_at: NOW }]);
    expect(p.updates).toEqual([]);
  });

  it("a second stats op for the match in the batch compares with the first", () => {
    const p = plan([statsOp({ data: SHOTS }), statsOp({ data: SHOTS }), statsOp({ data: [] })], world());
    expect(p).toMatchObject({ applied: 2, unchanged: 1 });
    expect(p.writes.match_stats!.map((r) => r.data)).toEqual([JSON.stringify(SHOTS), "[]"]);
  });

  it("stats of a match created earlier in the batch are accepted", () => {
    const p = plan([liveMatchOp({ id: "m_new" }), statsOp({ match_id: "m_new" })], world());
    expect(p.applied).toBe(2);
    expect(p.writes.match_stats![0]!.match_id).toBe("m_new");
  });

  it("stats for an unknown match are refused, naming ops.<i>.match_id", () => {
    expect(refusal([statsOp({ data: SHOTS }), statsOp({ match_id: "m_nope" })], world())).toEqual({
      status: 400,
      code: "invalid_request",
      detail: "invalid `ops.1.match_id`: unknown match m_nope",
    });
  });
});
