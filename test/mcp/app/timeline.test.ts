// The match centre's timeline: a read at a seq, then event frames after it; nothing applied twice, no correction undone.
import { describe, expect, it } from "vitest";
import type { Event } from "../../../src/core/domain/schemas";
import type { StreamMessage } from "../../../src/client/board";
import { applyToTimeline, readTimeline, recentLines } from "../../../src/mcp/app/timeline";

const ev = (id: string, seq: number, over: Partial<Event> = {}): Event => ({
  id,
  seq,
  type: "goal",
  minute: 10 + seq,
  added_time: null,
  period: 12,
  team: "home",
  player: `Player ${id}`,
  player_in: null,
  player_out: null,
  detail: null,
  player_id: null,
  player_in_id: null,
  player_out_id: null,
  ...over,
});
const frame = (type: string, seq: number, data: unknown) =>
  ({ type, match_id: "m_1", seq, ts: 0, data }) as unknown as StreamMessage;
const teams = { home: "Arsenal", away: "Fulham" };

describe("match centre timeline", () => {
  it("ignores event frames the read already holds, applies newer ones, corrections included", () => {
    const t = readTimeline(5, [ev("e1", 1), ev("e2", 4)]);
    expect(applyToTimeline(t, frame("event_added", 4, ev("e2", 4)))).toBe(false);
    expect(applyToTimeline(t, frame("event_added", 6, ev("e3", 6)))).toBe(true);
    expect(applyToTimeline(t, frame("event_updated", 7, ev("e3", 6, { player: "Saka" })))).toBe(true);
    expect(applyToTimeline(t, frame("event_removed", 8, { id: "e1" }))).toBe(true);
    // A repeat of an older frame (a replay after a reconnect) changes nothing.
    expect(applyToTimeline(t, frame("event_added", 6, ev("e3", 6)))).toBe(false);
    expect(applyToTimeline(t, frame("score_update", 9, { home: 2, away: 0 }))).toBe(false);
    expect(t.seq).toBe(8);
    expect([...t.events.keys()].sort()).toEqual(["e2", "e3"]);
    expect(t.events.get("e3")!.player).toBe("Saka");
  });

  it("lists the newest events first, at most n, in the /live page's words", () => {
    const t = readTimeline(
      20,
      Array.from({ length: 12 }, (_, i) => ev(`e${i}`, i + 1)),
    );
    const lines = recentLines(t, "football", teams, 3);
    expect(lines.map((l) => l.id)).toEqual(["e11", "e10", "e9"]);
    expect(lines[0]).toMatchObject({ at: "22'", kind: "score" });
    expect(lines[0]!.text).toContain("Player e11");
  });
});
