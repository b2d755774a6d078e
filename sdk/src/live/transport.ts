// What a live transport (WebSocket or SSE) reports to the subscription that drives it. Transports only connect and
// report; whether to reconnect, and from which seq, is decided in ./subscription.ts, the same for both.
import type { StreamMessage } from "../types.js";

export type TransportEnd =
  /** The server ended the stream: a WebSocket close code, or an SSE `event: close` {code, reason}. */
  | { kind: "closed"; code: number; reason: string }
  /** Refused before any message: the HTTP status of the refusal (401, 404, 429 …). */
  | { kind: "refused"; status: number }
  /** The connection failed or went silent without a word from the server. */
  | { kind: "dropped"; error?: unknown };

export interface TransportHandlers {
  open(): void;
  message(message: StreamMessage): void;
  /** Called once, last; never after the subscription's own `close()`. */
  end(end: TransportEnd): void;
}

export interface Connection {
  close(): void;
}

/** `url` is the stream's http(s) URL with its query (`since`); `credential` is a key or a token. */
export type Transport = (url: URL, credential: string, handlers: TransportHandlers) => Connection;

// A stream that says nothing for this long is dead even if the socket looks open (a laptop's sleep, a NAT that forgot
// the connection): the server sends an SSE heartbeat every 15 s, and a WebSocket answers our `ping` with `pong`.
export const IDLE_MS = 45_000;
export const PING_MS = 15_000;

/** Parses one message; junk (never sent by the server) is skipped rather than ending the stream. */
export function parseMessage(text: string): StreamMessage | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && "type" in value && "seq" in value) return value as StreamMessage;
  } catch {}
  return undefined;
}
