// WebSocket message envelope (CONTRACT.md "WebSocket"). `seq` is assigned by the match's MatchRoom.
import type { Sport } from "../domain/codes";
import type { Event } from "../domain/schemas";

export interface ScoreData {
  home: number;
  away: number;
  minute?: number | null;
  added_time?: number | null;
  period?: number | null;
  game_clock_secs?: number | null;
}

export type LiveUpdate =
  | { type: "score_update"; data: ScoreData }
  | { type: "status_change"; data: { from: number; to: number } }
  | { type: "event_added"; data: Event };

/** What ingest hands to a match's room: updates in order, without seq. */
export interface MatchUpdates {
  match_id: string;
  sport: Sport;
  league_id: string;
  updates: LiveUpdate[];
}

export type Envelope = LiveUpdate & { match_id: string; sport: Sport; seq: number; ts: number };
