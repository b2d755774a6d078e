import WebSocket from "ws";

/**
 * `messages`: the updates (and `pong`), as before streams opened with state; `states`: the `state` messages a stream
 * opens with; `all`: every frame in order.
 */
export interface Client {
  ws: WebSocket;
  messages: any[];
  states: any[];
  all: any[];
  closed: Promise<number>;
  waitFor(n: number, timeoutMs?: number): Promise<any[]>;
}

/** Opens a socket; resolves once open, or rejects with the HTTP status of a refused upgrade. */
export function open(url: string, headers: Record<string, string> = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const messages: any[] = [];
    const states: any[] = [];
    const all: any[] = [];
    ws.on("message", (d) => {
      const m = String(d) === "pong" ? "pong" : JSON.parse(String(d));
      all.push(m);
      (m?.type === "state" ? states : messages).push(m);
    });
    const closed = new Promise<number>((r) => ws.on("close", (code) => r(code)));
    ws.on("unexpected-response", (req, res) => {
      req.destroy();
      reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode }));
    });
    ws.on("error", (e) => reject(e));
    ws.on("open", () =>
      resolve({
        ws,
        messages,
        states,
        all,
        closed,
        async waitFor(n, timeoutMs = 5000) {
          const end = Date.now() + timeoutMs;
          while (messages.length < n && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
          return messages.slice(0, n);
        },
      }),
    );
  });
}

export async function refusedStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  try {
    const c = await open(url, headers);
    c.ws.close();
    return 101;
  } catch (e) {
    return (e as { status?: number }).status ?? -1;
  }
}
