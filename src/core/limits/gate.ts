// The account gate's core (workers/account-gate.ts is its Durable Object shell, one per account): the one place that
// decides, for all of an account's keys, OAuth grants and browser tokens:
// - Request budgets: fixed one-minute windows per bucket ("rest", "mcp", "webhook.test:<endpoint>"), counted in
//   memory and written to storage, which doubles as the account's usage history (per minute, two days). Isolates take
//   the budget in leases (src/core/limits/lease.ts); the object grants only what is left, so an account is never
//   allowed more than its plan, however many keys send.
// - Stream slots: WebSockets, SSE streams and MCP listens, each a row naming the credential it was opened with and
//   where it lives (a holder: room, hub shard, or the listening isolate).
// - Credential liveness and the plan: revocations and plan changes are written here before anything is signalled.
//
// Why one object: admission and revocation must be ordered, and a Durable Object runs one call at a time. A slot is
// admitted only against the gate's own record (a credential it knows is dead is refused; the plan is the newest it
// has seen); a revocation or a lower plan (learned from the change signal or from an admission) removes slots here
// and returns their holders to tell. The race left is a
// slot admitted here whose socket reaches its holder after the holder was told: so every holder confirms a new
// socket's slot after accepting it, and closes it if the slot is gone (see SocketObject.accept). Either the gate
// removed the slot before the confirm (the confirm says so) or after it (then the holder already had the socket
// when the signal, sent after the removal, reached it). No interleaving leaves a revoked or over-budget stream open.
import { PLANS, type Plan } from "../domain/codes";
import type { Lease } from "./lease";
import type { RateDecision, UsageMinute } from "./rate";
import type { Admission, Shed, SlotKind, SlotRequest, SlotVerdict, GateChange, GateUpdate } from "./slots";

/** What the gate is handed (the object's storage and alarm, a clock, the plan's stream budget): tests hand a fake clock. */
export interface GateIo {
  sql: SqlStorage;
  kv: Pick<DurableObjectStorage, "get" | "put" | "list" | "delete">;
  setAlarm(at: number): void;
  now(): number;
  /** The streams `plan` allows in this deployment (the scale plan's are configured: src/core/limits/plans.ts). */
  streamsOf(plan: Plan): number;
}

/** A slot whose stream vanished without a close event (e.g. a crashed object) is reclaimed after this long. */
export const SLOT_TTL_MS = 6 * 3600_000;
const WINDOW_MS = 60_000;
const FLUSH_EVERY = 10;
const keyOf = (bucket: string, start: number) => `w:${bucket}:${start}`;
/** The usage history kept: two days of minutes. */
export const KEEP_MS = 2 * 86_400_000;

export class Gate {
  constructor(private readonly io: GateIo) {
    const sql = io.sql;
    sql.exec(
      "CREATE TABLE IF NOT EXISTS slots (id TEXT PRIMARY KEY, kind TEXT NOT NULL, credential TEXT NOT NULL, " +
        "holder TEXT NOT NULL, created_at INTEGER NOT NULL)",
    );
    sql.exec("CREATE TABLE IF NOT EXISTS dead (credential TEXT PRIMARY KEY, at INTEGER NOT NULL)");
    sql.exec("CREATE TABLE IF NOT EXISTS last_used (credential TEXT PRIMARY KEY, at INTEGER NOT NULL)");
    sql.exec(
      "CREATE TABLE IF NOT EXISTS plan (id INTEGER PRIMARY KEY CHECK (id = 1), plan TEXT NOT NULL, version INTEGER NOT NULL)",
    );
  }

  /** The current window per bucket; the source of truth while the object lives (it is single-threaded). */
  private windows = new Map<string, UsageMinute>();

  /**
   * Counts one request against `bucket`'s budget of `limit` per minute (a lease of one). The count lives in memory
   * (the object is single-threaded, so it is exact) and is written to storage every FLUSH_EVERY requests, on the first refusal,
   * and by an alarm when the window ends (the usage history). A restart in the middle of a busy minute — a deploy or
   * a crash; an active object is not evicted — resumes from the last write, so it can count up to FLUSH_EVERY - 1
   * requests short once. Writing on every request cost a storage write per call (see the README's benchmark).
   */
  async hit(bucket: string, limit: number, now = this.io.now()): Promise<RateDecision> {
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
    now = this.io.now(),
    settle?: { start: number; unused: number },
    seen?: string[],
  ): Promise<Lease> {
    const start = now - (now % WINDOW_MS);
    if (settle) await this.settle(bucket, settle);
    for (const credential of seen ?? [])
      this.io.sql.exec("INSERT OR REPLACE INTO last_used (credential, at) VALUES (?, ?)", credential, now);
    let w = this.windows.get(bucket);
    if (!w || w.start !== start) {
      if (w) this.flush(w);
      w = (await this.io.kv.get<UsageMinute>(keyOf(bucket, start))) ?? { bucket, start, allowed: 0, denied: 0 };
      this.windows.set(bucket, w);
      if (w.allowed + w.denied === 0) {
        this.prune(now);
        this.io.setAlarm(start + WINDOW_MS);
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
      this.windows.get(bucket)?.start === s.start ? this.windows.get(bucket) : await this.io.kv.get<UsageMinute>(key);
    if (!w) return;
    w.allowed = Math.max(0, w.allowed - Math.max(0, Math.floor(s.unused)));
    this.flush(w);
  }

  private flush(w: UsageMinute) {
    void this.io.kv.put(keyOf(w.bucket, w.start), { ...w }, { allowUnconfirmed: true });
  }

  /** The window's end (the object's alarm): every current window written, the usage history. */
  async alarm(): Promise<void> {
    for (const w of this.windows.values()) this.flush(w);
  }

  private prune(now: number) {
    const cutoff = now - KEEP_MS;
    void this.io.kv.list<UsageMinute>({ prefix: "w:" }).then((rows) => {
      const old = [...rows].filter(([, v]) => v.start < cutoff).map(([k]) => k);
      if (old.length > 0) return this.io.kv.delete(old.slice(0, 128));
    });
  }

  /** Requests per minute over the last two days, newest first (the current minute from memory). */
  async usage(): Promise<UsageMinute[]> {
    const rows = new Map(await this.io.kv.list<UsageMinute>({ prefix: "w:" }));
    for (const w of this.windows.values()) rows.set(keyOf(w.bucket, w.start), { ...w });
    return [...rows.values()].sort((a, b) => b.start - a.start || a.bucket.localeCompare(b.bucket));
  }

  // ---- the plan and credential liveness ----

  /** The plan as the gate knows it: the newest (by the account's entitlement version) of all it was told. */
  private planSeen(told?: { plan: Plan; version: number }): Plan {
    const sql = this.io.sql;
    const row = sql.exec<{ plan: string; version: number }>("SELECT plan, version FROM plan").toArray()[0];
    if (told && (!row || told.version > row.version)) {
      sql.exec("INSERT OR REPLACE INTO plan (id, plan, version) VALUES (1, ?, ?)", told.plan, told.version);
      return told.plan;
    }
    return row && (PLANS as readonly string[]).includes(row.plan) ? (row.plan as Plan) : (told?.plan ?? "trial");
  }

  private isDead(credential: string): boolean {
    return this.io.sql.exec("SELECT 1 FROM dead WHERE credential = ?", credential).toArray().length > 0;
  }

  // ---- stream slots ----

  /**
   * Admits a stream: refused if its credential was revoked here, or if the account's streams (every kind, every
   * credential) already fill the plan as the gate knows it.
   */
  async admit(r: SlotRequest): Promise<Admission> {
    const plan = this.planSeen(r.seen);
    const limit = this.io.streamsOf(plan);
    // A lower plan learned from an admission sheds at once, as the change signal's update would: the account never
    // holds more streams than its plan, whichever call told the gate first. The admitter tells their holders.
    const over = this.shed(limit);
    if (this.isDead(r.credential)) return { ok: false, reason: "revoked", plan, limit, over };
    const sql = this.io.sql;
    sql.exec("DELETE FROM slots WHERE created_at < ?", this.io.now() - SLOT_TTL_MS);
    const held = sql.exec<{ n: number }>("SELECT count(*) AS n FROM slots").one().n;
    if (held >= limit) {
      const sse = sql
        .exec<{ holder: string }>("SELECT DISTINCT holder FROM slots WHERE kind = 'sse'")
        .toArray()
        .map((r) => r.holder);
      return { ok: false, reason: "full", plan, limit, sse, over };
    }
    sql.exec(
      "INSERT OR IGNORE INTO slots (id, kind, credential, holder, created_at) VALUES (?, ?, ?, ?, ?)",
      r.slotId,
      r.kind,
      r.credential,
      r.holder,
      this.io.now(),
    );
    return { ok: true, plan, limit, over };
  }

  /** Removes the newest slots over `limit` (the oldest keep theirs) and answers them. */
  private shed(limit: number): Shed[] {
    const sql = this.io.sql;
    const over = sql
      .exec<Shed>("SELECT id, holder, kind FROM slots ORDER BY created_at, rowid LIMIT -1 OFFSET ?", limit)
      .toArray();
    for (const o of over) sql.exec("DELETE FROM slots WHERE id = ?", o.id);
    return over;
  }

  /** Asked by a holder once it has accepted a stream (and by listens every few seconds): does its slot still stand? */
  async confirm(slotId: string, credential: string): Promise<SlotVerdict> {
    if (this.io.sql.exec("SELECT 1 FROM slots WHERE id = ?", slotId).toArray().length > 0) return "ok";
    return this.isDead(credential) ? "revoked" : "over";
  }

  async release(slotId: string): Promise<void> {
    this.io.sql.exec("DELETE FROM slots WHERE id = ?", slotId);
  }

  /**
   * A change of the account (plan, keys, grants, leagues), recorded before anyone is told: credentials that died are
   * remembered and their slots removed; a lower plan removes the newest slots over it (the oldest keep theirs).
   * Returns what to close, and every holder of a stream removed here or still open (all learn the new leagues).
   */
  async update(u: GateUpdate): Promise<GateChange> {
    const sql = this.io.sql;
    const now = this.io.now();
    const closeCredentials: string[] = [];
    const told = new Set<string>();
    for (const credential of u.dead) {
      sql.exec("INSERT OR IGNORE INTO dead (credential, at) VALUES (?, ?)", credential, now);
      const gone = sql
        .exec<{ holder: string }>("DELETE FROM slots WHERE credential = ? RETURNING holder", credential)
        .toArray();
      if (gone.length > 0) closeCredentials.push(credential);
      for (const g of gone) told.add(g.holder);
    }
    const plan = this.planSeen(u.seen);
    const over = this.shed(this.io.streamsOf(plan));
    for (const h of [...over.map((o) => o.holder), ...this.holders()]) told.add(h);
    return { closeCredentials, over, holders: [...told], plan };
  }

  /** Where the account's streams live. */
  holders(): string[] {
    return this.io.sql
      .exec<{ holder: string }>("SELECT DISTINCT holder FROM slots")
      .toArray()
      .map((r) => r.holder);
  }

  /** When each credential last spent from a budget (as reported with lease requests: up to a lease late). */
  async lastUsed(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const r of this.io.sql.exec<{ credential: string; at: number }>("SELECT credential, at FROM last_used"))
      out[r.credential] = r.at;
    return out;
  }

  /** The account's open streams by kind (the dashboard's usage panel; requests come from `usage`). */
  async openStreams(): Promise<Record<SlotKind, number>> {
    const streams: Record<SlotKind, number> = { websocket: 0, sse: 0, listen: 0 };
    for (const r of this.io.sql.exec<{ kind: SlotKind; n: number }>(
      "SELECT kind, count(*) AS n FROM slots GROUP BY kind",
    ))
      streams[r.kind] = r.n;
    return streams;
  }
}
