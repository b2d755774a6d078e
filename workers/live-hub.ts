// LiveHub: /v1/ws/live sockets, sharded by key id. Each socket only receives matches of the leagues its account
// tracked when it connected (kept in the socket's attachment, so it survives hibernation).
import type { Envelope } from "../src/live/messages";
import type { SocketInfo } from "../src/live/sockets";
import { SocketObject } from "./socket-object";

export class LiveHub extends SocketObject {
  /** Per-socket league sets, rebuilt lazily from attachments after a wake. */
  private leagues = new WeakMap<WebSocket, Set<string>>();

  private leaguesOf(ws: WebSocket): Set<string> {
    let set = this.leagues.get(ws);
    if (!set) {
      set = new Set((ws.deserializeAttachment() as SocketInfo | null)?.leagues ?? []);
      this.leagues.set(ws, set);
    }
    return set;
  }

  async publish(leagueId: string, envelopes: Envelope[]): Promise<number> {
    const sockets = this.ctx.getWebSockets().filter((ws) => this.leaguesOf(ws).has(leagueId));
    return this.broadcast(
      sockets,
      envelopes.map((e) => JSON.stringify(e)),
    );
  }

  override async fetch(request: Request): Promise<Response> {
    return this.accept(request).response;
  }
}
