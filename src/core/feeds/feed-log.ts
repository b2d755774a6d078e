// What a poller tells its operator (docs/feeds.md "Operating"): bounded lists kept in its storage, newest first. The
// same entry again is not a new line: its count goes up and `last_at` moves, so an error repeated every round fills
// one line, not the list.
import type { PollerStore } from "./store";

export interface LogEntry {
  /** When it was first seen (RFC 3339). */
  at: string;
  /** When it was last seen. */
  last_at: string;
  /** How many times it was seen. */
  count: number;
  message: string;
}

/** How many entries each list keeps. */
export const MAX_ENTRIES = 20;

export class FeedLog<E extends LogEntry = LogEntry> {
  constructor(
    private readonly store: PollerStore,
    private readonly key: string,
  ) {}

  list(): E[] {
    // Entries written before counts were kept have neither `count` nor `last_at`.
    return (this.store.get<E[]>(this.key) ?? []).map((e) => ({
      ...e,
      count: e.count ?? 1,
      last_at: e.last_at ?? e.at,
    }));
  }

  /** Adds `entry` (keyed by its message), or counts it again if it is already there. */
  add(now: number, entry: Omit<E, "at" | "last_at" | "count">): void {
    const at = new Date(now).toISOString();
    const list = this.list();
    const i = list.findIndex((e) => e.message === entry.message);
    if (i >= 0) {
      const seen = list.splice(i, 1)[0]!;
      list.unshift({ ...seen, last_at: at, count: seen.count + 1 });
    } else list.unshift({ ...entry, message: entry.message.slice(0, 500), at, last_at: at, count: 1 } as E);
    this.store.put(this.key, list.slice(0, MAX_ENTRIES));
  }
}
