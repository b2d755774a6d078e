// From a committed batch to webhook messages, without I/O: which events an ingest's envelopes become, and how the
// messages are cut into sendBatch calls (Queues: at most 100 messages and 256 KB per call).
import { describe, expect, it } from "vitest";
import type { Envelope } from "../../../src/core/live/messages";
import { webhookEvents } from "../../../src/core/ingest/webhooks";
import { sendAll, type WebhookMessage } from "../../../src/core/webhooks/message";

const env = (seq: number, type: string, data: unknown): Envelope =>
  ({ type, match_id: "m1", sport: "football", seq, ts: Date.UTC(2026, 10, 23, 12, 0, seq), data }) as Envelope;

/** As the commit decides it: the last message it published for the match, else the match's stored seq. */
const seqOf =
  (published: Map<string, Envelope[]>, stored = 0) =>
  (id: string) =>
    published.get(id)?.at(-1)?.seq ?? stored;

describe("webhook events of a committed batch", () => {
  const plan = {
    updates: [{ match_id: "m1", sport: "football" as const, league_id: "lg1", updates: [] }],
    finals: new Map([["lg1|2026/27", { leagueId: "lg1", season: "2026/27", matchIds: ["m1"] }]]),
    matches: new Map([["m1", { id: "m1", sport: "football", home_score: 2, away_score: 1 }]]),
    writes: {
      standings: [{ league_id: "lg1", season: "2026/27", as_of: "2026-11-23T12:00:09Z", rows: '[{"team_id":"t1"}]' }],
    },
  };
  const published = new Map([
    [
      "m1",
      [
        env(7, "score_update", { home: 2, away: 1, period: 13, minute: 88, added_time: null }),
        env(8, "event_added", { id: "e9", seq: 4, type: "goal", minute: 88, team: "home", player: "A" }),
        env(9, "status_change", { from: 2, to: 3 }),
      ],
    ],
  ]);

  it("each envelope becomes its event; a final status also match.finished; a new table standings.updated", () => {
    const events = webhookEvents(plan, published, seqOf(published), Date.UTC(2026, 10, 23, 12, 0, 10));
    const bodies = events.map((e) => JSON.parse(e.body));
    expect(events.map((e) => e.type)).toEqual([
      "match.score_updated",
      "match.event_added",
      "match.status_changed",
      "match.finished",
      "standings.updated",
    ]);
    expect(events.every((e) => e.league_id === "lg1")).toBe(true);
    const base = { match_id: "m1", sport: "football", league_id: "lg1", simulated: false };
    expect(bodies[0]).toEqual({
      type: "match.score_updated",
      timestamp: "2026-11-23T12:00:07Z",
      data: { ...base, seq: 7, home: 2, away: 1, period: 13, minute: 88, added_time: null },
    });
    expect(bodies[1].data).toEqual({
      ...base,
      seq: 8,
      event_seq: 4,
      id: "e9",
      type: "goal",
      minute: 88,
      team: "home",
      player: "A",
    });
    expect(bodies[2].data).toEqual({ ...base, seq: 9, from: 2, to: 3 });
    expect(bodies[3].data).toEqual({ ...base, seq: 9, from: 2, to: 3, home: 2, away: 1 });
    expect(bodies[4]).toEqual({
      type: "standings.updated",
      timestamp: "2026-11-23T12:00:10Z",
      data: { ...base, seq: 9, season: "2026/27", as_of: "2026-11-23T12:00:09Z", standings: [{ team_id: "t1" }] },
    });
  });

  it("corrections: event_updated and event_removed become match.event_updated and match.event_removed", () => {
    const corrected = new Map([
      [
        "m1",
        [
          env(10, "event_updated", { id: "e9", seq: 4, type: "goal", minute: 88, team: "home", player: "B" }),
          env(11, "event_removed", { id: "e8" }),
        ],
      ],
    ]);
    const events = webhookEvents({ ...plan, finals: new Map(), writes: {} }, corrected, seqOf(corrected));
    const base = { match_id: "m1", sport: "football", league_id: "lg1", simulated: false };
    expect(events.map((e) => [e.type, JSON.parse(e.body).type, JSON.parse(e.body).data])).toEqual([
      [
        "match.event_updated",
        "match.event_updated",
        { ...base, seq: 10, event_seq: 4, id: "e9", type: "goal", minute: 88, team: "home", player: "B" },
      ],
      ["match.event_removed", "match.event_removed", { ...base, seq: 11, id: "e8" }],
    ]);
  });

  it("a corrected final score (no status_change) changes the table at the match's seq after the commit", () => {
    const corrected = new Map([
      ["m1", [env(12, "event_removed", { id: "e9" }), env(13, "score_update", { home: 1, away: 1 })]],
    ]);
    const events = webhookEvents(plan, corrected, seqOf(corrected));
    expect(events.map((e) => e.type)).toEqual(["match.event_removed", "match.score_updated", "standings.updated"]);
    expect(JSON.parse(events[2]!.body).data.seq).toBe(13);
  });

  it("a match that arrived already finished changes the table at its stored seq (0 before any message)", () => {
    const none = new Map<string, Envelope[]>();
    const events = webhookEvents(plan, none, seqOf(none));
    expect(events.map((e) => e.type)).toEqual(["standings.updated"]);
    expect(JSON.parse(events[0]!.body).data.seq).toBe(0);
    expect(JSON.parse(webhookEvents(plan, none, seqOf(none, 41))[0]!.body).data.seq).toBe(41);
  });
});

describe("sendBatch calls", () => {
  const capture = () => {
    const calls: number[] = [];
    const queue = { sendBatch: async (b: unknown[]) => void calls.push(b.length) } as unknown as Queue;
    return { calls, queue };
  };
  const msg = (body: string): WebhookMessage => ({
    endpoint_id: "wh",
    id: "msg",
    type: "match.finished",
    league_id: "l",
    body,
  });

  it("hold at most 100 messages", async () => {
    const { calls, queue } = capture();
    await sendAll(
      queue,
      Array.from({ length: 250 }, () => msg("{}")),
    );
    expect(calls).toEqual([100, 100, 50]);
  });

  it("stay under 256 KB, counting bytes, not characters", async () => {
    const { calls, queue } = capture();
    const big = JSON.stringify({ s: "é".repeat(30_000) }); // 30,000 characters, 60,000 bytes
    await sendAll(
      queue,
      Array.from({ length: 10 }, () => msg(big)),
    );
    expect(calls).toEqual([3, 3, 3, 1]);
  });

  it("send nothing for no messages", async () => {
    const { calls, queue } = capture();
    await sendAll(queue, []);
    expect(calls).toEqual([]);
  });
});
