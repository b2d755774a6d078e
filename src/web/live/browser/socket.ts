// One WebSocket that reconnects with backoff and explains, in words, why it closed or was refused.
import type { StreamEnvelope } from "../../../core/live/messages";
import { afterClose, backoffDelay, failuresAfter, refusal, type Stream } from "../connection";
import { probe, socketUrl } from "./api";
import type { Tone } from "./view";

export interface Follow {
  stop(): void;
}

export function follow(o: {
  stream: Stream;
  path: string;
  /** Extra query for each attempt (e.g. `&since=` the last seq seen). */
  query: () => string;
  onOpen(again: boolean): void;
  onFrame(f: StreamEnvelope): void;
  onState(text: string, tone: Tone): void;
  /** Closed for good (refused, revoked, finished). */
  onEnd(): void;
}): Follow {
  let ws: WebSocket | null = null;
  let failures = 0;
  let opens = 0;
  let stopped = false;
  let timer = 0;
  const ping = window.setInterval(() => ws?.readyState === WebSocket.OPEN && ws.send("ping"), 30_000);
  const end = () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(ping);
  };
  const connect = () => {
    let openedAt: number | null = null;
    ws = new WebSocket(socketUrl(o.path) + o.query());
    ws.onopen = () => {
      openedAt = Date.now();
      o.onOpen(opens++ > 0);
    };
    ws.onmessage = (e) => {
      if (e.data !== "pong") o.onFrame(JSON.parse(e.data as string) as StreamEnvelope);
    };
    ws.onclose = async (e) => {
      if (stopped) return;
      const openFor = openedAt === null ? null : Date.now() - openedAt;
      // Never opened: the upgrade was refused or the server is away; the same URL over HTTP says which.
      const verdict =
        openFor === null ? refusal(await probe(o.path), "stream:websocket") : afterClose(e.code, e.reason, o.stream);
      if (stopped) return;
      failures = failuresAfter(failures, openFor);
      if (!verdict.retry) {
        end();
        o.onState(verdict.message, e.code === 1000 ? "info" : "error");
        return o.onEnd();
      }
      const delay = verdict.delayMs ?? backoffDelay(failures);
      o.onState(`${verdict.message} Reconnecting in ${Math.ceil(delay / 1000)} s…`, "warn");
      timer = window.setTimeout(connect, delay);
    };
  };
  connect();
  return {
    stop() {
      end();
      ws?.close(1000);
    },
  };
}
