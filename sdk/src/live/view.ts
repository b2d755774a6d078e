// A match as the stream has told it: the list item of its last `state` (or the REST read you started from), moved on
// by each message since. The scoreboard half of a match; timelines come from the event messages themselves.
import type { MatchListItem, PeriodCode, StreamMessage } from "../types.js";

export type MatchView = MatchListItem & {
  /** From score updates: a list item carries neither the period nor the clock. */
  period?: PeriodCode | null;
  added_time?: number | null;
  game_clock_secs?: number | null;
};

/** The view after `message`; undefined while no state (or REST read) has given the match's teams and score. */
export function applyMessage(view: MatchView | undefined, message: StreamMessage): MatchView | undefined {
  if (message.type === "state") return { ...message.data, seq: message.seq };
  if (!view) return undefined;
  switch (message.type) {
    case "score_update": {
      const { home, away, ...clock } = message.data;
      return { ...view, ...clock, home_score: home, away_score: away, seq: message.seq };
    }
    case "status_change":
      return { ...view, status_code: message.data.to, seq: message.seq };
    default:
      return { ...view, seq: message.seq };
  }
}
