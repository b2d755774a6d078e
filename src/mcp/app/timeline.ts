// The match centre's timeline (src/mcp/app/browser/main.ts): a REST read of the match's events, which says
// the seq it reflects, then the match stream's event frames after that seq — so a frame the read already holds is
// not applied twice, and a correction (an event changed or removed) is never undone by an older read. Pure.
import type { Sport } from "../../core/domain/codes";
import type { Event } from "../../core/domain/schemas";
import type { StreamMessage } from "../../client/board";
import { eventLine, type EventLine } from "../../client/words";

export interface Timeline {
  /** The seq the events reflect: a read's, then each event frame's applied after it. */
  seq: number;
  events: Map<string, Event>;
}

export const readTimeline = (seq: number, events: Event[]): Timeline => ({
  seq,
  events: new Map(events.map((e) => [e.id, e])),
});

/** Applies a stream message to the timeline if it is an event frame newer than it; whether it changed. */
export function applyToTimeline(t: Timeline, f: StreamMessage): boolean {
  if (f.type !== "event_added" && f.type !== "event_updated" && f.type !== "event_removed") return false;
  if (f.seq <= t.seq) return false;
  t.seq = f.seq;
  if (f.type === "event_removed") return t.events.delete(f.data.id);
  t.events.set(f.data.id, f.data);
  return true;
}

/** The newest `n` events, newest first, in the /live page's words. */
export function recentLines(
  t: Timeline,
  sport: Sport,
  teams: { home: string; away: string },
  n = 8,
): (EventLine & { id: string })[] {
  return [...t.events.values()]
    .sort((a, b) => b.seq - a.seq)
    .slice(0, n)
    .map((e) => ({ id: e.id, ...eventLine(sport, e, teams) }));
}
