// MatchRelay: a share of one match's sockets (`<match id>:<index>`, src/core/live/relays.ts). The match's MatchRoom numbers
// each update and forwards it to all of its relays, so a hot match's sends are spread over objects instead of one
// object's CPU. WebSocket Hibernation API (socket-object.ts): the relay can be evicted between messages; what it
// needs lives in its SQLite storage and each socket's attachment.
import type { Frame, RelayBatch } from "../src/core/live/relays";
import { socketInfo } from "../src/core/live/sockets";
import { SocketObject } from "./socket-object";

/** Frames kept in memory for sockets that join during a replay (a handful arrive meanwhile; 64 is ample). */
const RECENT = 64;

export class MatchRelay extends SocketObject {
  /** The last frames this instance received, oldest first. */
  private recent: Frame[] = [];
  /** This instance delivered the final whistle: a socket that joins after it (a racing connect) closes too. */
  private finished = false;

  /** Sends one publish to every socket whose account may see the league now; returns the sockets held. */
  async deliver(batch: RelayBatch): Promise<number> {
    this.noteLeague(batch.leagueId);
    if (batch.final) this.finished = true;
    this.recent.push(...batch.frames);
    if (this.recent.length > RECENT) this.recent.splice(0, this.recent.length - RECENT);
    const sockets = this.ctx.getWebSockets();
    for (const ws of sockets) {
      if (!this.mayReceive(ws, batch.leagueId)) continue;
      // Frames up to `after` already went out with this socket's replay.
      const after = this.attachmentOf(ws)?.after ?? 0;
      try {
        for (const f of batch.frames) if (f.seq > after) ws.send(f.text);
        if (batch.final) ws.close(1000, "match finished");
      } catch {
        // gone: its close handler releases it
      }
    }
    return batch.final ? 0 : sockets.length;
  }

  /**
   * The upgrade, after the Worker checked key, scope, match and budget and the room picked this relay. `?since=`
   * replays from the room's log. Ordering: the replay is read first (frames reaching this relay meanwhile are kept
   * in `recent`), then, with no await in between, the socket is accepted, sent the replay and whatever in `recent`
   * is newer, and joins the live ones; frames up to the replay's seq still in flight are skipped by `after`.
   */
  override async fetch(request: Request): Promise<Response> {
    const info = socketInfo(request);
    if (info.leagueId) this.noteLeague(info.leagueId);
    const replay =
      info.since !== null && info.matchId ? await this.env.MATCH_ROOM.getByName(info.matchId).replay(info.since) : null;
    const { server, response } = await this.accept(request, replay?.seq);
    // The account stopped tracking the league between the Worker's check and now.
    if (info.leagueId && !this.mayReceive(server, info.leagueId)) {
      server.close(1008, "league no longer tracked");
      return response;
    }
    if (replay) {
      for (const f of replay.frames) server.send(f.text);
      for (const f of this.recent) if (f.seq > replay.seq) server.send(f.text);
    }
    // The Worker read the match from D1 (committed before any publish); a final delivered since then counts too.
    if (info.final || this.finished) server.close(1000, "match finished");
    return response;
  }

  /** The match's league, kept from its first upgrade or publish: entitlement changes are checked against it. */
  private noteLeague(leagueId: string) {
    if (this.ctx.storage.kv.get("league") !== leagueId) this.ctx.storage.kv.put("league", leagueId);
  }

  /**
   * A socket of an account that no longer tracks this match's league closes
   * (docs/security-and-limits.md "Entitlements are live").
   */
  protected override enforce(accountId: string): number {
    const league = this.ctx.storage.kv.get<string>("league");
    if (!league) return 0;
    const gone = this.ctx.getWebSockets(`account:${accountId}`).filter((ws) => !this.mayReceive(ws, league));
    for (const ws of gone) ws.close(1008, "league no longer tracked");
    return gone.length;
  }
}
