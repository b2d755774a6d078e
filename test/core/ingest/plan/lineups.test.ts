import { describe, expect, it } from "vitest";
import { NOW, ingestState, matchRow, plan, refusal } from "../../../helpers/ingest-state";
import { liveMatchOp, lineupOf, lineupsOp } from "../../../helpers/ops";

// The documents as stored: sparse players get player_id null.
const HOME =
  '{"formation":"4-3-3","starters":[{"name":"A. Keeper","number":1,"position":"G","player_id":null}],"substitutes":[],"coach":null}';
const AWAY =
  '{"formation":"4-4-2","starters":[{"name":"B. Keeper","number":1,"position":"G","player_id":null}],"substitutes":[],"coach":null}';
const world = (lineups: Record<string, { home: string; away: string }> = {}) =>
  ingestState({ matches: [matchRow()], lineups });

describe("planning a lineups op", () => {
  it("a match's first lineups are written, one JSON document per side, with the batch's time; nothing is published", () => {
    const state = world();
    const p = plan([lineupsOp()], state);
    expect(p).toMatchObject({ applied: 1, unchanged: 0, updates: [] });
    expect(p.writes).toEqual({ match_lineups: [{ match_id: "m_test", home: HOME, away: AWAY, updated_at: NOW }] });
    expect(state.lineups.get("m_test")).toEqual({ home: HOME, away: AWAY });
  });

  it("the same lineups again are unchanged: nothing written", () => {
    const p = plan([lineupsOp()], world({ m_test: { home: HOME, away: AWAY } }));
    expect(p).toMatchObject({ applied: 0, unchanged: 1, writes: {}, updates: [] });
  });

  it.each(["home", "away"] as const)("a change on the %s side rewrites both", (side) => {
    const p = plan(
      [lineupsOp({ [side]: lineupOf({ coach: "M. Arteta" }) })],
      world({ m_test: { home: HOME, away: AWAY } }),
    );
    expect(p.applied).toBe(1);
    const row = p.writes.match_lineups![0]!;
    expect(JSON.parse(String(row[side])).coach).toBe("M. Arteta");
    expect(row[side === "home" ? "away" : "home"]).toBe(side === "home" ? AWAY : HOME);
    expect(row.updated_at).toBe(NOW);
  });

  it("lineups of a match created earlier in the batch are accepted", () => {
    const p = plan([liveMatchOp({ id: "m_new" }), lineupsOp({ match_id: "m_new" })], world());
    expect(p.applied).toBe(2);
    expect(p.writes.match_lineups![0]!.match_id).toBe("m_new");
  });

  it("lineups for an unknown match are refused, naming ops.<i>.match_id", () => {
    expect(refusal([lineupsOp({ match_id: "m_nope" })], world())).toEqual({
      status: 400,
      code: "invalid_request",
      detail: "invalid `ops.0.match_id`: unknown match m_nope",
    });
  });
});
