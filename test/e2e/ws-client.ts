import WebSocket from "ws";

export interface Client {
  ws: WebSocket;
  messages: any[];
  closed: Promise<number>;
  waitFor(n: number, timeoutMs?: number): Promise<any[]>;
}

/** Opens a socket; resolves once open, or rejects with the HTTP status of a refused upgrade. */
export function open(url: string, headers: Record<string, string> = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const messages: any[] = [];
    ws.on("message", (d) => messages.push(String(d) === "pong" ? "pong" : JSON.parse(String(d))));
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
