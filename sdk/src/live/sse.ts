// The Server-Sent Events transport, over fetch rather than EventSource: it works in Node (which has no EventSource),
// can send the credential as X-API-Key (CORS allows it on /v1/sse), and leaves resuming to the subscription, which
// knows the last seq it applied (EventSource would resume from the last `id:` it parsed).
import { sseParser } from "./sse-parser.js";
import { IDLE_MS, parseMessage, type Transport, type TransportEnd } from "./transport.js";

export function sseTransport(fetchImpl: typeof fetch): Transport {
  return (url, credential, handlers) => {
    const abort = new AbortController();
    let done = false;
    const end = (e: TransportEnd) => {
      if (done) return;
      done = true;
      handlers.end(e);
    };
    void (async () => {
      const res = await fetchImpl(url, {
        headers: { accept: "text/event-stream", "x-api-key": credential },
        signal: abort.signal,
      });
      if (res.status !== 200 || !res.body) {
        await res.body?.cancel();
        return end({ kind: "refused", status: res.status });
      }
      handlers.open();
      let closing: { code: number; reason: string } | undefined;
      const push = sseParser((e) => {
        if (done) return;
        if (e.event === "close") closing = parseClose(e.data);
        else {
          const message = parseMessage(e.data);
          if (message) handlers.message(message);
        }
      });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let heard = Date.now();
      const watchdog = setInterval(() => {
        if (Date.now() - heard > IDLE_MS) abort.abort(new Error(`no event for ${IDLE_MS / 1000} s`));
      }, IDLE_MS / 3);
      try {
        for (;;) {
          const { value, done: finished } = await reader.read();
          if (finished) break;
          heard = Date.now();
          push(value);
        }
      } finally {
        clearInterval(watchdog);
      }
      end(closing ? { kind: "closed", ...closing } : { kind: "dropped" });
    })().catch((error: unknown) => end({ kind: "dropped", error }));
    return {
      close() {
        done = true;
        abort.abort();
      },
    };
  };
}

function parseClose(data: string): { code: number; reason: string } {
  try {
    const { code, reason } = JSON.parse(data) as { code?: unknown; reason?: unknown };
    if (typeof code === "number") return { code, reason: typeof reason === "string" ? reason : "" };
  } catch {}
  return { code: 1011, reason: "unreadable close event" };
}
