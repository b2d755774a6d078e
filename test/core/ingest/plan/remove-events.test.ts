// Planning remove_events (src/core/ingest/plan/remove-events.ts): deletes in the batch's write, event_removed pushed,
// unknown ids a no-op, another match's ids refused naming `ops.<i>.event_ids.<j>`.
import { describe, expect, it } from "vitest";
import { Op } from "../../../../src/core/ingest/ops";
import { eventRow, ingestState, matchRow, plan, refusal } from "../../../helpers/ingest-state";
import { eventOp, eventsOp, matchOp, removeEventsOp } from "../../../helpers/ops";

const world = (match = matchRow()) =>
  ingestState({
    matches: [match, matchRow({ id: "m_other" })],
    events: [
      eventRow({ id: "ev_1", seq: 1 }),
      eventRow({ id: "ev_2", seq: 2, minute: 20, team: "away" }),
      eventRow({ id: "ev_o", match_id: "m_other", seq: 1 }),
    ],
  });
const removed = (id: string) => ({ type: "event_removed", data: { id } });

describe("planning a remove_events op", () => {
  it("deletes the match's events, publishes event_removed for each in the op's order, and forgets them", () => {
    const state = world();
    const p = plan([removeEventsOp({ event_ids: ["ev_2", "ev_1"] })], state);
    expect(p).toMatchObject({ applied: 1, unchanged: 0, writes: {}, removedEvents: ["ev_2", "ev_1"] });
    expect(p.updates).toEqual([
      { match_id: "m_test", sport: "football", league_id: "lg_fb_eng1", updates: [removed("ev_2"), removed("ev_1")] },
    ]);
    expect([...state.events.get("m_test")!.keys()]).toEqual([]);
    expect(state.eventOwners.has("ev_1")).toBe(false);
  });

  it("ids the match does not have (never sent, or already removed) change nothing", () => {
    const p = plan([removeEventsOp({ event_ids: ["ev_nope"] })], world());
    expect(p).toMatchObject({ applied: 0, unchanged: 1, writes: {}, updates: [], removedEvents: [] });
    const twice = plan(
      [removeEventsOp({ event_ids: ["ev_1", "ev_1"] }), removeEventsOp({ event_ids: ["ev_1"] })],
      world(),
    );
    expect(twice).toMatchObject({ applied: 1, unchanged: 1, removedEvents: ["ev_1"] });
    expect(twice.updates[0]!.updates).toEqual([removed("ev_1")]);
  });

  it("a disallowed goal with the score put back: event_removed, then the score_update, in one entry", () => {
    const p = plan(
      [removeEventsOp({ event_ids: ["ev_2"] }), matchOp({ id: "m_test", away_score: 0, minute: 31 })],
      world(matchRow({ away_score: 1 })),
    );
    expect(p.updates).toHaveLength(1);
    expect(p.updates[0]!.updates.map((u) => u.type)).toEqual(["event_removed", "score_update"]);
    expect(p.updates[0]!.updates[1]!.data).toMatchObject({ home: 0, away: 0 });
  });

  it("on a finished match: the removal alone recomputes nothing (no row is derived from events)", () => {
    const p = plan([removeEventsOp({ event_ids: ["ev_1"] })], world(matchRow({ status_code: 3, period: null })));
    expect(p.removedEvents).toEqual(["ev_1"]);
    expect(p.finals.size).toBe(0);
    expect(p.statFinals.size).toBe(0);
  });

  it("with the corrected final score, the table and season stats of the finished league match are recomputed", () => {
    const finished = matchRow({
      status_code: 3,
      period: null,
      minute: null,
      home_score: 1,
      finished_at: "2026-03-01T11:50:00Z",
    });
    const p = plan(
      [removeEventsOp({ event_ids: ["ev_1"] }), matchOp({ id: "m_test", home_score: 0 })],
      world(finished),
    );
    expect(p.updates[0]!.updates.map((u) => u.type)).toEqual(["event_removed", "score_update"]);
    expect([...p.finals.values()]).toEqual([{ leagueId: "lg_fb_eng1", season: "2026/27", matchIds: ["m_test"] }]);
    expect([...p.statFinals.values()]).toEqual([{ leagueId: "lg_fb_eng1", season: "2026/27", matchIds: ["m_test"] }]);
  });

  it("an event added earlier in the batch and removed is not written; one removed and sent again is", () => {
    const added = plan(
      [eventsOp({ events: [eventOp({ id: "ev_n" })] }), removeEventsOp({ event_ids: ["ev_n"] })],
      world(),
    );
    expect(added.writes.match_events).toEqual([]);
    expect(added.removedEvents).toEqual(["ev_n"]);
    expect(added.updates[0]!.updates.map((u) => u.type)).toEqual(["event_added", "event_removed"]);

    const again = plan(
      [removeEventsOp({ event_ids: ["ev_2"] }), eventsOp({ events: [eventOp({ id: "ev_2", minute: 21 })] })],
      world(),
    );
    expect(again.removedEvents).toEqual(["ev_2"]);
    // Sent again after its removal it is a new event: numbered after the match's last, pushed as event_added.
    expect(again.writes.match_events!.map((e) => [e.id, e.seq])).toEqual([["ev_2", 2]]);
    expect(again.updates[0]!.updates.map((u) => u.type)).toEqual(["event_removed", "event_added"]);
  });

  it("an id of another match's event is refused naming ops.<i>.event_ids.<j>; nothing is planned", () => {
    const ops = [removeEventsOp({ event_ids: ["ev_1"] }), removeEventsOp({ event_ids: ["ev_2", "ev_o"] })];
    expect(refusal(ops, world())).toEqual({
      status: 400,
      code: "invalid_request",
      detail: "invalid `ops.1.event_ids.1`: event ev_o belongs to match m_other",
    });
  });

  it("an unknown match is refused naming ops.<i>.match_id", () => {
    expect(refusal([removeEventsOp({ match_id: "m_nope" })], world()).detail).toBe(
      "invalid `ops.0.match_id`: unknown match m_nope",
    );
  });

  it("the op's shape: at least one id, at most 200, each a valid id", () => {
    const issues = (over: Record<string, unknown>) =>
      Op.safeParse(removeEventsOp(over)).error?.issues.map((i) => i.path.join("."));
    expect(issues({})).toBeUndefined();
    expect(issues({ event_ids: Array.from({ length: 200 }, (_, i) => `ev_${i}`) })).toBeUndefined();
    expect(issues({ event_ids: [] })).toEqual(["event_ids"]);
    expect(issues({ event_ids: Array.from({ length: 201 }, (_, i) => `ev_${i}`) })).toEqual(["event_ids"]);
    expect(issues({ event_ids: ["ok", "not ok"] })).toEqual(["event_ids.1"]);
  });
});
