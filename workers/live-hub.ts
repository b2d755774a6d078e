// LiveHub: /v1/ws/live sockets and /v1/sse/live streams, sharded by key id. Each frame goes only to streams whose
// account tracks the match's league now: the account's entitlement is kept here and moved forward by the change
// signal (socket-object.ts). A stream opens with one state per live match of the account's tracked leagues.
import { mayReceive } from "../src/core/auth/entitlements";
import { primaryDb } from "../src/core/db/client";
import { liveMatchesQuery, type LiveMatchRow } from "../src/core/db/queries/live";
import { stateMessage, type Envelope } from "../src/core/live/messages";
import { restrictionAllows } from "../src/core/live/sockets";
import { log } from "../src/lib/log";
import { SocketObject } from "./socket-object";
import { OutFrame } from "../src/core/live/stream-client";

/**
 * How long a new stream keeps skipping frames at or below its states' seqs: a publish committed before the states
 * were read may still be on its way to this shard (ingest → room → every shard takes milliseconds; this is ample).
 */
const STATE_GRACE_MS = 30_000;

export class LiveHub extends SocketObject {
  /** Sends a publish to the streams whose account tracks the league now; returns the streams held. */
  async publish(leagueId: string, envelopes: Envelope[]): Promise<number> {
    const frames = envelopes.map((e) => new OutFrame(e.match_id, e.seq, JSON.stringify(e), "match", e.type));
    return this.streams.fanOut(leagueId, frames);
  }

  /**
   * The stream joins at once, holding what is published to it; then the live matches are read from the primary
   * (so every publish that reached this shard before the join is reflected in them), sent as states, and followed
   * by the held frames newer than each match's state. A frame of a match with no state (it was not live at the
   * read) passes: the match kicked off since, or ended just before (its last frames).
   */
  override async fetch(request: Request): Promise<Response> {
    const { client, response, info } = await this.streams.accept(request, { hold: true });
    let rows: LiveMatchRow[];
    try {
      rows = await liveMatchesQuery(primaryDb(this.env.DB), info.accountId);
    } catch (err) {
      // Without its states the stream would not be consistent: end it (the client reconnects).
      log("error", "live states read failed", { error: String(err) });
      client.close(1011, "live matches unavailable, reconnect");
      return response;
    }
    const held = this.streams.entitlementOf(info.accountId);
    const ts = Date.now();
    const cutoffs = new Map<string, number>();
    const states: OutFrame[] = [];
    for (const r of rows) {
      if (!mayReceive(held, r.league_id) || !restrictionAllows(info.only, r.id, r.league_id)) continue;
      cutoffs.set(r.id, r.seq);
      states.push(new OutFrame(r.id, r.seq, JSON.stringify(stateMessage(r.sport, r, ts)), "match", "state"));
    }
    try {
      client.open(states, cutoffs, STATE_GRACE_MS);
    } catch {
      // a WebSocket closed meanwhile: its close handler releases it
    }
    return response;
  }
}
