// What MatchRoom and LiveHub share: hibernatable sockets tagged by key, `ping` answered by the runtime, the
// connection budget returned on close, oversized client messages refused, revocation by key.
import { DurableObject } from "cloudflare:workers";
import { releaseSocket, socketInfo, type SocketInfo } from "../src/live/sockets";

export const MAX_CLIENT_MESSAGE = 1024;

export abstract class SocketObject extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Answered without waking the object (CONTRACT.md "WebSocket").
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** Accepts the upgrade the Worker admitted; the attachment survives hibernation. */
  protected accept(request: Request): { server: WebSocket; response: Response; info: SocketInfo } {
    const info = socketInfo(request);
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [`key:${info.keyId}`]);
    pair[1].serializeAttachment(info);
    return { server: pair[1], response: new Response(null, { status: 101, webSocket: pair[0] }), info };
  }

  /** Sends frames to each socket; a socket that is already gone is skipped (its close handler releases it). */
  protected broadcast(sockets: WebSocket[], frames: string[], after?: (ws: WebSocket) => void): number {
    let sent = 0;
    for (const ws of sockets) {
      try {
        for (const f of frames) ws.send(f);
        after?.(ws);
        sent++;
      } catch {
        // gone
      }
    }
    return sent;
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const size = typeof message === "string" ? message.length : message.byteLength;
    // The streams are one-way apart from ping; anything large is abuse (RFC 6455 §7.4.1, 1009).
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

  /** Revocation: close this key's sockets with 1008 (policy violation). */
  async closeKey(keyId: string): Promise<number> {
    const sockets = this.ctx.getWebSockets(`key:${keyId}`);
    for (const ws of sockets) ws.close(1008, "api key revoked");
    return sockets.length;
  }
}
