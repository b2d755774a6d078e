// MatchRoom: the sockets of one match (idFromName(match id)), its `seq` and the log that `?since=` replays.
// WebSocket Hibernation API: the object can be evicted between messages; state lives in its SQLite storage and
// each socket's attachment.
import { DurableObject } from "cloudflare:workers";
import { isFinished } from "../src/domain/codes";
import type { Envelope, MatchUpdates } from "../src/live/messages";
import { releaseSocket, socketInfo, type SocketInfo } from "../src/live/sockets";

/** The contract promises at least 1000; trimming at 2000 keeps the work per publish small. */
const KEEP = 1000;
const TRIM_AT = 2000;
export const MAX_CLIENT_MESSAGE = 1024;

export class MatchRoom extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Answered by the runtime without waking the object (CONTRACT.md "WebSocket").
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS log (seq INTEGER PRIMARY KEY, msg TEXT NOT NULL)");
  }

  /** Assigns seq to each update, stores it, sends it to every socket; closes them after a final status. */
  async publish(mu: MatchUpdates): Promise<Envelope[]> {
    const envelopes: Envelope[] = [];
    this.ctx.storage.transactionSync(() => {
      let seq = this.ctx.storage.kv.get<number>("seq") ?? 0;
      for (const u of mu.updates) {
        const env = { ...u, match_id: mu.match_id, sport: mu.sport, seq: ++seq, ts: Date.now() } as Envelope;
        this.ctx.storage.sql.exec("INSERT INTO log (seq, msg) VALUES (?, ?)", seq, JSON.stringify(env));
        envelopes.push(env);
      }
      this.ctx.storage.kv.put("seq", seq);
      const oldest = this.ctx.storage.sql.exec<{ s: number | null }>("SELECT min(seq) AS s FROM log").one().s ?? seq;
      if (seq - oldest >= TRIM_AT) this.ctx.storage.sql.exec("DELETE FROM log WHERE seq <= ?", seq - KEEP);
    });
    const final = envelopes.some((e) => e.type === "status_change" && isFinished(e.data.to));
    if (final) this.ctx.storage.kv.put("final", true);
    const frames = envelopes.map((e) => JSON.stringify(e));
    for (const ws of this.ctx.getWebSockets()) {
      try {
        for (const f of frames) ws.send(f);
        if (final) ws.close(1000, "match finished");
      } catch {
        // A socket that is already gone; its close handler releases it.
      }
    }
    return envelopes;
  }

  /** The WebSocket upgrade, after the Worker checked key, scope, match and budget. */
  override async fetch(request: Request): Promise<Response> {
    const info = socketInfo(request);
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server, [`key:${info.keyId}`]);
    server.serializeAttachment(info);
    const since = info.since;
    if (since !== null) {
      const rows = this.ctx.storage.sql.exec<{ msg: string }>("SELECT msg FROM log WHERE seq > ? ORDER BY seq", since);
      for (const r of rows) server.send(r.msg);
    }
    if (this.ctx.storage.kv.get("final") || info.final) server.close(1000, "match finished");
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const size = typeof message === "string" ? message.length : message.byteLength;
    if (size > MAX_CLIENT_MESSAGE) ws.close(1009, "message too big");
    // Anything else a client sends is ignored: the stream is one-way apart from ping.
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

  /** Highest seq published so far (tests, diagnostics). */
  async lastSeq(): Promise<number> {
    return this.ctx.storage.kv.get<number>("seq") ?? 0;
  }
}
