// LiveHub: /v1/ws/live sockets, sharded by key id. Each frame goes only to sockets whose account tracks the match's
// league now: the account's entitlement is kept here and moved forward by the change signal (socket-object.ts).
import type { Envelope } from "../src/core/live/messages";
import { SocketObject } from "./socket-object";

export class LiveHub extends SocketObject {
  async publish(leagueId: string, envelopes: Envelope[]): Promise<number> {
    const sockets = this.ctx.getWebSockets().filter((ws) => this.mayReceive(ws, leagueId));
    return this.broadcast(
      sockets,
      envelopes.map((e) => JSON.stringify(e)),
    );
  }

  override async fetch(request: Request): Promise<Response> {
    return (await this.accept(request)).response;
  }
}
