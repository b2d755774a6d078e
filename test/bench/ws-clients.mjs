// P4/P4b's WebSocket clients and P12's Server-Sent Events clients, in child processes of the benchmark (forked by
// fanout.mjs, pinned with the load generator): one Node process holding 10,000 sockets ended with "socket hang up" at
// 8–9k, so each holds at most CLIENTS_PER_PROCESS. A `ws:` URL opens a WebSocket, an `http:` URL an event stream
// (node:http, parsed as it arrives). Times are absolute (performance.timeOrigin + now), comparable across processes.
// Messages from the parent: open {urls}; arm {round}; collect; close. Replies: opened {n} | failed {error};
// armed; done (every socket here has the armed round); times {times}.
import { Agent, get } from "node:http";
import { performance } from "node:perf_hooks";
import WebSocket from "ws";

const now = () => performance.timeOrigin + performance.now();
let clients = [];
let round = -1;
let got = [];
let n = 0;

/** One connection per stream, as browsers' EventSource over HTTP/1.1 (no pooling: every stream holds its socket). */
const agent = new Agent({ keepAlive: false, maxSockets: Infinity });

/**
 * An event stream as a client with the WebSocket's surface that `open` uses: `on("message", fn)` gets each event's
 * `data:` (an SSE comment or an event without data is no message), `terminate()` ends it.
 */
const openSse = (u) =>
  new Promise((resolve, reject) => {
    const req = get(u, { agent, headers: { accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`HTTP ${res.statusCode}`));
      }
      res.setEncoding("utf8");
      const listeners = [];
      let buffer = "";
      res.on("data", (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split("\n")
            .filter((l) => l.startsWith("data:"))
            .map((l) => l.slice(5).trimStart())
            .join("\n");
          if (data) listeners.forEach((fn) => fn(data));
        }
      });
      res.on("error", () => {});
      req.off("error", reject).on("error", () => {});
      resolve({ on: (_type, fn) => listeners.push(fn), terminate: () => req.destroy() });
    });
    req.on("error", reject);
  });

async function open(urls) {
  for (let i = 0; i < urls.length; i += 50) {
    clients.push(
      ...(await Promise.all(
        urls.slice(i, i + 50).map((u) =>
          u.startsWith("http")
            ? openSse(u)
            : new Promise((resolve, reject) => {
                // No permessage-deflate offer: production refuses it (wrangler.toml `no_web_socket_compression`),
                // but locally Miniflare's entry Worker would accept it whatever our flags say, and compress every
                // frame per socket (the raw `ws` server compresses nothing).
                const ws = new WebSocket(u, { perMessageDeflate: false });
                ws.on("open", () => {
                  // From here on a reset is the end of that client, not of the benchmark.
                  ws.off("error", reject).on("error", () => {});
                  resolve(ws);
                });
                ws.on("error", reject);
                ws.on("unexpected-response", (_q, res) => reject(new Error(`HTTP ${res.statusCode}`)));
              }),
        ),
      )),
    );
  }
  clients.forEach((ws, i) =>
    ws.on("message", (data) => {
      if (got[i] || JSON.parse(String(data)).data?.home !== round) return;
      got[i] = now();
      if (++n === clients.length) process.send({ type: "done" });
    }),
  );
}

process.on("message", async (m) => {
  if (m.type === "open") {
    try {
      await open(m.urls);
      process.send({ type: "opened", n: clients.length });
    } catch (err) {
      process.send({ type: "failed", error: String(err?.message ?? err) });
    }
  } else if (m.type === "arm") {
    round = m.round;
    got = new Array(clients.length).fill(0);
    n = 0;
    process.send({ type: "armed" });
  } else if (m.type === "collect") {
    process.send({ type: "times", times: got });
  } else if (m.type === "close") {
    clients.forEach((c) => c.terminate());
    clients = [];
    process.exit(0);
  }
});
