// A live subscription: keeps one stream connected, over either transport, and turns what arrives into each match's
// messages exactly once and in order.
//
// Reconciliation is by seq only (docs/live-streams.md "Sequence numbers and replay"): per match, the highest seq
// applied; a message at or below it is a duplicate and is dropped. A match stream reconnects with ?since=<that seq>,
// so the server replays exactly what was missed; a live stream has no replay, and its fresh `state` per match (newer
// than what was applied) replaces the view on every reconnect.
import type { Credential } from "../credentials.js";
import type { MatchListItem, StreamMessage } from "../types.js";
import type { Connection, Transport, TransportEnd } from "./transport.js";
import { applyMessage, type MatchView } from "./view.js";

export type StreamStatus = "connecting" | "open" | "reconnecting" | "ended";

export interface StreamOptions {
  /** "websocket" (default) or "sse" (Server-Sent Events over fetch). */
  transport?: "websocket" | "sse";
  /** Each message once, in seq order per match; `view` is the match after it (undefined until a state or `initial`). */
  onMessage(message: StreamMessage, view: MatchView | undefined): void;
  /** Fatal errors end the subscription (`done` settles too); the others are each followed by a reconnect. */
  onError?(error: StreamError): void;
  onStatus?(status: StreamStatus): void;
  /** Delays between reconnects: doubling from `initialDelayMs` (500) to `maxDelayMs` (15 000), with jitter. */
  reconnect?: { initialDelayMs?: number; maxDelayMs?: number };
  /** Aborting it closes the subscription. */
  signal?: AbortSignal;
}

export interface MatchStreamOptions extends StreamOptions {
  /** Start after this seq (that of a REST read): the messages after it, without a state message. */
  since?: number;
  /** A REST read of the match to start the view from; `since` defaults to its `seq`. */
  initial?: MatchListItem;
}

export type StreamOutcome =
  /** A match stream after the final whistle (close 1000): nothing more will come. */
  | { kind: "finished"; reason: string }
  /** `close()` or the signal. */
  | { kind: "closed" }
  /** A refusal that reconnecting cannot fix: revoked key, untracked league, unknown match … */
  | { kind: "failed"; error: StreamError };

export class StreamError extends Error {
  override readonly name = "StreamError";
  constructor(
    message: string,
    /** Whether the subscription ended because of it. */
    readonly fatal: boolean,
    /** What the server or the network said: an HTTP status, a close code and reason, or the error. */
    readonly detail: TransportEnd | { kind: "credential"; error: unknown } | { kind: "callback"; error: unknown },
  ) {
    super(message);
  }
}

export interface Subscription {
  /** Per match, the highest seq applied. */
  readonly seqs: ReadonlyMap<string, number>;
  /** Per match, its view (./view.ts). */
  readonly matches: ReadonlyMap<string, MatchView>;
  /** Settles once, when the subscription ends for good. */
  readonly done: Promise<StreamOutcome>;
  close(): void;
}

export interface StreamTarget {
  /** /v1/ws/… or /v1/sse/…, resolved against the client's base URL. */
  path: string;
  /** Set for a match stream: it resumes with ?since=. */
  matchId?: string;
}

// A refusal of a renewed token this soon after renewing it is not an expiry: the key behind it is revoked.
const RENEW_WINDOW_MS = 10_000;

export function subscribe(
  target: StreamTarget,
  deps: { baseUrl: string; credential: Credential; transport: Transport },
  opts: MatchStreamOptions,
): Subscription {
  const seqs = new Map<string, number>();
  const matches = new Map<string, MatchView>();
  if (target.matchId !== undefined) {
    if (opts.initial) matches.set(target.matchId, opts.initial);
    const since = opts.since ?? opts.initial?.seq;
    if (since !== undefined) seqs.set(target.matchId, since);
  }
  const firstDelay = opts.reconnect?.initialDelayMs ?? 500;
  const maxDelay = opts.reconnect?.maxDelayMs ?? 15_000;
  let failures = 0;
  let renewedAt = -Infinity;
  let conn: Connection | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ended = false;
  let settle: (outcome: StreamOutcome) => void = () => {};
  const done = new Promise<StreamOutcome>((resolve) => (settle = resolve));

  const finish = (outcome: StreamOutcome) => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    conn?.close();
    conn = undefined;
    opts.signal?.removeEventListener("abort", close);
    opts.onStatus?.("ended");
    if (outcome.kind === "failed") opts.onError?.(outcome.error);
    settle(outcome);
  };
  const close = () => finish({ kind: "closed" });

  const url = () => {
    const u = new URL(target.path, deps.baseUrl);
    const since = target.matchId === undefined ? undefined : seqs.get(target.matchId);
    if (since !== undefined) u.searchParams.set("since", String(since));
    return u;
  };

  const connect = async (credential?: string) => {
    let key: string;
    try {
      key = credential ?? (await deps.credential.current());
    } catch (error) {
      return retry(new StreamError("the token provider failed", false, { kind: "credential", error }));
    }
    if (ended) return;
    conn = deps.transport(url(), key, { open, message, end: (e) => void end(e) });
  };

  const open = () => {
    failures = 0;
    opts.onStatus?.("open");
  };

  const message = (m: StreamMessage) => {
    if (ended) return;
    const last = seqs.get(m.match_id);
    if (last !== undefined && m.seq <= last) return;
    seqs.set(m.match_id, m.seq);
    const view = applyMessage(matches.get(m.match_id), m);
    if (view) matches.set(m.match_id, view);
    try {
      opts.onMessage(m, view);
    } catch (error) {
      // The message counts as delivered (its seq is applied): a throwing callback must not replay it forever.
      const report = new StreamError("onMessage threw", false, { kind: "callback", error });
      if (opts.onError) opts.onError(report);
      else queueMicrotask(() => void Promise.reject(error));
    }
  };

  const end = async (e: TransportEnd) => {
    conn = undefined;
    if (ended) return;
    if (e.kind === "closed" && e.code === 1000) return finish({ kind: "finished", reason: e.reason });
    const denied = (e.kind === "closed" && e.code === 1008) || (e.kind === "refused" && e.status === 401);
    if (denied) {
      // A token may have expired just before the connect or under the open stream: renew it once and go again.
      // A key cannot be renewed, and a second refusal right after renewing means the refusal was meant.
      let fresh: string | null = null;
      if (Date.now() - renewedAt > RENEW_WINDOW_MS) {
        renewedAt = Date.now();
        try {
          fresh = await deps.credential.renew();
        } catch (error) {
          return finish({ kind: "failed", error: new StreamError(describe(e), true, { kind: "credential", error }) });
        }
      }
      if (fresh === null) return finish({ kind: "failed", error: new StreamError(describe(e), true, e) });
      if (ended) return;
      opts.onStatus?.("reconnecting");
      return connect(fresh);
    }
    // 400 (a bad since), 404 (unknown or untracked match), 421 (not this deployment): the same again would fail too.
    if (e.kind === "refused" && e.status < 500 && e.status !== 408 && e.status !== 429)
      return finish({ kind: "failed", error: new StreamError(describe(e), true, e) });
    retry(new StreamError(describe(e), false, e));
  };

  const retry = (error: StreamError) => {
    if (ended) return;
    opts.onError?.(error);
    opts.onStatus?.("reconnecting");
    const delay = Math.min(maxDelay, firstDelay * 2 ** failures++);
    timer = setTimeout(() => void connect(), delay / 2 + (Math.random() * delay) / 2);
  };

  if (opts.signal?.aborted) close();
  else {
    opts.signal?.addEventListener("abort", close);
    opts.onStatus?.("connecting");
    void connect();
  }
  return { seqs, matches, done, close };
}

function describe(e: TransportEnd): string {
  if (e.kind === "refused") return `the stream was refused: HTTP ${e.status}`;
  if (e.kind === "closed") return `the server closed the stream: ${e.code}${e.reason ? ` ${e.reason}` : ""}`;
  return `the connection dropped${e.error instanceof Error ? `: ${e.error.message}` : ""}`;
}
