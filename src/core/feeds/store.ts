// Storage the poller keeps between ticks (the object's own SQLite KV): survives restarts.
export interface PollerStore {
  get<T>(key: string): T | undefined;
  put(key: string, value: unknown): void;
}
