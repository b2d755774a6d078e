// LiveHub: /v1/ws/live sockets, sharded by key id. Each socket only receives matches of the leagues its account
// tracked when it connected (kept in the socket's attachment, so it survives hibernation).
import { DurableObject } from "cloudflare:workers";
import type { Envelope } from "../src/live/messages";
import { releaseSocket, socketInfo, type SocketInfo } from "../src/live/sockets";
import { MAX_CLIENT_MESSAGE } from "./match-room";

export class LiveHub extends DurableObject<Env> {
  /** Per-socket league sets, rebuilt lazily from attachments after a wake. */
  private leagues = new WeakMap<WebSocket, Set<string>>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  private leaguesOf(ws: WebSocket): Set<string> {
    let set = this.leagues.get(ws);
    if (!set) {
      set = new Set((ws.deserializeAttachment() as SocketInfo | null)?.leagues ?? []);
      this.leagues.set(ws, set);
    }
    return set;
  }

  async publish(leagueId: string, envelopes: Envelope[]): Promise<number> {
    const frames = envelopes.map((e) => JSON.stringify(e));
    let sent = 0;
    for (const ws of this.ctx.getWebSockets()) {
      if (!this.leaguesOf(ws).has(leagueId)) continue;
      try {
        for (const f of frames) ws.send(f);
        sent++;
      } catch {
        // gone; its close handler releases it
      }
    }
    return sent;
  }

  override async fetch(request: Request): Promise<Response> {
    const info = socketInfo(request);
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [`key:${info.keyId}`]);
    pair[1].serializeAttachment(info);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const size = typeof message === "string" ? message.length : message.byteLength;
    if (size > MAX_CLIENT_MESSAGE) ws.close(1009, "message too big");
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    await releaseSocket(this.env, ws.deserializeAttachment() as SocketInfo);
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
    } catch {
      // already closed
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await releaseSocket(this.env, ws.deserializeAttachment() as SocketInfo);
  }

  async closeKey(keyId: string): Promise<number> {
    const sockets = this.ctx.getWebSockets(`key:${keyId}`);
    for (const ws of sockets) ws.close(1008, "api key revoked");
    return sockets.length;
  }
}
