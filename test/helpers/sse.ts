import { exports } from "cloudflare:workers";

/** One parsed event of a text/event-stream (fields as the EventSource spec reads them). */
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
  /** `data` parsed as JSON. */
  json: any;
}

/** An open test stream that collects every event, comment and its end. */
export interface TestStream {
  events: SseEvent[];
  comments: string[];
  /** The raw text received so far. */
  raw: string;
  ended: Promise<void>;
  next(n?: number, timeoutMs?: number): Promise<SseEvent[]>;
  /** Resolves when a comment line arrived (or after timeoutMs). */
  comment(timeoutMs?: number): Promise<string | undefined>;
  /** The client goes away. */
  cancel(): Promise<void>;
}

/** Parses complete blocks (ending in a blank line) out of `buffer`; returns what is left. */
export function parseSse(buffer: string, events: SseEvent[], comments: string[]): string {
  let at: number;
  while ((at = buffer.indexOf("\n\n")) >= 0) {
    const block = buffer.slice(0, at);
    buffer = buffer.slice(at + 2);
    const ev: Partial<SseEvent> & { data?: string } = {};
    let isEvent = false;
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) {
        comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      isEvent = true;
      if (field === "id") ev.id = value;
      else if (field === "event") ev.event = value;
      else if (field === "data") ev.data = ev.data === undefined ? value : `${ev.data}\n${value}`;
    }
    if (isEvent) {
      const data = ev.data ?? "";
      let json: unknown;
      try {
        json = JSON.parse(data);
      } catch {
        json = undefined;
      }
      events.push({ id: ev.id, event: ev.event ?? "message", data, json });
    }
  }
  return buffer;
}

export async function openSse(
  path: string,
  headers: Record<string, string> = {},
): Promise<Response & { stream?: TestStream }> {
  const res = await exports.default.fetch(`http://127.0.0.1:8787${path}`, { headers });
  if (res.status !== 200 || !res.body) return res;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let buffer = "";
  let waiters: (() => void)[] = [];
  const wake = () => {
    const w = waiters;
    waiters = [];
    w.forEach((f) => f());
  };
  const stream: TestStream = {
    events,
    comments,
    raw: "",
    ended: Promise.resolve(),
    async next(n = 1, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < n && Date.now() < deadline) {
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
      return events.slice(0, n);
    },
    async comment(timeoutMs = 3000) {
      const seen = comments.length;
      const deadline = Date.now() + timeoutMs;
      while (comments.length === seen && Date.now() < deadline) {
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
      return comments[seen];
    },
    async cancel() {
      await reader.cancel().catch(() => {});
    },
  };
  stream.ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const text = decoder.decode(value, { stream: true });
        stream.raw += text;
        buffer = parseSse(buffer + text, events, comments);
        wake();
      }
    } catch {
      // cancelled
    }
    wake();
  })();
  return Object.assign(res, { stream });
}
