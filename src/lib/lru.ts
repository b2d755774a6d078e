// A least-recently-used map bounded by an estimate of its bytes: the isolate-memory caches' one eviction rule.
export class ByteLru<V> {
  private entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    // A Map iterates in insertion order: re-inserting makes it the most recently used.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  set(key: string, value: V, bytes: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [k, v] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(k);
      this.total -= v.bytes;
    }
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  /** The estimate of what the entries hold, never more than the bound. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }
}
