// createSportsClient: the typed REST client and the live helpers, sharing one base URL and one credential.
import { credential, type Auth } from "./credentials.js";
import { sseTransport } from "./live/sse.js";
import { subscribe, type MatchStreamOptions, type StreamOptions, type Subscription } from "./live/subscription.js";
import { websocketTransport, type WebSocketConstructor } from "./live/websocket.js";
import { replaysOf, type Replays } from "./replays.js";
import { restClient, type RestClient } from "./rest.js";

export type SportsClientOptions = Auth & {
  /** The deployment's origin, e.g. https://api.example.com or http://127.0.0.1:8787. */
  baseUrl: string;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Defaults to the global WebSocket (browsers, Node 22+). */
  WebSocket?: WebSocketConstructor;
};

/** `GET` and the other openapi-fetch methods, typed by the API's paths, plus the live helpers. */
export type SportsClient = RestClient & {
  /** One match: its state (or, with `since`, the messages after it), then every update; ends after the final whistle. */
  match(id: string, options: MatchStreamOptions): Subscription;
  /** Every live match of the account's tracked leagues: a state per match on each (re)connect, then updates. */
  live(options: StreamOptions): Subscription;
  /** Replays of finished matches as new live matches of the account (test keys): start and follow, list, stop. */
  replays: Replays;
};

export function createSportsClient(options: SportsClientOptions): SportsClient {
  const base = new URL(options.baseUrl);
  if (base.protocol !== "https:" && base.protocol !== "http:") throw new TypeError("baseUrl must be an http(s) URL");
  const baseUrl = base.origin;
  // Wrapped: a browser's fetch called as a method of another object throws "Illegal invocation".
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const auth = credential(options);
  const transports = { websocket: websocketTransport(fetchImpl, options.WebSocket), sse: sseTransport(fetchImpl) };
  const stream = (path: string, matchId: string | undefined, opts: MatchStreamOptions) => {
    const kind = opts.transport ?? "websocket";
    const prefix = kind === "sse" ? "/v1/sse" : "/v1/ws";
    return subscribe(
      { path: prefix + path, matchId },
      { baseUrl, credential: auth, transport: transports[kind] },
      opts,
    );
  };
  const rest = restClient(baseUrl, auth, fetchImpl);
  const match = (id: string, opts: MatchStreamOptions) => stream(`/match/${encodeURIComponent(id)}`, id, opts);
  return {
    ...rest,
    match,
    live: (opts) => stream("/live", undefined, opts),
    replays: replaysOf(rest, match),
  };
}
