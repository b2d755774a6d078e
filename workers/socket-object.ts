// What MatchRelay and LiveHub share: the Durable Object shell over their streams' core (src/core/live/stream-holder.ts:
// WebSockets and SSE streams, one delivery loop, slots confirmed and returned, live entitlements), handing it the
// object's SQLite and WebSockets, the account's gate, the primary's entitlement read and the runtime's timers.
import { DurableObject } from "cloudflare:workers";
import { loadEntitlement } from "../src/core/auth/entitlements";
import type { EntitlementChange } from "../src/core/auth/entitlement-signal";
import { primaryDb } from "../src/core/db/client";
import { releaseSocket } from "../src/core/live/sockets";
import { heartbeatMs } from "../src/core/live/sse";
import { runtimeClock, StreamHolder } from "../src/core/live/stream-holder";
import { log } from "../src/lib/log";

export const MAX_CLIENT_MESSAGE = 1024;

export abstract class SocketObject extends DurableObject<Env> {
  protected readonly streams: StreamHolder;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Answered without waking the object (docs/live-streams.md "Ping").
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    this.streams = new StreamHolder({
      sql: ctx.storage.sql,
      getWebSockets: (tag) => (tag ? ctx.getWebSockets(tag) : ctx.getWebSockets()),
      acceptWebSocket: (ws, tags) => ctx.acceptWebSocket(ws, tags),
      loadEntitlement: (accountId) => loadEntitlement(primaryDb(env.DB), accountId),
      confirm: (accountId, slotId, credential) => env.ACCOUNT_GATE.getByName(accountId).confirm(slotId, credential),
      release: (info) => releaseSocket(env, info),
      waitUntil: (p) => ctx.waitUntil(p),
      onError: (message, err) => log("error", message, { error: String(err) }),
      heartbeatMs: heartbeatMs(env),
      clock: runtimeClock,
    });
  }

  /** Looks for `accountId`'s SSE clients that left; answers how many ended (StreamHolder.probeSse). */
  async probeSse(accountId: string): Promise<number> {
    return this.streams.probeSse(accountId);
  }

  /** The change signal (src/core/auth/entitlement-signal.ts): remember the entitlement, close what it no longer allows. */
  async applyEntitlement(change: EntitlementChange): Promise<number> {
    return this.streams.applyEntitlement(change) + this.enforce(change.accountId);
  }

  /** After an entitlement change: close this account's streams that may no longer receive anything here. */
  protected enforce(_accountId: string): number {
    return 0;
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const size = typeof message === "string" ? message.length : message.byteLength;
    // The streams are one-way apart from ping; anything large is abuse (RFC 6455 §7.4.1, 1009).
    if (size > MAX_CLIENT_MESSAGE) ws.close(1009, "message too big");
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    await releaseSocket(this.env, this.streams.wsClient(ws)?.info ?? null);
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
    } catch {
      // already closed
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await releaseSocket(this.env, this.streams.wsClient(ws)?.info ?? null);
  }
}
