// KeyLimiter: one per API key (idFromName(key id)).
// - Request budgets: fixed one-minute windows per bucket ("rest", "mcp"), counted in the object's SQLite storage,
//   which doubles as the key's usage history (per minute, kept two days).
// - WebSocket slots: leases naming where each socket lives, so revocation knows which rooms and hub shard to tell.
// One object per key is exact: every request of a key, from any location, is counted by this one object, one at a
// time (a Durable Object runs single-threaded), so a burst of limit + k gets exactly k refusals.
import { DurableObject } from "cloudflare:workers";
import type { RateDecision, UsageMinute } from "../src/limits/rate";

/** A lease whose socket vanished without a close event (e.g. a crashed object) is reclaimed after this long. */
const LEASE_TTL_MS = 6 * 3600_000;
const WINDOW_MS = 60_000;
const KEEP_MS = 2 * 86_400_000;

export class KeyLimiter extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS leases (id TEXT PRIMARY KEY, holder TEXT NOT NULL, created_at INTEGER NOT NULL)",
    );
    ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS windows (bucket TEXT NOT NULL, start INTEGER NOT NULL, allowed INTEGER NOT NULL, denied INTEGER NOT NULL, PRIMARY KEY (bucket, start))",
    );
  }

  /** Counts one request against `bucket`'s budget of `limit` per minute. */
  async hit(bucket: string, limit: number, now = Date.now()): Promise<RateDecision> {
    const sql = this.ctx.storage.sql;
    const start = now - (now % WINDOW_MS);
    const used =
      sql
        .exec<{ allowed: number }>("SELECT allowed FROM windows WHERE bucket = ? AND start = ?", bucket, start)
        .toArray()[0]?.allowed ?? 0;
    const allowed = used < limit;
    sql.exec(
      `INSERT INTO windows (bucket, start, allowed, denied) VALUES (?, ?, ?, ?)
       ON CONFLICT (bucket, start) DO UPDATE SET allowed = allowed + excluded.allowed, denied = denied + excluded.denied`,
      bucket,
      start,
      allowed ? 1 : 0,
      allowed ? 0 : 1,
    );
    if (used === 0) sql.exec("DELETE FROM windows WHERE start < ?", now - KEEP_MS);
    const reset = Math.ceil((start + WINDOW_MS) / 1000);
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - used - (allowed ? 1 : 0)),
      reset,
      retryAfter: Math.max(1, reset - Math.floor(now / 1000)),
    };
  }

  /** Requests per minute over the last two days, newest first. */
  async usage(): Promise<UsageMinute[]> {
    return this.ctx.storage.sql
      .exec<UsageMinute>("SELECT bucket, start, allowed, denied FROM windows ORDER BY start DESC, bucket")
      .toArray();
  }

  /** Takes a connection slot if fewer than `limit` are held. */
  async acquire(limit: number, leaseId: string, holder: string): Promise<boolean> {
    const sql = this.ctx.storage.sql;
    sql.exec("DELETE FROM leases WHERE created_at < ?", Date.now() - LEASE_TTL_MS);
    const held = sql.exec<{ n: number }>("SELECT count(*) AS n FROM leases").one().n;
    if (held >= limit) return false;
    sql.exec("INSERT OR IGNORE INTO leases (id, holder, created_at) VALUES (?, ?, ?)", leaseId, holder, Date.now());
    return true;
  }

  async release(leaseId: string): Promise<void> {
    this.ctx.storage.sql.exec("DELETE FROM leases WHERE id = ?", leaseId);
  }

  async holders(): Promise<string[]> {
    return this.ctx.storage.sql
      .exec<{ holder: string }>("SELECT DISTINCT holder FROM leases")
      .toArray()
      .map((r) => r.holder);
  }

  async held(): Promise<number> {
    return this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM leases").one().n;
  }
}
