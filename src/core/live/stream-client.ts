// The streams a holder (MatchRelay, LiveHub) serves, behind one interface, so one delivery loop (stream-holder.ts)
// sends every publish to WebSockets and Server-Sent Events streams alike: a WebSocket (hibernatable; what it must keep
// lives in its attachment) or an SSE response (an open response keeps the object awake, so SSE streams are not
// hibernatable: they live in the object's memory, and end if the object goes away; EventSource reconnects with
// Last-Event-ID). Also the filters every stream shares: `after` (a relay's replay or state covered frames up to it),
// and a LiveHub stream's held frames and per-match cutoffs while it opens with state.
import type { SocketAttachment } from "./sockets";
import { SSE_HEADERS, SSE_HEARTBEAT, sseClose, sseEvent, sseId, type SseIdStyle } from "./sse";

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(SSE_HEARTBEAT);
/** Chunks an SSE stream may have queued unread (a client that stopped reading) before it is ended: ~1 MB of frames. */
const MAX_QUEUED = 4096;

/** One message as a holder sends it: its SSE encoding is built once per publish, however many streams get it. */
export class OutFrame {
  private bytes?: Uint8Array;
  constructor(
    readonly matchId: string,
    readonly seq: number,
    /** The message JSON: a WebSocket text frame, an SSE event's data. */
    readonly text: string,
    private readonly idStyle: SseIdStyle,
    private type?: string,
  ) {}

  /** The SSE event, built on first use (a holder without SSE streams never builds it). */
  sse(): Uint8Array {
    if (!this.bytes) {
      this.type ??= (JSON.parse(this.text) as { type: string }).type;
      this.bytes = encoder.encode(sseEvent(sseId(this.idStyle, this.matchId, this.seq), this.type, this.text));
    }
    return this.bytes;
  }
}

export abstract class StreamClient {
  /** Frames held while the holder reads what the stream opens with (LiveHub's states); sent after it. */
  private held: OutFrame[] | null = null;
  /** Per match: frames at or below are reflected by a state already sent; applies until `cutoffUntil`. */
  private cutoffs: Map<string, number> | null = null;
  private cutoffUntil = 0;

  abstract readonly info: SocketAttachment;
  /** Sends one frame unfiltered (what the stream opens with). A WebSocket that is gone throws. */
  abstract send(frame: OutFrame): void;
  /** Ends the stream from the server with a WebSocket close code and reason; never throws. */
  abstract close(code: number, reason: string): void;

  /** A publish's frames: held while the stream opens; else sent, except those a replay or state already covered. */
  deliver(frames: readonly OutFrame[]): void {
    if (this.held) {
      this.held.push(...frames);
      return;
    }
    const after = this.info.after ?? 0;
    if (this.cutoffs && Date.now() >= this.cutoffUntil) this.cutoffs = null;
    const cut = this.cutoffs;
    for (const f of frames) {
      if (f.seq <= after || (cut && f.seq <= (cut.get(f.matchId) ?? 0))) continue;
      this.send(f);
    }
  }

  /** From now on frames wait until `open`: called before the stream can receive any (in the same turn). */
  hold() {
    this.held = [];
  }

  /**
   * Sends `first` (the states), then the frames held meanwhile, skipping those at or below each match's cutoff; the
   * cutoffs keep filtering for `graceMs`, since a publish committed before the states were read may still be on its way.
   */
  open(first: readonly OutFrame[], cutoffs: Map<string, number>, graceMs: number) {
    for (const f of first) this.send(f);
    const held = this.held ?? [];
    this.held = null;
    this.cutoffs = cutoffs;
    this.cutoffUntil = Date.now() + graceMs;
    this.deliver(held);
  }
}

export class WsClient extends StreamClient {
  constructor(
    readonly ws: WebSocket,
    readonly info: SocketAttachment,
  ) {
    super();
  }

  send(f: OutFrame) {
    this.ws.send(f.text);
  }

  close(code: number, reason: string) {
    try {
      this.ws.close(code, reason);
    } catch {
      // already closed
    }
  }
}

/**
 * An SSE stream: a response whose body the holder writes to. It ends on a server close (`event: close` first), when
 * the client goes away (the body is cancelled), or when the client stops reading (MAX_QUEUED); `onEnd` runs once.
 */
export class SseClient extends StreamClient {
  readonly response: Response;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private done = false;

  constructor(
    readonly info: SocketAttachment,
    private readonly onEnd: (c: SseClient) => void,
  ) {
    super();
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        this.controller = c;
      },
      cancel: () => this.end(),
    });
    this.response = new Response(body, { headers: SSE_HEADERS });
  }

  send(f: OutFrame) {
    this.write(f.sse());
  }

  /** The stream ended: closed by the server, cancelled by its client's going, or given up as not read. */
  get ended() {
    return this.done;
  }

  heartbeat() {
    this.write(HEARTBEAT);
  }

  close(code: number, reason: string) {
    if (this.done) return;
    try {
      this.controller.enqueue(encoder.encode(sseClose(code, reason)));
      this.controller.close();
    } catch {
      // the client already went away
    }
    this.end();
  }

  private write(bytes: Uint8Array) {
    if (this.done) return;
    if ((this.controller.desiredSize ?? 0) < -MAX_QUEUED) return this.close(1008, "client too slow");
    try {
      this.controller.enqueue(bytes);
    } catch {
      this.end();
    }
  }

  private end() {
    if (this.done) return;
    this.done = true;
    this.onEnd(this);
  }
}
