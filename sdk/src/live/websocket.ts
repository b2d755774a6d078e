// The WebSocket transport, on the platform's WebSocket (browsers, Node 22+, Workers' client sockets) or one you pass.
// Browsers cannot set headers on a WebSocket, so the credential goes as ?api_key= (docs/live-streams.md "Connecting").
import { IDLE_MS, parseMessage, PING_MS, type Transport, type TransportEnd } from "./transport.js";

/**
 * What the transport uses of a WebSocket: the standard one has it, and so has the `ws` package's (for Node 20, which
 * has no global WebSocket), so either can be passed as `WebSocket` without a cast.
 */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  addEventListener(type: "open", listener: () => void): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  addEventListener(type: "close", listener: (event: { code: number; reason: string }) => void): void;
  addEventListener(type: "error", listener: () => void): void;
}

/** The WebSocket constructor the transport needs: the standard one, or the `ws` package's default export. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export function websocketTransport(fetchImpl: typeof fetch, Socket?: WebSocketConstructor): Transport {
  return (url, credential, handlers) => {
    const Ctor = Socket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (!Ctor) throw new TypeError("no global WebSocket: pass one as `WebSocket` in the client options");
    const withKey = new URL(url);
    withKey.searchParams.set("api_key", credential);
    const wsUrl = withKey.href.replace(/^http/, "ws");
    let opened = false;
    let done = false;
    let heard = Date.now();
    const end = (e: TransportEnd) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      handlers.end(e);
    };
    const ws = new Ctor(wsUrl);
    ws.addEventListener("open", () => {
      opened = true;
      heard = Date.now();
      handlers.open();
    });
    ws.addEventListener("message", (e) => {
      heard = Date.now();
      if (done || typeof e.data !== "string" || e.data === "pong") return;
      const message = parseMessage(e.data);
      if (message) handlers.message(message);
    });
    // A refused upgrade shows only as 1006 (or, in Node, as an error with no close); the same URL over plain HTTP says
    // why: 401, 404, 429, or 426 when all is well but the network.
    let probing = false;
    const refused = () => {
      if (probing) return;
      probing = true;
      void probe(fetchImpl, withKey).then(end);
    };
    ws.addEventListener("close", (e) =>
      opened ? end({ kind: "closed", code: e.code, reason: e.reason }) : refused(),
    );
    ws.addEventListener("error", () => {
      if (!opened) refused();
    });
    const timer = setInterval(() => {
      if (Date.now() - heard > IDLE_MS) {
        ws.close();
        end({ kind: "dropped", error: new Error(`no frame for ${IDLE_MS / 1000} s`) });
      } else if (opened && ws.readyState === 1) ws.send("ping");
    }, PING_MS);
    return {
      close() {
        done = true;
        clearInterval(timer);
        ws.close(1000);
      },
    };
  };
}

async function probe(fetchImpl: typeof fetch, url: URL): Promise<TransportEnd> {
  try {
    const res = await fetchImpl(url);
    await res.body?.cancel();
    return res.status === 426 ? { kind: "dropped" } : { kind: "refused", status: res.status };
  } catch (error) {
    return { kind: "dropped", error };
  }
}
