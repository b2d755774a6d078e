// MatchRoom: one per match (idFromName(match id)): the last `seq` it received, the log that `?since=` replays, its MCP subscription
// feeds, and the root of its fan-out tree. The sockets live on the match's relays (workers/match-relay.ts): the
// room picks a relay for each new socket, forwards each publish to every relay, and passes entitlement changes on.
import { DurableObject } from "cloudflare:workers";
import { isFinished } from "../src/core/domain/codes";
import type { EntitlementChange } from "../src/core/auth/entitlement-signal";
import type { FeedLine, NumberedUpdates } from "../src/core/live/messages";
import { relayIndex, relayName, socketsPerRelay, type RelayBatch, type Replay } from "../src/core/live/relays";
import { tracer, type Marks, type Tracer } from "../src/lib/trace";
import { log } from "../src/lib/log";

/** The contract promises at least 1000; trimming in steps of 1000 keeps the work per publish small. */
const KEEP = 1000;
const TRIM_AT = 2000;

export class MatchRoom extends DurableObject<Env> {
  /**
   * Open MCP subscription feeds (src/mcp/listen.ts). In memory: a feed is an open RPC stream, which keeps the object
   * awake; if the object goes away the stream errors and the client's subscription ends (it re-listens).
   */
  private feeds = new Set<ReadableStreamDefaultController<Uint8Array>>();
  /** Sockets each relay held at the last publish, and sockets placed since: the load that sizes the tree. */
  private held: number[] = [];
  private placed = 0;
  /** Each publish reaches the relays after the previous one did: every relay sees seq in order. */
  private forwarding: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS log (seq INTEGER PRIMARY KEY, msg TEXT NOT NULL)");
  }

  /**
   * Forgets the match: its log and last seq (a replay's match, deleted 24 h after it ended, src/core/replays/player.ts).
   * A finished replay's streams closed at its end; a stopped one's still open stay open and get nothing more; a
   * stream opened after the deletion is answered 404 by the route, which reads the match first.
   */
  async forget(): Promise<void> {
    this.ctx.storage.transactionSync(() => {
      this.ctx.storage.sql.exec("DELETE FROM log");
      this.ctx.storage.kv.delete("seq");
    });
  }

  /**
   * Stores a commit's messages (numbered by the commit, src/core/ingest/versions.ts) and sends them to every relay
   * (which close their sockets after a final). A number already stored is not stored or sent again. `trace`: answers
   * the hop marks of the room and its relays (src/lib/trace.ts).
   */
  async publish(batch: NumberedUpdates, trace = false): Promise<Marks | undefined> {
    const t = tracer(trace);
    t?.mark("room");
    const { sql, kv } = this.ctx.storage;
    const known = kv.get<number>("seq") ?? 0;
    const envelopes = batch.envelopes.filter((e) => e.seq > known);
    if (!envelopes.length) return t?.marks;
    this.ctx.storage.transactionSync(() => {
      for (const e of envelopes)
        sql.exec("INSERT OR REPLACE INTO log (seq, msg) VALUES (?, ?)", e.seq, JSON.stringify(e));
      const seq = envelopes[envelopes.length - 1]!.seq;
      kv.put("seq", seq);
      const oldest = sql.exec<{ s: number | null }>("SELECT min(seq) AS s FROM log").one().s ?? seq;
      if (seq - oldest >= TRIM_AT) sql.exec("DELETE FROM log WHERE seq <= ?", seq - KEEP);
    });
    t?.mark("room_log");
    const final = envelopes.some((e) => e.type === "status_change" && isFinished(e.data.to));
    const frames = envelopes.map((e) => ({ seq: e.seq, text: JSON.stringify(e) }));
    const batchOut = { matchId: batch.match_id, leagueId: batch.league_id, frames, final, trace };
    const forwarded = this.forward(batchOut, t);
    this.feed({ seq: envelopes[envelopes.length - 1]!.seq, final });
    await forwarded;
    t?.mark("relays_answered");
    return t?.marks;
  }

  /** The log after `since` (at least the last 1000 messages), and the seq it was read at. */
  replay(since: number): Replay {
    const frames = this.ctx.storage.sql
      .exec<{ seq: number; msg: string }>("SELECT seq, msg FROM log WHERE seq > ? ORDER BY seq", since)
      .toArray()
      .map((r) => ({ seq: r.seq, text: r.msg }));
    return { frames, seq: this.ctx.storage.kv.get<number>("seq") ?? 0 };
  }

  /**
   * The relay for a new socket: a stable hash of its connection id over the relay count, which grows to one relay
   * per MATCH_RELAY_SOCKETS sockets (never shrinks: relays keep the sockets they have). The load is what the relays
   * reported at the last publish plus what was placed since, so it may overcount between publishes (never under).
   */
  assign(matchId: string, connectionId: string): number {
    const load = this.held.reduce((a, b) => a + b, 0) + ++this.placed;
    let relays = this.relayCount();
    const needed = Math.ceil(load / socketsPerRelay(this.env));
    if (needed > relays) {
      this.ctx.storage.kv.put("relays", (relays = needed));
      this.ctx.storage.kv.put("match", matchId);
    }
    return relayIndex(connectionId, relays);
  }

  /** The change signal for this match's sockets (src/core/auth/entitlement-signal.ts): every relay applies it. */
  async applyEntitlement(change: EntitlementChange): Promise<number> {
    const closed = await Promise.all(this.relays().map((r) => r.applyEntitlement(change)));
    return closed.reduce((a, b) => a + b, 0);
  }

  /** An account's SSE clients that left, looked for on every relay (src/core/live/sockets.ts admitSlot). */
  async probeSse(accountId: string): Promise<number> {
    const ended = await Promise.all(this.relays().map((r) => r.probeSse(accountId)));
    return ended.reduce((a, b) => a + b, 0);
  }

  /**
   * A feed of this match's publishes for an MCP `subscriptions/listen` stream: one JSON line per publish, ending
   * after the final whistle. The Worker checked the match and the caller before asking, and re-checks the caller's
   * entitlement at each delivery (the one check, src/core/auth/entitlements.ts); a feed carries no match data.
   */
  listen(): ReadableStream<Uint8Array> {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    return new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c;
        this.feeds.add(c);
      },
      cancel: () => {
        this.feeds.delete(controller);
      },
    });
  }

  private relayCount = () => this.ctx.storage.kv.get<number>("relays") ?? 0;

  /** The match's relays; the match id is kept from the first socket's placement (before that there are none). */
  private relays(matchId = this.ctx.storage.kv.get<string>("match") ?? "") {
    return Array.from({ length: this.relayCount() }, (_, i) => this.env.MATCH_RELAY.getByName(relayName(matchId, i)));
  }

  /** Sends a publish to every relay, after the previous publish reached them (ingest is serial too; this holds it). */
  private forward(batch: RelayBatch, t?: Tracer): Promise<void> {
    const run = this.forwarding.then(async () => {
      const placed = this.placed;
      t?.mark("relays_called");
      const results = await Promise.allSettled(this.relays(batch.matchId).map((r) => r.deliver(batch)));
      this.held = results.map((r, i) => (r.status === "fulfilled" ? r.value.held : (this.held[i] ?? 0)));
      for (const r of results) if (r.status === "fulfilled") t?.add(r.value.marks);
      this.placed -= placed;
      // The data is committed; a relay that failed is logged, and its clients catch up with ?since= or REST.
      for (const r of results)
        if (r.status === "rejected") log("error", "relay delivery failed", { error: String(r.reason) });
    });
    this.forwarding = run.catch(() => {});
    return run;
  }

  private feed(line: FeedLine) {
    const bytes = new TextEncoder().encode(`${JSON.stringify(line)}\n`);
    for (const c of this.feeds) {
      try {
        c.enqueue(bytes);
        if (line.final) c.close();
      } catch {
        // The reader went away without cancelling (its isolate ended): forget it.
        this.feeds.delete(c);
      }
      if (line.final) this.feeds.delete(c);
    }
  }
}
