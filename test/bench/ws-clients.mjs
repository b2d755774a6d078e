// P4/P4b's WebSocket clients, in child processes of the benchmark (forked by fanout.mjs, pinned with the load
// generator): one Node process holding 10,000 sockets ended with "socket hang up" at 8–9k, so each holds at most
// CLIENTS_PER_PROCESS. Times are absolute (performance.timeOrigin + now), comparable across processes.
// Messages from the parent: open {urls}; arm {round}; collect; close. Replies: opened {n} | failed {error};
// armed; done (every socket here has the armed round); times {times}.
import { performance } from "node:perf_hooks";
import WebSocket from "ws";

const now = () => performance.timeOrigin + performance.now();
let clients = [];
let round = -1;
let got = [];
let n = 0;

async function open(urls) {
  for (let i = 0; i < urls.length; i += 50) {
    clients.push(
      ...(await Promise.all(
        urls.slice(i, i + 50).map(
          (u) =>
            new Promise((resolve, reject) => {
              const ws = new WebSocket(u);
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
