// One WebSocket that reconnects with backoff and explains, in words, why it closed or was refused.
import type { StreamMessage } from "../../../client/board";
import {
  afterClose,
  backoffDelay,
  failuresAfter,
  refusal,
  type Stream,
  type Verdict,
} from "../../../client/connection";
import { probe, Refused, socketUrl } from "./api";
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
  onFrame(f: StreamMessage): void;
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
  /** The connection ended (or never began): stop for good, or reconnect after a backoff. */
  const ended = (verdict: Verdict, code: number, openFor: number | null) => {
    if (stopped) return;
    failures = failuresAfter(failures, openFor);
    if (!verdict.retry) {
      end();
      o.onState(verdict.message, code === 1000 ? "info" : "error");
      return o.onEnd();
    }
    const delay = verdict.delayMs ?? backoffDelay(failures);
    o.onState(`${verdict.message} Reconnecting in ${Math.ceil(delay / 1000)} s…`, "warn");
    timer = window.setTimeout(connect, delay);
  };
  const connect = async () => {
    let openedAt: number | null = null;
    let url: string;
    try {
      // A fresh browser token for every attempt (renewed before it expires).
      url = (await socketUrl(o.path)) + o.query();
    } catch (e) {
      // The key could not be exchanged for a token: the same words as a refused upgrade.
      return ended(refusal(e instanceof Refused ? e.answer : { status: 0 }, "stream:websocket"), 0, null);
    }
    if (stopped) return;
    ws = new WebSocket(url);
    ws.onopen = () => {
      openedAt = Date.now();
      o.onOpen(opens++ > 0);
    };
    ws.onmessage = (e) => {
      if (e.data !== "pong") o.onFrame(JSON.parse(e.data as string) as StreamMessage);
    };
    ws.onclose = async (e) => {
      if (stopped) return;
      const openFor = openedAt === null ? null : Date.now() - openedAt;
      // Never opened: the upgrade was refused or the server is away; the same URL over HTTP says which.
      const verdict =
        openFor === null ? refusal(await probe(o.path), "stream:websocket") : afterClose(e.code, e.reason, o.stream);
      ended(verdict, e.code, openFor);
    };
  };
  void connect();
  return {
    stop() {
      end();
      ws?.close(1000);
    },
  };
}
