// A webhook lane's core (workers/webhook-lane.ts is its Durable Object shell; one per endpoint) owns the endpoint's
// deliveries; its I/O (storage, alarm, clock, the delivery round, D1's dead letters) is handed in. The
// queue consumer hands each message to its endpoint's lane and acks it once the lane has stored it; from there the
// lane delivers, retries on the contract's schedule and records dead letters (docs/webhooks.md "How delivery runs").
//
// Why a lane: a hanging or failing endpoint holds only its own lane. Nothing it does can hold a queue batch, so no
// other endpoint waits for its 10 s timeout, in production or in the local runtime (which runs one consumer batch at a
// time); and at most IN_FLIGHT requests are open to one receiver at once.
//
// Durability: a message is a row of the lane's SQLite storage from acceptance until its fate is decided, so an object
// that is evicted mid-delivery delivers it again (at least once). Delivery starts at once on acceptance (`pump`);
// retries wait for the alarm, which is set to the earliest due row. A lane with messages always has an alarm at most a
// minute out (set on acceptance), in case the object is evicted before its pump ends; an alarm that finds nothing due
// is harmless, so alarms are only ever moved earlier, never deleted (each alarm write is a storage write).
import type { DeadLetterRow } from "../db/queries/webhooks";
import { log } from "../../lib/log";
import { rfc3339 } from "../../lib/time";
import { IN_FLIGHT, type AttemptRow, type Cached, type Fate, type NewAttempt, type Queued, type Round } from "./lane";
import type { WebhookMessage } from "./message";

/** What a lane is handed: the object's SQLite and alarm, a clock, one delivery round, and D1's dead letters. */
export interface LaneIo {
  sql: SqlStorage;
  getAlarm(): Promise<number | null>;
  setAlarm(at: number): Promise<void>;
  deleteAlarm(): Promise<void>;
  waitUntil(p: Promise<unknown>): void;
  now(): number;
  /** One round of deliveries to the endpoint (src/core/webhooks/lane.ts deliverRound, on the contract's delays). */
  deliver(endpointId: string, due: Queued[], cached: Cached | null): Promise<Round>;
  /** Writes dead letters to D1, where the API lists them. */
  recordDead(rows: DeadLetterRow[]): Promise<void>;
}

/** A lane with messages has an alarm at most this far out (set on acceptance). */
export const BACKSTOP_MS = 60_000;
/** The attempts an endpoint's log keeps (the newest). */
const KEEP_ATTEMPTS = 100;
/** How long a dead letter D1 could not take waits before it is written again. */
const DEAD_RETRY_MS = 60_000;

interface Row extends Record<string, SqlStorageValue> {
  seq: number;
  message: string;
  attempts: number;
  due_at: number;
}

/** A row of `pending`, as tests and operators see it. */
export interface Pending {
  id: string;
  type: string;
  attempts: number;
  due_at: number;
}

export class LaneQueue {
  /** A pump is running; `done` settles when the newest one has ended and set the alarm. */
  private running = false;
  private done: Promise<void> = Promise.resolve();
  /** The endpoint as last read (src/core/webhooks/lane.ts, TARGET_TTL_MS). */
  private cached: Cached | null = null;
  /** The alarm as set (read once at start): kept in memory so that a message costs no alarm read or write. */
  private alarmAt: number | null | undefined = undefined;

  constructor(private readonly io: LaneIo) {
    io.sql.exec(
      `CREATE TABLE IF NOT EXISTS pending (
         seq INTEGER PRIMARY KEY AUTOINCREMENT,
         id TEXT NOT NULL UNIQUE,
         message TEXT NOT NULL,
         attempts INTEGER NOT NULL DEFAULT 0,
         due_at INTEGER NOT NULL
       );
       CREATE INDEX IF NOT EXISTS pending_due ON pending (due_at, seq);
       CREATE TABLE IF NOT EXISTS dead (id TEXT PRIMARY KEY, message TEXT NOT NULL, attempts INTEGER NOT NULL,
         dead_at TEXT NOT NULL);
       CREATE TABLE IF NOT EXISTS attempts (
         id INTEGER PRIMARY KEY AUTOINCREMENT,
         message_id TEXT NOT NULL,
         event_type TEXT NOT NULL,
         attempt INTEGER NOT NULL,
         outcome TEXT NOT NULL,
         status INTEGER,
         error TEXT,
         latency_ms INTEGER,
         response_excerpt TEXT,
         retry_in INTEGER,
         created_at TEXT NOT NULL
       );`,
    );
  }

  /**
   * Stores messages of this lane's endpoint and starts delivering them. A message already pending (the queue handed it
   * over twice) is kept once, under its first acceptance.
   */
  async accept(messages: WebhookMessage[]): Promise<void> {
    const now = this.io.now();
    for (const m of messages)
      this.io.sql.exec(
        "INSERT OR IGNORE INTO pending (id, message, due_at) VALUES (?, ?, ?)",
        m.id,
        JSON.stringify(m),
        now,
      );
    await this.alarmBy(now + BACKSTOP_MS);
    this.kick();
  }

  /** The lane's alarm: whatever is due is tried. */
  async alarm(): Promise<void> {
    this.alarmAt = null;
    await this.kick();
  }

  /** The messages still to be delivered, oldest first. */
  async pending(): Promise<Pending[]> {
    return this.io.sql
      .exec<Row>("SELECT seq, message, attempts, due_at FROM pending ORDER BY seq")
      .toArray()
      .map((r) => {
        const m = JSON.parse(r.message) as WebhookMessage;
        return { id: m.id, type: m.type, attempts: r.attempts, due_at: r.due_at };
      });
  }

  /** The endpoint's newest attempts first (at most the last 100 are kept). */
  async attempts(limit = KEEP_ATTEMPTS): Promise<AttemptRow[]> {
    return this.io.sql
      .exec<Record<string, SqlStorageValue>>("SELECT * FROM attempts ORDER BY id DESC LIMIT ?", limit)
      .toArray()
      .map((r) => ({
        id: r.id as number,
        messageId: r.message_id as string,
        eventType: r.event_type as string,
        attempt: r.attempt as number,
        outcome: r.outcome as AttemptRow["outcome"],
        status: r.status as number | null,
        error: r.error as string | null,
        latencyMs: r.latency_ms as number | null,
        responseExcerpt: r.response_excerpt as string | null,
        retryIn: r.retry_in as number | null,
        createdAt: r.created_at as string,
      }));
  }

  /** The endpoint changed (API): read it again before the next delivery. */
  async forget(): Promise<void> {
    this.cached = null;
  }

  /**
   * The endpoint was deleted: its pending messages and attempt log go with it. A request already open is not waited
   * for (it ends with its timeout; a message handed over later finds no endpoint and is dropped).
   */
  async close(): Promise<void> {
    this.cached = null;
    const sql = this.io.sql;
    sql.exec("DELETE FROM pending");
    sql.exec("DELETE FROM attempts");
    sql.exec("DELETE FROM dead");
    await this.io.deleteAlarm();
  }

  /** Resolves when the lane has no round running (what is due now has been tried). */
  async idle(): Promise<void> {
    for (;;) {
      const d = this.done;
      await d;
      if (d === this.done && !this.running) return;
    }
  }

  /** Starts the pump unless it runs; it picks up whatever is due, including rows stored while it was busy. */
  private kick(): Promise<void> {
    if (!this.running) {
      this.running = true;
      this.done = this.pump();
      this.io.waitUntil(this.done);
    }
    return this.done;
  }

  private async pump(): Promise<void> {
    const sql = this.io.sql;
    try {
      for (;;) {
        await this.flushDead();
        const due = sql
          .exec<Row>(
            "SELECT seq, message, attempts, due_at FROM pending WHERE due_at <= ? ORDER BY due_at, seq LIMIT ?",
            this.io.now(),
            IN_FLIGHT,
          )
          .toArray();
        // No await between this read and the end of the pump below: a message accepted after it finds no pump
        // running and starts one.
        if (due.length === 0) break;
        const queued = due.map((r) => ({ message: JSON.parse(r.message) as WebhookMessage, attempts: r.attempts }));
        const round = await this.io.deliver(queued[0]!.message.endpoint_id, queued, this.cached);
        this.cached = round.cached;
        this.keep(round.attempts);
        round.fates.forEach((fate, i) => this.settle(due[i]!, fate));
      }
    } catch (err) {
      log("error", "webhook lane: round failed", { error: err instanceof Error ? err.message : String(err) });
    } finally {
      this.running = false;
    }
    await this.schedule().catch((err) =>
      log("error", "webhook lane: alarm not set", { error: err instanceof Error ? err.message : String(err) }),
    );
  }

  /** Appends to the attempt log, keeping the newest KEEP_ATTEMPTS. */
  private keep(attempts: NewAttempt[]) {
    const sql = this.io.sql;
    for (const a of attempts)
      sql.exec(
        `INSERT INTO attempts (message_id, event_type, attempt, outcome, status, error, latency_ms, response_excerpt,
           retry_in, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        a.messageId,
        a.eventType,
        a.attempt,
        a.outcome,
        a.status,
        a.error,
        a.latencyMs,
        a.responseExcerpt,
        a.retryIn,
        a.createdAt,
      );
    if (attempts.length > 0)
      sql.exec("DELETE FROM attempts WHERE id <= (SELECT max(id) FROM attempts) - ?", KEEP_ATTEMPTS);
  }

  private settle(row: Row, fate: Fate) {
    const sql = this.io.sql;
    if (fate.kind === "done") sql.exec("DELETE FROM pending WHERE seq = ?", row.seq);
    else if (fate.kind === "retry")
      sql.exec(
        "UPDATE pending SET attempts = attempts + ?, due_at = ? WHERE seq = ?",
        fate.counted ? 1 : 0,
        this.io.now() + fate.seconds * 1000,
        row.seq,
      );
    else {
      const m = JSON.parse(row.message) as WebhookMessage;
      sql.exec(
        "INSERT OR IGNORE INTO dead (id, message, attempts, dead_at) VALUES (?, ?, ?, ?)",
        m.id,
        row.message,
        row.attempts + 1,
        rfc3339(this.io.now()),
      );
      sql.exec("DELETE FROM pending WHERE seq = ?", row.seq);
    }
  }

  /** Writes the dead letters to D1 (where the API lists them); kept here until D1 has taken them. */
  private async flushDead(): Promise<void> {
    const sql = this.io.sql;
    const rows = sql
      .exec<{ id: string; message: string; attempts: number; dead_at: string }>("SELECT * FROM dead")
      .toArray();
    if (rows.length === 0) return;
    try {
      await this.io.recordDead(
        rows.map((r) => {
          const m = JSON.parse(r.message) as WebhookMessage;
          return {
            messageId: m.id,
            endpointId: m.endpoint_id,
            eventType: m.type,
            body: m.body,
            attempts: r.attempts,
            deadAt: r.dead_at,
          };
        }),
      );
      for (const r of rows) sql.exec("DELETE FROM dead WHERE id = ?", r.id);
      log("warn", "webhook messages dead-lettered", { count: rows.length });
    } catch (err) {
      log("error", "webhook dead letters not recorded", { error: err instanceof Error ? err.message : String(err) });
    }
  }

  /** The alarm at the earliest due row (or a minute out while a dead letter waits to be written). */
  private async schedule(): Promise<void> {
    const sql = this.io.sql;
    const next = sql.exec<{ at: number | null }>("SELECT min(due_at) AS at FROM pending").one().at;
    const dead = sql.exec<{ n: number }>("SELECT count(*) AS n FROM dead").one().n > 0;
    const at = dead ? Math.min(next ?? Infinity, this.io.now() + DEAD_RETRY_MS) : next;
    if (at !== null) await this.alarmBy(at);
  }

  /** Makes sure an alarm fires no later than `at`. */
  private async alarmBy(at: number): Promise<void> {
    if (this.alarmAt === undefined) this.alarmAt = await this.io.getAlarm();
    if (this.alarmAt !== null && this.alarmAt <= at) return;
    this.alarmAt = at;
    await this.io.setAlarm(at);
  }
}
