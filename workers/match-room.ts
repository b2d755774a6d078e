// MatchRoom: the sockets of one match (idFromName(match id)), its `seq` and the log that `?since=` replays.
// WebSocket Hibernation API: the object can be evicted between messages; state lives in its SQLite storage and
// each socket's attachment.
import { isFinished } from "../src/domain/codes";
import type { Envelope, FeedLine, MatchUpdates } from "../src/live/messages";
import { SocketObject } from "./socket-object";

/** The contract promises at least 1000; trimming in steps of 1000 keeps the work per publish small. */
const KEEP = 1000;
const TRIM_AT = 2000;

export class MatchRoom extends SocketObject {
  /**
   * Open MCP subscription feeds (src/mcp/listen.ts). In memory: a feed is an open RPC stream, which keeps the object
   * awake; if the object goes away the stream errors and the client's subscription ends (it re-listens).
   */
  private feeds = new Set<ReadableStreamDefaultController<Uint8Array>>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS log (seq INTEGER PRIMARY KEY, msg TEXT NOT NULL)");
  }

  /** Assigns seq to each update, stores it, sends it to every socket; closes them after a final status. */
  async publish(mu: MatchUpdates): Promise<Envelope[]> {
    const { sql, kv } = this.ctx.storage;
    const envelopes: Envelope[] = [];
    this.ctx.storage.transactionSync(() => {
      let seq = kv.get<number>("seq") ?? 0;
      for (const u of mu.updates) {
        const env = { ...u, match_id: mu.match_id, sport: mu.sport, seq: ++seq, ts: Date.now() } as Envelope;
        sql.exec("INSERT INTO log (seq, msg) VALUES (?, ?)", seq, JSON.stringify(env));
        envelopes.push(env);
      }
      kv.put("seq", seq);
      const oldest = sql.exec<{ s: number | null }>("SELECT min(seq) AS s FROM log").one().s ?? seq;
      if (seq - oldest >= TRIM_AT) sql.exec("DELETE FROM log WHERE seq <= ?", seq - KEEP);
    });
    const final = envelopes.some((e) => e.type === "status_change" && isFinished(e.data.to));
    const frames = envelopes.map((e) => JSON.stringify(e));
    this.noteLeague(mu.league_id);
    const sockets = this.ctx.getWebSockets().filter((ws) => this.mayReceive(ws, mu.league_id));
    this.broadcast(sockets, frames, final ? (ws) => ws.close(1000, "match finished") : undefined);
    if (envelopes.length) this.feed({ seq: envelopes[envelopes.length - 1]!.seq, final });
    return envelopes;
  }

  /**
   * A feed of this match's publishes for an MCP `subscriptions/listen` stream: one JSON line per publish, ending
   * after the final whistle. The Worker checked the match and the caller before asking, and re-checks the caller's
   * entitlement at each delivery (the one check, src/auth/entitlements.ts); a feed carries no match data.
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

  /** The match's league, kept from its first upgrade or publish: entitlement changes are checked against it. */
  private noteLeague(leagueId: string) {
    if (this.ctx.storage.kv.get("league") !== leagueId) this.ctx.storage.kv.put("league", leagueId);
  }

  /** A socket of an account that no longer tracks this match's league closes (CONTRACT.md "Entitlements are live"). */
  protected override enforce(accountId: string): number {
    const league = this.ctx.storage.kv.get<string>("league");
    if (!league) return 0;
    const gone = this.ctx.getWebSockets(`account:${accountId}`).filter((ws) => !this.mayReceive(ws, league));
    for (const ws of gone) ws.close(1008, "league no longer tracked");
    return gone.length;
  }

  /** The WebSocket upgrade, after the Worker checked key, scope, match and budget. */
  override async fetch(request: Request): Promise<Response> {
    const { server, response, info } = await this.accept(request);
    if (info.leagueId) this.noteLeague(info.leagueId);
    // The account stopped tracking the league between the Worker's check and now.
    if (info.leagueId && !this.mayReceive(server, info.leagueId)) {
      server.close(1008, "league no longer tracked");
      return response;
    }
    if (info.since !== null) {
      const rows = this.ctx.storage.sql.exec<{ msg: string }>(
        "SELECT msg FROM log WHERE seq > ? ORDER BY seq",
        info.since,
      );
      for (const r of rows) server.send(r.msg);
    }
    // The Worker read the match from D1 (committed before any publish), so its status is authoritative.
    if (info.final) server.close(1000, "match finished");
    return response;
  }
}
