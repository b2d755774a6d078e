// @sports-data/sdk: the typed REST client and live match helpers of the Sports Data API.
export { createSportsClient, type SportsClient, type SportsClientOptions } from "./client.js";
export { credential, type Auth, type Credential, type IssuedToken, type TokenProvider } from "./credentials.js";
export {
  StreamError,
  type MatchStreamOptions,
  type StreamOptions,
  type StreamOutcome,
  type StreamStatus,
  type Subscription,
} from "./live/subscription.js";
export type { MatchView } from "./live/view.js";
export { ReplayError, type PlayedReplay, type Replays } from "./replays.js";
export type { WebSocketConstructor, WebSocketLike } from "./live/websocket.js";
export type { paths, RestClient } from "./rest.js";
export type * from "./types.js";
export type { components } from "./generated/schema.js";
