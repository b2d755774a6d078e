// WebSocket message envelope (docs/live-streams.md "Messages"); the shape is LiveMessage in src/core/domain/schemas.ts.
// `seq` and `ts` are assigned by the ingest commit (src/core/ingest/versions.ts).
import type { z } from "zod";
import type { Sport } from "../domain/codes";
import { MatchListItem } from "../domain/schemas";
import type { LiveMessage, ScoreData as ScoreDataSchema, StateFrame } from "../domain/schemas";

export type Envelope = z.infer<typeof LiveMessage>;
/** What a stream opens with: the match at `seq` (docs/live-streams.md "Streams open with state"). */
export type StateMessage = z.infer<typeof StateFrame>;
export type ScoreData = z.infer<typeof ScoreDataSchema>;
/** One update before the room numbers it: `{ type, data }` of one of the frame kinds. */
export type LiveUpdate = {
  [K in Envelope["type"]]: Pick<Extract<Envelope, { type: K }>, "type" | "data">;
}[Envelope["type"]];

/** What ingest hands to a match's room: updates in order, without seq. */
export interface MatchUpdates {
  match_id: string;
  sport: Sport;
  league_id: string;
  updates: LiveUpdate[];
}

/** A match's messages of one commit, numbered by it (src/core/ingest/versions.ts). */
export interface NumberedUpdates {
  match_id: string;
  league_id: string;
  envelopes: Envelope[];
}

/** One line per publish on a room's MCP subscription feed (MatchRoom.listen): its last seq, and whether it was final. */
export interface FeedLine {
  seq: number;
  final: boolean;
}

const LIST_KEYS = Object.keys(MatchListItem.shape) as (keyof MatchListItem)[];

/**
 * The state message of a match read at `ts` (epoch ms). `match` may be a detail or a row with more columns: `data`
 * keeps exactly the list item's keys, so a state equals the REST list item at that seq.
 */
export function stateMessage(sport: Sport, match: MatchListItem, ts: number): StateMessage {
  const data = Object.fromEntries(LIST_KEYS.map((k) => [k, match[k]])) as MatchListItem;
  return { type: "state", match_id: match.id, sport, seq: match.seq, ts, data };
}
