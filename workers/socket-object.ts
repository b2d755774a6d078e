// What MatchRelay and LiveHub share: hibernatable sockets tagged by key, account and lease; `ping` answered by the
// runtime; the connection budget returned on close; oversized client messages refused; and each account's live
// entitlement, which every frame is checked against before it leaves
// (docs/security-and-limits.md "Entitlements are live").
import { DurableObject } from "cloudflare:workers";
import { loadEntitlement, mayReceive, type Entitlement } from "../src/core/auth/entitlements";
import { primaryDb } from "../src/core/db/client";
import type { EntitlementChange } from "../src/core/auth/entitlement-signal";
import { keyCredential } from "../src/core/auth/principal";
import { slotGoneReason } from "../src/core/limits/slots";
import { releaseSocket, socketInfo, type SocketAttachment, type SocketInfo } from "../src/core/live/sockets";

export const MAX_CLIENT_MESSAGE = 1024;

/** What a holder keeps of an account's entitlement: its version and leagues (the plan acts through the account's gate). */
type Held = Pick<Entitlement, "accountId" | "version" | "leagues">;

export abstract class SocketObject extends DurableObject<Env> {
  /** Entitlements of the accounts with sockets here, by account id (memory over this object's SQLite copy). */
  private entitlements = new Map<string, Held>();
  /** Per-socket attachments, rebuilt lazily after a wake. */
  private attachments = new WeakMap<WebSocket, SocketAttachment>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Answered without waking the object (docs/live-streams.md "Ping").
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    // Kept in storage, not in attachments: a league list can outgrow the 16 KiB attachment limit.
    ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS entitlements (account_id TEXT PRIMARY KEY, version INTEGER NOT NULL, leagues TEXT NOT NULL)",
    );
  }

  /** Whether this socket's account may receive data of `leagueId` now. */
  protected mayReceive(ws: WebSocket, leagueId: string): boolean {
    const a = this.attachmentOf(ws);
    return !!a && mayReceive(this.entitlementOf(a.accountId), leagueId);
  }

  protected attachmentOf(ws: WebSocket): SocketAttachment | null {
    let a = this.attachments.get(ws);
    if (!a) {
      a = (ws.deserializeAttachment() as SocketAttachment | null) ?? undefined;
      if (a) this.attachments.set(ws, a);
    }
    return a ?? null;
  }

  protected entitlementOf(accountId: string): Held | undefined {
    let e = this.entitlements.get(accountId);
    if (!e) {
      const row = this.ctx.storage.sql
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
    this.ctx.storage.sql.exec(
      "INSERT OR REPLACE INTO entitlements (account_id, version, leagues) VALUES (?, ?, ?)",
      e.accountId,
      e.version,
      JSON.stringify([...e.leagues]),
    );
  }

  /** Accepts the upgrade the Worker admitted; the attachment (with `after`, if given) survives hibernation. */
  protected async accept(
    request: Request,
    after?: number,
  ): Promise<{ server: WebSocket; response: Response; info: SocketInfo }> {
    const info = socketInfo(request);
    // Older than what the Worker's key check saw (or unknown here): read the account once, not per message.
    if ((this.entitlementOf(info.accountId)?.version ?? -1) < info.entitlementVersion) {
      const fresh = await loadEntitlement(primaryDb(this.env.DB), info.accountId);
      if (fresh) this.remember(fresh);
    }
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [`key:${info.keyId}`, `account:${info.accountId}`, `slot:${info.slotId}`]);
    const attachment: SocketAttachment = { keyId: info.keyId, accountId: info.accountId, slotId: info.slotId };
    if (after !== undefined) attachment.after = after;
    pair[1].serializeAttachment(attachment);
    // The slot was admitted by the account's gate before the socket reached us; a revocation or a lower plan that
    // the gate recorded in between told us before we had the socket. Asking now closes that window: either the
    // gate removed the slot already (the verdict says so), or its signal reaches us after this socket exists.
    const verdict = await this.env.ACCOUNT_GATE.getByName(info.accountId).confirm(
      info.slotId,
      keyCredential(info.keyId),
    );
    if (verdict !== "ok") {
      try {
        pair[1].close(1008, slotGoneReason(verdict));
      } catch {
        // already closed
      }
    }
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

  /** The change signal (src/core/auth/entitlement-signal.ts): remember the entitlement, close what it no longer allows. */
  async applyEntitlement(change: EntitlementChange): Promise<number> {
    this.remember({ accountId: change.accountId, version: change.version, leagues: new Set(change.leagues) });
    let closed = 0;
    for (const keyId of change.closeKeys) closed += this.closeTagged(`key:${keyId}`, slotGoneReason("revoked"));
    for (const slotId of change.closeSlots) closed += this.closeTagged(`slot:${slotId}`, slotGoneReason("over"));
    return closed + this.enforce(change.accountId);
  }

  /** After an entitlement change: close this account's sockets that may no longer receive anything here. */
  protected enforce(_accountId: string): number {
    return 0;
  }

  protected closeTagged(tag: string, reason: string): number {
    const sockets = this.ctx.getWebSockets(tag);
    for (const ws of sockets) {
      try {
        ws.close(1008, reason);
      } catch {
        // already closed
      }
    }
    return sockets.length;
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const size = typeof message === "string" ? message.length : message.byteLength;
    // The streams are one-way apart from ping; anything large is abuse (RFC 6455 §7.4.1, 1009).
    if (size > MAX_CLIENT_MESSAGE) ws.close(1009, "message too big");
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    await releaseSocket(this.env, this.attachmentOf(ws));
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
    } catch {
      // already closed
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await releaseSocket(this.env, this.attachmentOf(ws));
  }
}
