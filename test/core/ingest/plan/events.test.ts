import { describe, expect, it } from "vitest";
import { eventRow, ingestState, matchRow, plan, refusal } from "../../../helpers/ingest-state";
import { eventOp, eventsOp, liveMatchOp } from "../../../helpers/ops";

const world = () =>
  ingestState({
    matches: [matchRow(), matchRow({ id: "m_other" })],
    events: [eventRow({ id: "ev_1", seq: 1 }), eventRow({ id: "ev_2", seq: 2, minute: 20, team: "away" })],
  });
/** The stored row of a feed's sparse goal: omitted nullable fields null. */
const stored = (over: Record<string, unknown>) => eventRow({ minute: 10, period: null, ...over });
/** What event_added carries: the event with its seq, without the match id. */
const added = ({ match_id: _, ...event }: Record<string, unknown>) => ({ type: "event_added", data: event });

describe("planning an events op", () => {
  it("new events are numbered after the match's last, written, and published as event_added in order", () => {
    const state = world();
    const p = plan(
      [eventsOp({ events: [eventOp({ id: "ev_3" }), eventOp({ id: "ev_4", type: "yellow_card" })] })],
      state,
    );
    const rows = [stored({ id: "ev_3", seq: 3 }), stored({ id: "ev_4", seq: 4, type: "yellow_card" })];
    expect(p).toMatchObject({ applied: 1, unchanged: 0 });
    expect(p.writes).toEqual({ match_events: rows });
    expect(p.updates).toEqual([
      {
        match_id: "m_test",
        sport: "football",
        league_id: "lg_fb_eng1",
        updates: rows.map(added),
      },
    ]);
    expect([...state.events.get("m_test")!.keys()]).toEqual(["ev_1", "ev_2", "ev_3", "ev_4"]);
    expect(state.eventOwners.get("ev_4")).toBe("m_test");
  });

  it("the first events of a match start at seq 1", () => {
    const p = plan(
      [eventsOp({ match_id: "m_other", events: [eventOp({ id: "ev_a" }), eventOp({ id: "ev_b" })] })],
      world(),
    );
    expect(p.writes.match_events!.map((e) => [e.id, e.match_id, e.seq])).toEqual([
      ["ev_a", "m_other", 1],
      ["ev_b", "m_other", 2],
    ]);
  });

  it("events sent again are unchanged: nothing written or published", () => {
    const op = eventsOp({ events: [eventOp({ id: "ev_1", minute: 5, period: 12 })] });
    const p = plan([op], world());
    expect(p).toMatchObject({ applied: 0, unchanged: 1, writes: {}, updates: [] });
  });

  it("a corrected event keeps its seq and is rewritten, published as event_updated (not a second event_added)", () => {
    const p = plan([eventsOp({ events: [eventOp({ id: "ev_2", minute: 21, team: "away", period: 12 })] })], world());
    expect(p.applied).toBe(1);
    const row = eventRow({ id: "ev_2", seq: 2, minute: 21, team: "away" });
    expect(p.writes.match_events).toEqual([row]);
    const { match_id: _, ...event } = row;
    expect(p.updates).toEqual([
      {
        match_id: "m_test",
        sport: "football",
        league_id: "lg_fb_eng1",
        updates: [{ type: "event_updated", data: event }],
      },
    ]);
  });

  it("a changed scorer is an update with every field of the event; an unchanged event in the same op is not", () => {
    const p = plan(
      [
        eventsOp({
          events: [
            eventOp({ id: "ev_1", minute: 5, period: 12 }),
            eventOp({ id: "ev_2", minute: 20, team: "away", period: 12, player: "N. Jackson", player_id: "pl_nj" }),
          ],
        }),
      ],
      world(),
    );
    expect(p.updates[0]!.updates).toEqual([
      {
        type: "event_updated",
        data: expect.objectContaining({ id: "ev_2", seq: 2, type: "goal", player: "N. Jackson", player_id: "pl_nj" }),
      },
    ]);
    expect(Object.keys(p.updates[0]!.updates[0]!.data).sort()).toEqual(
      Object.keys(eventRow())
        .filter((k) => k !== "match_id")
        .sort(),
    );
  });

  it("an event added and corrected in one batch is published as added, then updated", () => {
    const p = plan(
      [eventsOp({ events: [eventOp({ id: "ev_n" })] }), eventsOp({ events: [eventOp({ id: "ev_n", minute: 11 })] })],
      world(),
    );
    expect(p.updates[0]!.updates.map((u) => [u.type, (u.data as { seq: number }).seq])).toEqual([
      ["event_added", 3],
      ["event_updated", 3],
    ]);
    expect(p.writes.match_events!.map((e) => [e.id, e.minute])).toEqual([
      ["ev_n", 10],
      ["ev_n", 11],
    ]);
  });

  it("one op with an unchanged and a new event writes only the new one", () => {
    const p = plan(
      [eventsOp({ events: [eventOp({ id: "ev_1", minute: 5, period: 12 }), eventOp({ id: "ev_9" })] })],
      world(),
    );
    expect(p.writes.match_events!.map((e) => [e.id, e.seq])).toEqual([["ev_9", 3]]);
    expect(p.updates[0]!.updates.map((u) => u.type)).toEqual(["event_added"]);
  });

  it("events of a match created earlier in the batch are published under that match", () => {
    const p = plan([liveMatchOp({ id: "m_new", sport: "football" }), eventsOp({ match_id: "m_new" })], world());
    expect(p.applied).toBe(2);
    expect(p.updates).toEqual([
      {
        match_id: "m_new",
        sport: "football",
        league_id: "lg_fb_eng1",
        updates: [added(stored({ id: "ev_test", seq: 1 }))],
      },
    ]);
  });

  it("events for an unknown match are refused, naming ops.<i>.match_id", () => {
    expect(refusal([eventsOp({ match_id: "m_nope" })], world())).toEqual({
      status: 400,
      code: "invalid_request",
      detail: "invalid `ops.0.match_id`: unknown match m_nope",
    });
  });

  it("an event id of another match is refused, not moved, naming the event", () => {
    expect(
      refusal([eventsOp({ match_id: "m_other", events: [eventOp({ id: "ev_x" }), eventOp({ id: "ev_2" })] })], world()),
    ).toEqual({
      status: 400,
      code: "invalid_request",
      detail: "invalid `ops.0.events.1.id`: event ev_2 belongs to match m_test",
    });
  });

  it("an event id taken by another match earlier in the batch is refused too", () => {
    const ops = [
      eventsOp({ events: [eventOp({ id: "ev_new" })] }),
      eventsOp({ match_id: "m_other", events: [eventOp({ id: "ev_new" })] }),
    ];
    expect(refusal(ops, world()).detail).toBe("invalid `ops.1.events.0.id`: event ev_new belongs to match m_test");
  });
});
