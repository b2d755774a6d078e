// KeyLimiter: one per API key (idFromName(key id)). Holds the key's concurrent WebSocket slots, each a lease
// naming where the socket lives, so revocation knows which rooms and hub shard to tell.
// One object per key is exact: all of a key's admissions are serialised through it, wherever they come from.
import { DurableObject } from "cloudflare:workers";

/** A lease whose socket vanished without a close event (e.g. a crashed object) is reclaimed after this long. */
const LEASE_TTL_MS = 6 * 3600_000;

export class KeyLimiter extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS leases (id TEXT PRIMARY KEY, holder TEXT NOT NULL, created_at INTEGER NOT NULL)",
    );
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
