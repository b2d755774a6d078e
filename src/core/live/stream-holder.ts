// The streams a holder Durable Object (MatchRelay, LiveHub; workers/socket-object.ts is their shell) serves:
// hibernatable WebSockets (tagged by credential, account and slot) and Server-Sent Events responses (in memory, with
// a heartbeat) behind one interface (stream-client.ts) and one delivery loop; each stream's slot confirmed with the
// account's gate once held and returned when the stream ends; and each account's live entitlement, which every frame
// is checked against before it leaves (docs/security-and-limits.md "Entitlements are live").
//
// Its I/O is handed in (the object's SQLite and WebSockets, the gate, the entitlement read, timers): the shell hands
// the runtime's, tests a fake clock (test/core/live/stream-holder.test.ts).
import { mayReceive } from "../domain/delivery";
import { revokedReason, slotGoneReason, type SlotVerdict } from "../limits/slots";
import { restrictionAllows, socketInfo, type SocketAttachment, type SocketInfo } from "./sockets";
import { SseClient, WsClient, type OutFrame, type StreamClient } from "./stream-client";

/**
 * Between a probe's two heartbeats: the first reaches a gone client's host, whose reset makes the second fail; on
 * loopback the reset is back in microseconds, across the internet in a round trip.
 */
export const PROBE_GAP_MS = 150;
/** Streams sent to between two yields of a sliced fan-out (fanOutSliced). */
export const FAN_OUT_SLICE = 100;

/** What a holder keeps of an account's entitlement: its version and leagues (the plan acts through the account's gate). */
export interface Held {
  accountId: string;
  version: number;
  leagues: ReadonlySet<string>;
}

/** What the change signal (src/core/auth/entitlement-signal.ts) tells a holder about one account. */
export interface HolderChange {
  accountId: string;
  version: number;
  leagues: string[];
  /** Credentials revoked (`key:<id>`, `grant:<id>`, as the gate names them): all their streams close (1008). */
  closeCredentials: string[];
  /** Slots over a lowered plan budget (the newest): their sockets close (1008). */
  closeSlots: string[];
}

/** The holder's timers: the runtime's in the shell, a fake clock in tests. */
export interface StreamClock {
  /** Runs `fn` every `ms` until the returned function is called. */
  every(ms: number, fn: () => void): () => void;
  sleep(ms: number): Promise<void>;
  /** One turn's yield (a sliced fan-out's pause between slices). */
  yieldTurn(): Promise<void>;
}

/** What a holder is handed: its object's SQLite and WebSockets, the account's gate and entitlement, timers. */
export interface StreamIo {
  sql: SqlStorage;
  getWebSockets(tag?: string): WebSocket[];
  acceptWebSocket(ws: WebSocket, tags: string[]): void;
  /** The account's entitlement from the primary (read when a stream brings a newer version than the one held). */
  loadEntitlement(accountId: string): Promise<Held | undefined>;
  /** Asks the account's gate whether a stream's slot still stands (src/core/limits/gate.ts `confirm`). */
  confirm(accountId: string, slotId: string, credential: string): Promise<SlotVerdict>;
  /** Gives a stream's slot back to its account's gate. */
  release(info: SocketAttachment): Promise<void>;
  waitUntil(p: Promise<unknown>): void;
  /** Logs a failure nothing waits for. */
  onError(message: string, err: unknown): void;
  heartbeatMs: number;
  clock: StreamClock;
}

/** The runtime's timers. */
export const runtimeClock: StreamClock = {
  every(ms, fn) {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  },
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  yieldTurn: () => new Promise((resolve) => setTimeout(resolve, 0)),
};

/**
 * The tags of a stream: WebSockets carry them (ctx.getWebSockets(tag)); SSE streams are matched against them. The
 * credential is the gate's name for it (`key:<id>`, `grant:<id>`), so a revocation closes by the name it recorded.
 */
const tagsOf = (a: SocketAttachment) => [a.credential, `account:${a.accountId}`, `slot:${a.slotId}`];

export interface AcceptOptions {
  /** Frames up to this seq were covered by a replay or a state: later deliveries skip them (kept across hibernation). */
  after?: number;
  /** Hold delivered frames until the holder calls `open` on the stream (LiveHub reads its states first). */
  hold?: boolean;
  /** What the stream opens with, sent in the same turn as it joins the delivered streams (no frame can come between). */
  first?: (c: StreamClient) => void;
}

export class StreamHolder {
  /** Entitlements of the accounts with streams here, by account id (memory over this object's SQLite copy). */
  private entitlements = new Map<string, Held>();
  /** Each WebSocket's client (its attachment read once), rebuilt lazily after a wake. */
  private wsClients = new WeakMap<WebSocket, WsClient>();
  /** Open SSE streams by slot id: in memory only (an open response keeps the object awake; no hibernation). */
  private sseStreams = new Map<string, SseClient>();
  private stopHeartbeat: (() => void) | undefined;

  constructor(private readonly io: StreamIo) {
    // Kept in storage, not in attachments: a league list can outgrow the 16 KiB attachment limit.
    io.sql.exec(
      "CREATE TABLE IF NOT EXISTS entitlements (account_id TEXT PRIMARY KEY, version INTEGER NOT NULL, leagues TEXT NOT NULL)",
    );
  }

  /** Whether this stream's account may receive data of `leagueId` now. */
  mayReceive(c: StreamClient, leagueId: string): boolean {
    return mayReceive(this.entitlementOf(c.info.accountId), leagueId);
  }

  /** A WebSocket's client, its attachment read once (null for one without: not ours). */
  wsClient(ws: WebSocket): WsClient | null {
    let c = this.wsClients.get(ws);
    if (!c) {
      const a = ws.deserializeAttachment() as SocketAttachment | null;
      if (!a) return null;
      this.wsClients.set(ws, (c = new WsClient(ws, a)));
    }
    return c;
  }

  /** Every stream held here, or those with `tag` (a credential, `account:`, `slot:`): WebSockets and SSE alike. */
  clients(tag?: string): StreamClient[] {
    const out: StreamClient[] = [];
    for (const ws of this.io.getWebSockets(tag)) {
      const c = this.wsClient(ws);
      if (c) out.push(c);
    }
    for (const s of this.sseStreams.values()) if (!tag || tagsOf(s.info).includes(tag)) out.push(s);
    return out;
  }

  /** How many SSE streams are open here. */
  get sseCount(): number {
    return this.sseStreams.size;
  }

  entitlementOf(accountId: string): Held | undefined {
    let e = this.entitlements.get(accountId);
    if (!e) {
      const row = this.io.sql
        .exec<{ version: number; leagues: string }>(
          "SELECT version, leagues FROM entitlements WHERE account_id = ?",
          accountId,
        )
        .toArray()[0];
      if (!row) return undefined;
      e = { accountId, version: row.version, leagues: new Set(JSON.parse(row.leagues) as string[]) };
      this.entitlements.set(accountId, e);
    }
    return e;
  }

  /** Keeps the newer of what we have and `e`: a connect that read the account before a change never undoes it. */
  private remember(e: Held) {
    const known = this.entitlementOf(e.accountId);
    if (known && known.version > e.version) return;
    this.entitlements.set(e.accountId, e);
    this.io.sql.exec(
      "INSERT OR REPLACE INTO entitlements (account_id, version, leagues) VALUES (?, ?, ?)",
      e.accountId,
      e.version,
      JSON.stringify([...e.leagues]),
    );
  }

  /**
   * Takes the stream the Worker admitted: accepts the WebSocket upgrade (its attachment, with `after`, survives
   * hibernation), or opens an SSE response. `first` runs in the same turn as the stream joins the ones deliveries
   * reach, so what it sends (a state, a replay) comes before any delivered frame.
   */
  async accept(
    request: Request,
    opts: AcceptOptions = {},
  ): Promise<{ client: StreamClient; response: Response; info: SocketInfo }> {
    const info = socketInfo(request);
    // Older than what the Worker's key check saw (or unknown here): read the account once, not per message.
    if ((this.entitlementOf(info.accountId)?.version ?? -1) < info.entitlementVersion) {
      const fresh = await this.io.loadEntitlement(info.accountId);
      if (fresh) this.remember(fresh);
    }
    const attachment: SocketAttachment = {
      credential: info.credential,
      accountId: info.accountId,
      slotId: info.slotId,
    };
    if (opts.after !== undefined) attachment.after = opts.after;
    if (info.only) attachment.only = info.only;
    let client: StreamClient;
    let response: Response;
    if (info.transport === "sse") {
      const sse = new SseClient(attachment, (c) => this.sseEnded(c));
      this.sseStreams.set(info.slotId, sse);
      this.startHeartbeat();
      [client, response] = [sse, sse.response];
    } else {
      const pair = new WebSocketPair();
      this.io.acceptWebSocket(pair[1], tagsOf(attachment));
      pair[1].serializeAttachment(attachment);
      const ws = new WsClient(pair[1], attachment);
      this.wsClients.set(pair[1], ws);
      [client, response] = [ws, new Response(null, { status: 101, webSocket: pair[0] })];
    }
    if (opts.hold) client.hold();
    try {
      opts.first?.(client);
    } catch {
      // a WebSocket closed under us: its close handler releases it
    }
    // The slot was admitted by the account's gate before the stream reached us; a revocation or a lower plan that
    // the gate recorded in between told us before we had the stream. Asking now closes that window: either the
    // gate removed the slot already (the verdict says so), or its signal reaches us after this stream exists.
    const verdict = await this.io.confirm(info.accountId, info.slotId, info.credential);
    if (verdict !== "ok") client.close(1008, slotGoneReason(verdict, info.credential));
    return { client, response, info };
  }

  /**
   * The one delivery loop: a publish's frames to every stream whose account may receive `leagueId` now (the
   * entitlement check at delivery) — a restricted browser token's stream only its matches' — each then ended with
   * `end` if given. Returns the streams held.
   */
  fanOut(leagueId: string, frames: readonly OutFrame[], end?: { code: number; reason: string }): number {
    const all = this.clients();
    this.deliverTo(all, leagueId, frames, end);
    return all.length;
  }

  /**
   * fanOut in slices of FAN_OUT_SLICE streams, yielding to the runtime between them. The runtime writes what a turn
   * sent when the turn ends, so one loop over 1,000 sockets kept every frame back until the last send (the P4 trace,
   * docs/benchmarks.md); sliced, the first sockets' frames leave while the later ones are sent. The streams are those
   * held when the publish arrived: one that joins during a yield opens with the relay's recent frames instead.
   */
  async fanOutSliced(
    leagueId: string,
    frames: readonly OutFrame[],
    end?: { code: number; reason: string },
  ): Promise<number> {
    const all = this.clients();
    for (let i = 0; i < all.length; i += FAN_OUT_SLICE) {
      if (i > 0) await this.io.clock.yieldTurn();
      this.deliverTo(all.slice(i, i + FAN_OUT_SLICE), leagueId, frames, end);
    }
    return all.length;
  }

  private deliverTo(
    streams: readonly StreamClient[],
    leagueId: string,
    frames: readonly OutFrame[],
    end?: { code: number; reason: string },
  ) {
    for (const c of streams) {
      if (!this.mayReceive(c, leagueId)) continue;
      const only = c.info.only;
      const mine = only ? frames.filter((f) => restrictionAllows(only, f.matchId, leagueId)) : frames;
      if (mine.length === 0) continue;
      try {
        c.deliver(mine);
        if (end) c.close(end.code, end.reason);
      } catch {
        // a WebSocket already gone: its close handler releases it
      }
    }
  }

  /** An SSE stream ended (server close, client gone, or not read): forget it and give its slot back. */
  private sseEnded(c: SseClient) {
    if (this.sseStreams.get(c.info.slotId) === c) this.sseStreams.delete(c.info.slotId);
    if (this.sseStreams.size === 0 && this.stopHeartbeat) {
      this.stopHeartbeat();
      this.stopHeartbeat = undefined;
    }
    this.io.waitUntil(this.io.release(c.info).catch((err) => this.io.onError("slot release failed", err)));
  }

  /**
   * Looks for `accountId`'s SSE clients that left (src/core/live/sockets.ts admitSlot): two heartbeats PROBE_GAP_MS
   * apart to each of its streams here; a stream whose client is gone fails the second write and ends, and its slot is
   * back at the gate before this answers. Answers how many ended.
   */
  async probeSse(accountId: string): Promise<number> {
    const mine = [...this.sseStreams.values()].filter((s) => s.info.accountId === accountId);
    if (mine.length === 0) return 0;
    for (let i = 0; i < 2; i++) {
      for (const s of mine) s.heartbeat();
      await this.io.clock.sleep(PROBE_GAP_MS);
    }
    const ended = mine.filter((s) => s.ended);
    await Promise.all(ended.map((s) => this.io.release(s.info)));
    return ended.length;
  }

  /** A comment line on every SSE stream here every heartbeatMs, while there are any: proxies keep them open. */
  private startHeartbeat() {
    this.stopHeartbeat ??= this.io.clock.every(this.io.heartbeatMs, () => {
      for (const s of [...this.sseStreams.values()]) s.heartbeat();
    });
  }

  /**
   * The change signal (src/core/auth/entitlement-signal.ts): remember the entitlement, close the streams of the
   * credentials and slots it names. Returns how many closed (the holder then closes what the new leagues exclude).
   */
  applyEntitlement(change: HolderChange): number {
    this.remember({ accountId: change.accountId, version: change.version, leagues: new Set(change.leagues) });
    let closed = 0;
    for (const credential of change.closeCredentials) closed += this.closeTagged(credential, revokedReason(credential));
    for (const slotId of change.closeSlots) closed += this.closeTagged(`slot:${slotId}`, slotGoneReason("over"));
    return closed;
  }

  /** Closes every stream with `tag` (1008, `reason`): WebSockets and SSE streams alike. */
  closeTagged(tag: string, reason: string): number {
    const streams = this.clients(tag);
    for (const c of streams) c.close(1008, reason);
    return streams.length;
  }
}
