// Records what an SDK subscription delivers, and lets a test await a condition on it (no sleeps: each delivery
// re-checks the waiting conditions).
import type { StreamError, StreamMessage, StreamStatus } from "../../sdk/src/index";

export interface Recorder {
  messages: StreamMessage[];
  statuses: StreamStatus[];
  errors: StreamError[];
  onMessage(m: StreamMessage): void;
  onStatus(s: StreamStatus): void;
  onError(e: StreamError): void;
  /** Resolves once `ready()` holds; rejects after `timeoutMs` naming `what`. */
  until(what: string, ready: () => boolean, timeoutMs?: number): Promise<void>;
  /** The seqs delivered for one match, in delivery order. */
  seqs(matchId: string): number[];
}

export function recorder(): Recorder {
  const waiting = new Set<() => void>();
  const changed = () => waiting.forEach((check) => check());
  const r: Recorder = {
    messages: [],
    statuses: [],
    errors: [],
    onMessage: (m) => (r.messages.push(m), changed()),
    onStatus: (s) => (r.statuses.push(s), changed()),
    onError: (e) => (r.errors.push(e), changed()),
    until: (what, ready, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!ready()) return;
          waiting.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`timed out waiting for ${what}; statuses ${r.statuses.join(",")}`));
        }, timeoutMs);
        waiting.add(check);
        check();
      }),
    seqs: (matchId) => r.messages.filter((m) => m.match_id === matchId).map((m) => m.seq),
  };
  return r;
}
