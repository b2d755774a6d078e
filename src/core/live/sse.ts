// Server-Sent Events framing (docs/live-streams.md "Server-Sent Events"): the same messages as the WebSockets, one
// event each, `id:` the resume point (`<seq>` on a match stream, `<match_id>:<seq>` on the live stream), `event:` the
// message type, `data:` the message JSON (one line: JSON.stringify never emits a newline).

/** The response headers of every SSE stream. `x-accel-buffering: no` asks nginx-like proxies not to buffer it. */
export const SSE_HEADERS = {
  "content-type": "text/event-stream",
  "cache-control": "no-cache",
  "x-accel-buffering": "no",
} as const;

export type SseIdStyle = "seq" | "match";

/** One event; `id` null leaves the client's last event id as it was (the close event). */
export const sseEvent = (id: string | null, event: string, data: string): string =>
  `${id === null ? "" : `id: ${id}\n`}event: ${event}\ndata: ${data}\n\n`;

export const sseId = (style: SseIdStyle, matchId: string, seq: number) =>
  style === "seq" ? String(seq) : `${matchId}:${seq}`;

/** A comment line: ignored by clients, keeps proxies from timing the stream out. */
export const SSE_HEARTBEAT = ": heartbeat\n\n";

/** A server-side end: the WebSocket close code and reason, as the last event before the stream closes. */
export const sseClose = (code: number, reason: string) => sseEvent(null, "close", JSON.stringify({ code, reason }));

/** Heartbeat interval (SSE_HEARTBEAT_MS, default 15 s; tests set it small). */
export const heartbeatMs = (env: { SSE_HEARTBEAT_MS?: string }) => {
  const ms = Number(env.SSE_HEARTBEAT_MS);
  return Number.isFinite(ms) && ms >= 10 ? ms : 15_000;
};

/**
 * The seq a match stream resumes after, from `Last-Event-ID`: `<seq>`, or `<match_id>:<seq>` of this match (an id
 * kept from /v1/sse/live). Undefined when absent or empty; null when malformed (the caller answers 400).
 */
export function resumeSeq(lastEventId: string | undefined, matchId: string): number | undefined | null {
  const raw = lastEventId?.trim();
  if (!raw) return undefined;
  const seq = raw.startsWith(`${matchId}:`) ? raw.slice(matchId.length + 1) : raw;
  if (!/^\d{1,15}$/.test(seq)) return null;
  return Number(seq);
}
