// KeyLimiter: one per API key (idFromName(key id)).
// - Request budgets: fixed one-minute windows per bucket ("rest", "mcp"), counted in memory and written to the
//   object's storage, which doubles as the key's usage history (per minute, kept two days). Isolates take the
//   budget in leases (src/core/limits/lease.ts); the object grants only what is left, so a key is never allowed more
//   than its limit, and one isolate's burst of limit + k gets exactly k refusals.
// - WebSocket slots: leases naming where each socket lives, so revocation knows which rooms and hub shard to tell.
import { DurableObject } from "cloudflare:workers";
import type { Lease } from "../src/core/limits/lease";
import type { RateDecision, UsageMinute } from "../src/core/limits/rate";

/** A lease whose socket vanished without a close event (e.g. a crashed object) is reclaimed after this long. */
const LEASE_TTL_MS = 6 * 3600_000;
const WINDOW_MS = 60_000;
const FLUSH_EVERY = 10;
const keyOf = (bucket: string, start: number) => `w:${bucket}:${start}`;
const KEEP_MS = 2 * 86_400_000;

export class KeyLimiter extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS leases (id TEXT PRIMARY KEY, holder TEXT NOT NULL, created_at INTEGER NOT NULL)",
    );
  }

  /** The current window per bucket; the source of truth while the object lives (it is single-threaded). */
  private windows = new Map<string, UsageMinute>();

  /**
   * Counts one request against `bucket`'s budget of `limit` per minute (a lease of one). The count lives in memory
   * (the object is single-threaded, so it is exact) and is written to storage every FLUSH_EVERY requests, on the first refusal,
   * and by an alarm when the window ends (the usage history). A restart in the middle of a busy minute — a deploy or
   * a crash; an active object is not evicted — resumes from the last write, so it can count up to FLUSH_EVERY - 1
   * requests short once. Writing on every request cost a storage write per call (benchmark P7,
   * docs/benchmarks.md "What each row measures").
   */
  async hit(bucket: string, limit: number, now = Date.now()): Promise<RateDecision> {
    const lease = await this.take(bucket, limit, 1, now);
    return { allowed: lease.granted === 1, limit, ...lease };
  }

  /**
   * Leases up to `want` requests of `bucket`'s budget for this minute (src/core/limits/lease.ts spends them in the
   * isolate). Grants only what is left, so the total allowed never exceeds the limit; 0 granted counts a refusal.
   * `settle` gives back what an isolate leased in an earlier minute and did not spend, so usage counts use.
   */
  async take(
    bucket: string,
    limit: number,
    want: number,
    now = Date.now(),
    settle?: { start: number; unused: number },
  ): Promise<Lease> {
    const start = now - (now % WINDOW_MS);
    if (settle) await this.settle(bucket, settle);
    let w = this.windows.get(bucket);
    if (!w || w.start !== start) {
      if (w) this.flush(w);
      w = (await this.ctx.storage.get<UsageMinute>(keyOf(bucket, start))) ?? { bucket, start, allowed: 0, denied: 0 };
      this.windows.set(bucket, w);
      if (w.allowed + w.denied === 0) {
        this.prune(now);
        void this.ctx.storage.setAlarm(start + WINDOW_MS);
      }
    }
    const granted = Math.max(0, Math.min(Math.floor(want), limit - w.allowed));
    const before = w.allowed + w.denied;
    if (granted > 0) w.allowed += granted;
    else w.denied++;
    const flushed = Math.floor((w.allowed + w.denied) / FLUSH_EVERY) > Math.floor(before / FLUSH_EVERY);
    if (flushed || (granted === 0 && w.denied === 1)) this.flush(w);
    const reset = Math.ceil((start + WINDOW_MS) / 1000);
    return {
      granted,
      remaining: Math.max(0, limit - w.allowed),
      reset,
      retryAfter: Math.max(1, reset - Math.floor(now / 1000)),
    };
  }

  private async settle(bucket: string, s: { start: number; unused: number }) {
    const key = keyOf(bucket, s.start);
    const w =
      this.windows.get(bucket)?.start === s.start
        ? this.windows.get(bucket)
        : await this.ctx.storage.get<UsageMinute>(key);
    if (!w) return;
    w.allowed = Math.max(0, w.allowed - Math.max(0, Math.floor(s.unused)));
    this.flush(w);
  }

  private flush(w: UsageMinute) {
    void this.ctx.storage.put(keyOf(w.bucket, w.start), { ...w }, { allowUnconfirmed: true });
  }

  override async alarm(): Promise<void> {
    for (const w of this.windows.values()) this.flush(w);
  }

  private prune(now: number) {
    const cutoff = now - KEEP_MS;
    void this.ctx.storage.list<UsageMinute>({ prefix: "w:" }).then((rows) => {
      const old = [...rows].filter(([, v]) => v.start < cutoff).map(([k]) => k);
      if (old.length > 0) return this.ctx.storage.delete(old.slice(0, 128));
    });
  }

  /** Requests per minute over the last two days, newest first (the current minute from memory). */
  async usage(): Promise<UsageMinute[]> {
    const rows = new Map(await this.ctx.storage.list<UsageMinute>({ prefix: "w:" }));
    for (const w of this.windows.values()) rows.set(keyOf(w.bucket, w.start), { ...w });
    return [...rows.values()].sort((a, b) => b.start - a.start || a.bucket.localeCompare(b.bucket));
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

  /**
   * After an entitlement change: frees the newest slots over `limit` (a lowered plan) and says where their sockets
   * live, so the holders close them (docs/security-and-limits.md "Entitlements are live"), plus where the remaining
   * sockets live. The oldest connections keep their slots.
   */
  async trim(limit: number): Promise<{ over: { id: string; holder: string }[]; holders: string[] }> {
    const sql = this.ctx.storage.sql;
    const over = sql
      .exec<{ id: string; holder: string }>(
        "SELECT id, holder FROM leases ORDER BY created_at, rowid LIMIT -1 OFFSET ?",
        Math.max(0, limit),
      )
      .toArray();
    for (const o of over) sql.exec("DELETE FROM leases WHERE id = ?", o.id);
    return { over, holders: await this.holders() };
  }

  async holders(): Promise<string[]> {
    return this.ctx.storage.sql
      .exec<{ holder: string }>("SELECT DISTINCT holder FROM leases")
      .toArray()
      .map((r) => r.holder);
  }
}
