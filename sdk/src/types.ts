// Names for what the API sends, taken from the generated schemas (REST: ./generated/schema.ts; stream messages, whose
// schemas are in the AsyncAPI document: ./generated/messages.ts). Nothing here restates a shape.
import type { components as Rest } from "./generated/schema.js";
import type { components as Streams } from "./generated/messages.js";

type Schemas = Rest["schemas"];
type Frames = Streams["schemas"];

export type Sport = Frames["StateFrame"]["sport"];
export type StatusCode = Schemas["StatusCode"];
export type PeriodCode = Schemas["PeriodCode"];
export type League = Schemas["League"];
export type MatchListItem = Schemas["MatchListItem"];
export type MatchDetail = Schemas["MatchDetail"];
export type MatchEvent = Schemas["Event"];
export type Problem = Schemas["Problem"];
export type Replay = Schemas["Replay"];
export type ReplayRequest = Schemas["ReplayRequest"];

/** What a stream opens with: the match as a list item, at the message's `seq`. */
export type StateMessage = Frames["StateFrame"];
export type ScoreUpdateMessage = Frames["ScoreUpdateFrame"];
export type StatusChangeMessage = Frames["StatusChangeFrame"];
export type EventAddedMessage = Frames["EventAddedFrame"];
export type EventUpdatedMessage = Frames["EventUpdatedFrame"];
export type EventRemovedMessage = Frames["EventRemovedFrame"];
/** A numbered update of a match (everything but `state`). */
export type LiveMessage =
  ScoreUpdateMessage | StatusChangeMessage | EventAddedMessage | EventUpdatedMessage | EventRemovedMessage;
/** Any message of /v1/ws/… and /v1/sse/…, discriminated by `type`. */
export type StreamMessage = StateMessage | LiveMessage;
/** Why the server ended a stream: a WebSocket close, or an SSE stream's `event: close`. */
export type StreamClose = Frames["StreamClose"];
