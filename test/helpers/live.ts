import { env, exports } from "cloudflare:workers";

export function ingestRaw(body: unknown, token: string = env.INGEST_TOKEN) {
  return exports.default.fetch("http://127.0.0.1:8787/internal/ingest", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function ingestOps(ops: unknown[]) {
  const res = await ingestRaw({ ops });
  const body = (await res.json()) as any;
  if (res.status !== 200) throw new Error(`ingest ${res.status}: ${JSON.stringify(body)}`);
  return body as { applied: number; unchanged: number };
}

/**
 * A connected test socket that collects every frame and its close. `messages` holds the updates (and `pong`), as
 * before streams opened with state; `states` the `state` messages a stream opens with; `all` every frame in order.
 */
export interface TestSocket {
  ws: WebSocket;
  messages: any[];
  states: any[];
  all: any[];
  closed: Promise<{ code: number; reason: string }>;
  next(n?: number, timeoutMs?: number): Promise<any[]>;
  /** The first `n` of `list` (one of the above) once it has them, or what it has after the timeout. */
  wait(list: any[], n?: number, timeoutMs?: number): Promise<any[]>;
}

export async function connect(
  path: string,
  headers: Record<string, string> = {},
): Promise<Response & { socket?: TestSocket }> {
  const res = await exports.default.fetch(`http://127.0.0.1:8787${path}`, {
    headers: { upgrade: "websocket", ...headers },
  });
  if (res.status !== 101 || !res.webSocket) return res;
  const ws = res.webSocket;
  ws.accept();
  const messages: any[] = [];
  const states: any[] = [];
  const all: any[] = [];
  let waiters: (() => void)[] = [];
  ws.addEventListener("message", (e) => {
    const m = typeof e.data === "string" && e.data !== "pong" ? JSON.parse(e.data) : e.data;
    all.push(m);
    (m?.type === "state" ? states : messages).push(m);
    waiters.forEach((w) => w());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.addEventListener("close", (e) => {
      // Complete the closing handshake of a server-initiated close, so no close is left pending in the Durable
      // Object when the test file ends (its handler would then run during teardown).
      try {
        ws.close(e.code === 1005 || e.code === 1006 ? 1000 : e.code);
      } catch {
        // already closed
      }
      resolve({ code: e.code, reason: e.reason });
      waiters.forEach((w) => w());
    }),
  );
  const socket: TestSocket = {
    ws,
    messages,
    states,
    all,
    closed,
    async next(n = 1, timeoutMs = 3000) {
      return this.wait(messages, n, timeoutMs);
    },
    async wait(list: any[], n = 1, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (list.length < n && Date.now() < deadline) {
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
        waiters = [];
      }
      return list.slice(0, n);
    },
  };
  return Object.assign(res, { socket });
}
