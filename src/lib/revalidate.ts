// Records read from the D1 primary and kept in the isolate's memory with a bound on their age
// (docs/architecture.md "Edge read path"). A record's age is counted from the moment the read that produced it
// *started*: it shows the database as of that moment or later, so a change committed at T is in every record whose read
// started after T.
// - age ≤ freshMs: served as is, no I/O.
// - freshMs < age ≤ maxAgeMs: served, and one read (single flight) refreshes it in the background (waitUntil), so a
//   busy isolate never waits for a revalidation.
// - older, or absent: the caller waits for a read; concurrent callers share it if it started within freshMs.
// Hence nothing served is older than maxAgeMs: a request made maxAgeMs after a commit sees it, in every isolate, also
// for a record that was idle (then it waits for the read). The isolate that made a change also forgets what it knew
// at once (`forget`), so there the change shows on the very next request.
import { waitUntil } from "cloudflare:workers";

interface Slot<V> {
  value?: V;
  /** When the read that produced `value` started (epoch ms); -Infinity while there is none. */
  readAt: number;
  pending?: { startedAt: number; promise: Promise<V> };
}

/** Keeps `work` running after the response where there is a request (waitUntil); elsewhere it just runs. */
function background(work: Promise<unknown>) {
  const quiet = work.catch(() => undefined);
  try {
    waitUntil(quiet);
  } catch {
    // Outside a request's context (a unit test calling directly): the promise runs on its own.
  }
}

export class RevalidatingCache<V> {
  private readonly slots = new Map<string, Slot<V>>();
  private forgotAt = -Infinity;

  constructor(private readonly opts: { freshMs: number; maxAgeMs: number; max: number }) {}

  /** The value for `key` under the rule above; `load` reads it from the source. `force`: read now, whatever is here. */
  async get(key: string, load: () => Promise<V>, force = false): Promise<V> {
    const now = Date.now();
    const slot = this.slots.get(key) ?? this.create(key);
    if (force) return this.read(slot, load, now);
    const age = now - slot.readAt;
    if (age <= this.opts.freshMs) return slot.value as V;
    if (age <= this.opts.maxAgeMs) {
      if (!slot.pending) background(this.read(slot, load, now));
      return slot.value as V;
    }
    if (slot.pending && now - slot.pending.startedAt <= this.opts.freshMs) return slot.pending.promise;
    return this.read(slot, load, now);
  }

  /**
   * Takes what another read (started at `readAt`) produced, unless a newer value is already here, or the read started
   * no later than the last `forget` (it may not show the change that made this isolate forget).
   */
  offer(key: string, make: () => V, readAt: number): void {
    if (readAt <= this.forgotAt) return;
    const slot = this.slots.get(key) ?? this.create(key);
    if (readAt > slot.readAt) {
      slot.value = make();
      slot.readAt = readAt;
    }
  }

  /** Drops every record `stale` picks; a read in flight for one of them no longer lands here. */
  forget(stale: (value: V, key: string) => boolean = () => true): void {
    this.forgotAt = Date.now();
    for (const [key, slot] of this.slots) {
      if (slot.readAt === -Infinity || stale(slot.value as V, key)) this.slots.delete(key);
    }
  }

  /** Keys whose value is older than `ms` and not being read: candidates to refresh along with another read. */
  olderThan(ms: number): string[] {
    const before = Date.now() - ms;
    const out: string[] = [];
    for (const [key, slot] of this.slots)
      if (slot.readAt > -Infinity && slot.readAt < before && !slot.pending) out.push(key);
    return out;
  }

  get size() {
    return this.slots.size;
  }

  /** Resolves once every read in flight now has landed (tests wait for a background refresh with it, not a timer). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.slots.values()].flatMap((s) => (s.pending ? [s.pending.promise] : [])));
  }

  private create(key: string): Slot<V> {
    if (this.slots.size >= this.opts.max) {
      // A Map iterates in insertion order: the first slot is the least recently (re)read.
      const oldest = this.slots.keys().next().value;
      if (oldest !== undefined) this.slots.delete(oldest);
    }
    const slot: Slot<V> = { readAt: -Infinity };
    this.slots.set(key, slot);
    return slot;
  }

  private read(slot: Slot<V>, load: () => Promise<V>, startedAt: number): Promise<V> {
    const promise = load().then((value) => {
      if (startedAt > slot.readAt) {
        slot.value = value;
        slot.readAt = startedAt;
      }
      return value;
    });
    slot.pending = { startedAt, promise };
    const clear = () => {
      if (slot.pending?.promise === promise) slot.pending = undefined;
    };
    promise.then(clear, clear);
    return promise;
  }
}
