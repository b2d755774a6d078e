// MatchRelay: a share of one match's sockets (`<match id>:<index>`, src/core/live/relays.ts). The match's MatchRoom numbers
// each update and forwards it to all of its relays, so a hot match's sends are spread over objects instead of one
// object's CPU. WebSocket Hibernation API (socket-object.ts): the relay can be evicted between messages; what it
// needs lives in its SQLite storage and each socket's attachment.
import type { Delivered, Frame, RelayBatch } from "../src/core/live/relays";
import { tracer } from "../src/lib/trace";
import { socketInfo } from "../src/core/live/sockets";
import { SocketObject } from "./socket-object";
import { OutFrame } from "../src/core/live/stream-client";

/** Frames kept in memory for streams that join during a replay (a handful arrive meanwhile; 64 is ample). */
const RECENT = 64;

const FINISHED = { code: 1000, reason: "match finished" };

/** A frame of this match's stream: its SSE id is the seq. */
const out = (matchId: string, f: Frame) => new OutFrame(matchId, f.seq, f.text, "seq");

export class MatchRelay extends SocketObject {
  /** The last frames this instance received, oldest first. */
  private recent: OutFrame[] = [];
  /** This instance delivered the final whistle: a stream that joins after it (a racing connect) closes too. */
  private finished = false;

  /** Sends one publish to every stream whose account may see the league now; answers the streams held. */
  async deliver(batch: RelayBatch): Promise<Delivered> {
    const t = tracer(batch.trace);
    t?.mark("relay");
    this.noteLeague(batch.leagueId);
    if (batch.final) this.finished = true;
    const frames = batch.frames.map((f) => out(batch.matchId, f));
    this.recent.push(...frames);
    if (this.recent.length > RECENT) this.recent.splice(0, this.recent.length - RECENT);
    // Frames up to a stream's `after` already went out with its replay or state (StreamClient.deliver).
    const held = await this.streams.fanOutSliced(batch.leagueId, frames, batch.final ? FINISHED : undefined);
    t?.mark("relay_sent");
    return { held: batch.final ? 0 : held, marks: t?.marks };
  }

  /**
   * A stream (WebSocket or SSE), after the Worker checked key, scope, match and budget and the room picked this
   * relay. `?since=` replays from the room's log; without it the stream opens with the match's state (read by the
   * Worker) and replays the log after the state's seq. Ordering: the replay is read first (frames reaching this
   * relay meanwhile are kept in `recent`), then, in the same turn as the stream joins the live ones, it is sent the
   * state, the replay and whatever in `recent` is newer; frames up to `after` still in flight are skipped.
   */
  override async fetch(request: Request): Promise<Response> {
    const info = socketInfo(request);
    if (info.leagueId) this.noteLeague(info.leagueId);
    const from = info.since ?? info.state?.seq ?? null;
    const replay =
      from !== null && info.matchId ? await this.env.MATCH_ROOM.getByName(info.matchId).replay(from) : null;
    // The state may be newer than the room's log (its publish is still on its way): that part is skipped live.
    const after = replay ? Math.max(replay.seq, from ?? 0) : undefined;
    const matchId = info.matchId ?? "";
    const { response } = await this.streams.accept(request, {
      after,
      first: (c) => {
        // The account stopped tracking the league between the Worker's check and now.
        if (info.leagueId && !this.streams.mayReceive(c, info.leagueId))
          return c.close(1008, "league no longer tracked");
        if (info.state) c.send(new OutFrame(matchId, info.state.seq, JSON.stringify(info.state), "seq", "state"));
        if (replay) {
          for (const f of replay.frames) c.send(out(matchId, f));
          c.deliver(this.recent);
        }
        // The Worker read the match from D1 (committed before any publish); a final delivered since then counts too.
        if (info.final || this.finished) c.close(FINISHED.code, FINISHED.reason);
      },
    });
    return response;
  }

  /** The match's league, kept from its first upgrade or publish: entitlement changes are checked against it. */
  private noteLeague(leagueId: string) {
    if (this.ctx.storage.kv.get("league") !== leagueId) this.ctx.storage.kv.put("league", leagueId);
  }

  /**
   * A stream of an account that no longer tracks this match's league closes
   * (docs/security-and-limits.md "Entitlements are live").
   */
  protected override enforce(accountId: string): number {
    const league = this.ctx.storage.kv.get<string>("league");
    if (!league) return 0;
    const gone = this.streams.clients(`account:${accountId}`).filter((c) => !this.streams.mayReceive(c, league));
    for (const c of gone) c.close(1008, "league no longer tracked");
    return gone.length;
  }
}
