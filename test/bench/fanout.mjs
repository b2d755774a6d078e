// P4: push latency, from an update published through POST /internal/ingest to its delivery on each of 1,000
// WebSockets on one match — against a raw Node `ws` server in its own process broadcasting the same payload (POSTed
// to it) to 1,000 clients of the same kind. Server processes on one core, clients (child processes of at most
// CLIENTS_PER_PROCESS sockets, ws-clients.mjs) on the other; alternating rounds.
// P4b (p4Scale): SCALE_SOCKETS (8,000: see p4Scale for why not 10,000 here) sockets on one match, the match's relay
// count varied through MATCH_RELAY_SOCKETS (N), each N in a Worker of its own (demo data set), plus the raw server
// with as many clients as the floor of this machine.
import { fork, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { benchKeys, CLIENT_CPU, pct, pin, pinAll, SERVER_CPU, sleep, startHarness } from "./lib.mjs";

const SOCKETS = Number(process.env.SOCKETS ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const UPDATES = Number(process.env.UPDATES ?? 10); // per round and side
const PER_KEY = 100; // the scale plan's concurrent connections per key
/** P4b: sockets, and the sockets-per-relay values tried (relays = sockets / N). */
const SCALE_SOCKETS = Number(process.env.SCALE_SOCKETS ?? 8000);
const SCALE_N = (process.env.SCALE_N ?? "8000,1500,500").split(",").map(Number);
/** Time a round waits for its last delivery. */
const ROUND_WAIT_MS = 15_000;

/** Clients per child process (ws-clients.mjs). */
const PER_PROCESS = Number(process.env.CLIENTS_PER_PROCESS ?? 2500);

/**
 * Opens `urls` as WebSocket clients in child processes of PER_PROCESS each, pinned to the client core. Returns the
 * group: `arm(round)` before a publish, `done()` (every client has the round), `collect()` (absolute receive times,
 * 0 for none), `close()`.
 */
export async function openAll(urls) {
  const procs = [];
  for (let i = 0; i < urls.length; i += PER_PROCESS) {
    const child = fork(new URL("./ws-clients.mjs", import.meta.url), {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    pin(child.pid, CLIENT_CPU);
    const waiters = new Map();
    child.on("message", (m) => {
      if (m.type === "failed")
        for (const list of waiters.values()) list.splice(0).forEach((w) => w.reject(new Error(m.error)));
      else waiters.get(m.type)?.shift()?.resolve(m);
    });
    const wait = (type) =>
      new Promise((resolve, reject) => waiters.set(type, [...(waiters.get(type) ?? []), { resolve, reject }]));
    const ask = (msg, type) => {
      const answer = wait(type);
      child.send(msg);
      return answer;
    };
    procs.push({ child, waiters, wait, ask, urls: urls.slice(i, i + PER_PROCESS) });
  }
  try {
    for (const p of procs) await p.ask({ type: "open", urls: p.urls }, "opened");
  } catch (err) {
    procs.forEach((p) => p.child.kill());
    throw err;
  }
  return {
    size: urls.length,
    arm: (round) =>
      Promise.all(
        procs.map((p) => {
          p.waiters.delete("done"); // a round that timed out leaves its waiter
          return p.ask({ type: "arm", round }, "armed");
        }),
      ),
    done: () => Promise.all(procs.map((p) => p.wait("done"))),
    collect: async () =>
      (await Promise.all(procs.map((p) => p.ask({ type: "collect" }, "times")))).flatMap((m) => m.times),
    close: () => procs.forEach((p) => p.child.send({ type: "close" })),
  };
}

export const clock = () => performance.timeOrigin + performance.now();

/**
 * Runs UPDATES publishes; `publish(round)` starts one; each client reports when it received its round's frame. A
 * publish that answers a trace (the Worker's hop marks, `traceOf`) has it kept with the update's first and last socket.
 */
export async function measure(clients, publish, first) {
  const all = [];
  const earliest = [];
  const last = [];
  const traces = [];
  let delivered = 0;
  for (let round = first; round < first + UPDATES; round++) {
    await clients.arm(round);
    const finished = clients.done();
    const sent = clock();
    const trace = await publish(round);
    // A publish may say when its update really left (P14: when the provider's answer carrying it went out).
    const t0 = trace?.origin ?? sent;
    await Promise.race([finished, sleep(ROUND_WAIT_MS)]);
    const times = (await clients.collect()).filter((t) => t > 0).map((t) => t - t0);
    delivered += times.length;
    all.push(...times);
    earliest.push(Math.min(...times));
    last.push(Math.max(...times));
    if (trace?.hops) traces.push({ ...trace, t0, first: Math.min(...times), last: Math.max(...times) });
    await sleep(50);
  }
  return {
    traces,
    p50: pct(all, 50),
    p99: pct(all, 99),
    firstP50: pct(earliest, 50),
    lastP50: pct(last, 50),
    lastP99: pct(last, 99),
    delivered,
    expected: UPDATES * clients.size,
  };
}

/**
 * Our side: `sockets` clients of a live match of the benchmark Worker `w` (`kind` "ws": /v1/ws/match WebSockets;
 * "sse": /v1/sse/match event streams, P12); `run(first)` publishes UPDATES updates. Each kind has a match of its own,
 * so the two can stay open side by side and take turns. `goal`: each update is a goal, its event and the score in one
 * batch (two frames per socket, `event_added` then `score_update`, as a provider's or a replay's goal), not the score
 * alone.
 */
export async function workerSide(w, sockets = SOCKETS, kind = "ws", { goal = false, paceMs = 0 } = {}) {
  const keys = await benchKeys(w, Math.ceil(sockets / PER_KEY));
  const id = kind === "ws" ? "m_bench" : `m_bench_${kind}`;
  const op = (extra) => ({ op: "match", id, sport: "football", league_id: "lg_fb_eng1", ...extra });
  const kickoff = Math.floor(Date.now() / 1000) - 600;
  const created = await w.ingest([
    op({
      home_team_id: "tm_fb_arsenal",
      away_team_id: "tm_fb_fulham",
      kickoff_ts: kickoff,
      status_code: 2,
      period: 12,
      minute: 10,
    }),
  ]);
  if (!created.ok) throw new Error(`ingest ${created.status}`);
  const origin = kind === "ws" ? w.ws : w.base;
  const clients = await openAll(
    Array.from(
      { length: sockets },
      (_, i) => `${origin}/v1/${kind}/match/${id}?api_key=${keys[Math.floor(i / PER_KEY)]}`,
    ),
  );
  const ingest = [];
  let lastSent = 0;
  const run = async (first) => ({
    ...(await measure(
      clients,
      async (round) => {
        // `paceMs`: one update per paceMs at most, each timed from its own POST (a replay's cadence, P18).
        if (paceMs > 0) await sleep(Math.max(0, lastSent + paceMs - clock()));
        const postedAt = clock();
        lastSent = postedAt;
        const t = performance.now();
        // Traced (X-Trace: 1): the answer's Server-Timing holds the hop marks of this update.
        const res = await fetch(`${w.base}/internal/ingest`, {
          method: "POST",
          headers: { authorization: `Bearer ${w.ingestToken}`, "content-type": "application/json", "x-trace": "1" },
          body: JSON.stringify({
            ops: [
              ...(goal
                ? [
                    {
                      op: "events",
                      match_id: id,
                      events: [
                        {
                          id: `${id}_g${round}`,
                          type: "goal",
                          minute: 10 + (round % 80),
                          added_time: null,
                          period: 12,
                          team: "home",
                          player: `Scorer ${round}`,
                        },
                      ],
                    },
                  ]
                : []),
              op({ home_score: round, minute: 10 + (round % 80) }),
            ],
          }),
        });
        await res.arrayBuffer();
        const answered = clock();
        if (!res.ok) throw new Error(`ingest ${res.status}`);
        ingest.push(performance.now() - t);
        const trace = traceOf(res.headers.get("server-timing"), answered);
        return trace ? { ...trace, origin: postedAt } : { origin: postedAt };
      },
      first,
    )),
  });
  return { run, ingest, close: () => clients.close() };
}

/**
 * The hop marks of a traced ingest's Server-Timing (src/lib/trace.ts): `start` (epoch ms of the route's first mark),
 * `hops` (name → ms after it; a hop stamped by several rooms or relays keeps its latest), `answered` (epoch ms here).
 */
function traceOf(header, answered) {
  if (!header) return null;
  const [first, ...rest] = header.split(", ");
  const start = Number(first.match(/desc="([\d.]+)"/)?.[1]);
  const hops = {};
  for (const e of rest) {
    const m = e.match(/^([\w-]+);dur=([\d.]+)$/);
    if (m) hops[m[1]] = Math.max(hops[m[1]] ?? 0, Number(m[2]));
  }
  return Number.isFinite(start) ? { start, hops, answered } : null;
}

/** Hops in the order an update takes them, and what each step is (for the breakdown). */
const HOPS = [
  ["route", "the Worker's route has the POST"],
  ["ingestor", "the Ingestor has the batch"],
  ["d1_read", "D1 read of the current state"],
  ["plan", "planned"],
  ["derived_reads", "standings and season stats read"],
  ["d1_write", "D1 write batch committed"],
  ["room", "the match's room has it"],
  ["room_log", "room log written"],
  ["relays_called", "relay RPC sent"],
  ["relay", "the relay has it"],
  ["relay_sent", "relay's send loop done"],
];

/**
 * P4's trace as a detail line: for each hop, the median over the traced updates of the ms since the POST left the
 * benchmark, then the first and the last socket, the relay's answer back up, and the POST's answer.
 */
export function traceBreakdown(traces) {
  if (traces.length === 0) return "P4 trace: no traced update.";
  const line = (list) => {
    const med = (f) => pct(list.map(f).filter(Number.isFinite), 50);
    const at = (hop) => med((t) => t.start + (t.hops[hop] ?? NaN) - t.t0);
    const steps = HOPS.map(([hop, what]) => `${what} ${at(hop).toFixed(1)}`);
    steps.push(`first socket has the frame ${med((t) => t.first).toFixed(1)}`);
    steps.push(`last socket ${med((t) => t.last).toFixed(1)}`);
    steps.push(`relays answered the room ${at("relays_answered").toFixed(1)}`);
    steps.push(`live hubs answered ${at("hubs_answered").toFixed(1)}`);
    steps.push(`the POST answered ${med((t) => t.answered - t.t0).toFixed(1)}`);
    return steps.join("; ");
  };
  // The p99 is the slowest update of a round: its own breakdown says which hop took the time.
  const slowest = traces.reduce((a, t) => (t.last > a.last ? t : a));
  return [
    `P4 trace (ms after the POST left, median of ${traces.length} traced updates; X-Trace hop marks, src/lib/trace.ts): ${line(traces)}.`,
    `P4 trace of the slowest of them (its last socket): ${line([slowest])}.`,
  ].join("\n");
}

/** The baseline: the raw `ws` server process, the same number of clients, the same payload. */
async function rawSide(sockets = SOCKETS) {
  const child = spawn(process.execPath, ["test/bench/raw-ws-server.mjs"], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((r) => child.stdout.once("data", (d) => r(Number(String(d).trim()))));
  pin(child.pid, SERVER_CPU);
  const clients = await openAll(Array.from({ length: sockets }, () => `ws://127.0.0.1:${port}`));
  const run = (first) =>
    measure(
      clients,
      async (round) => {
        const payload = JSON.stringify({
          type: "score_update",
          match_id: "m_bench",
          sport: "football",
          seq: round,
          ts: Date.now(),
          data: { home: round, away: 0, period: 12, minute: 10 + (round % 80), added_time: null },
        });
        await (await fetch(`http://127.0.0.1:${port}/publish`, { method: "POST", body: payload })).arrayBuffer();
      },
      first,
    );
  return { run, close: () => (clients.close(), child.kill()) };
}

/**
 * P4 (and P12 with `sse`): rounds of UPDATES updates taking turns — a: the raw server, b: our WebSockets, c: our
 * event streams — in an order that rotates every round, so drift on the machine falls on every side alike.
 * `ratios(m)` is b/a within each round, `sseRatios(m)` c/b.
 */
export async function p4(w, { sse = false } = {}) {
  pinAll();
  const raw = await rawSide();
  const ours = await workerSide(w);
  const streams = sse ? await workerSide(w, SOCKETS, "sse") : null;
  const sides = { a: raw, b: ours, ...(streams ? { c: streams } : {}) };
  const names = Object.keys(sides);
  let first = 1;
  const rounds = { a: [], b: [], c: [] };
  try {
    for (let i = 0; i < ROUNDS; i++) {
      const order = names.map((_, k) => names[(k + i) % names.length]);
      for (const side of i % 2 === 0 ? order : order.reverse()) {
        rounds[side].push(await sides[side].run(first));
        first += UPDATES;
      }
    }
  } finally {
    raw.close();
    ours.close();
    streams?.close();
  }
  const ratios = (m) => rounds.b.map((r, i) => r[m] / rounds.a[i][m]);
  const sseRatios = (m) => rounds.c.map((r, i) => r[m] / rounds.b[i][m]);
  return {
    sockets: SOCKETS,
    rounds,
    ratios,
    sseRatios,
    ingestP50: pct(ours.ingest, 50),
    ingestP99: pct(ours.ingest, 99),
    traces: rounds.b.flatMap((r) => r.traces),
    sseIngestP50: streams ? pct(streams.ingest, 50) : null,
  };
}

/**
 * P4b: SCALE_SOCKETS sockets on one match for each N in SCALE_N (relays = ⌈sockets / N⌉), UPDATES updates each, and
 * the raw server with as many clients. The client side needs an fd per socket (`ulimit -n` above SCALE_SOCKETS).
 */
export async function p4Scale(sockets = SCALE_SOCKETS, ns = SCALE_N) {
  // workerd holds two socket descriptors per WebSocket here (6,139 open at 3,000 sockets), so a local run of S sockets
  // needs a file limit above 2 × S; past it workerd drops new connections ("socket hang up").
  const limit = Number(readFileSync("/proc/self/limits", "utf8").match(/Max open files\s+(\d+)/)?.[1] ?? Infinity);
  if (2 * sockets + 1000 > limit)
    throw new Error(
      `P4b: ${sockets} sockets need \`ulimit -n\` ≥ ${2 * sockets + 1000} (workerd: 2 per socket); it is ${limit}`,
    );
  pinAll();
  let rawResult = null;
  if (process.env.SCALE_RAW !== "0") {
    const raw = await rawSide(sockets);
    try {
      rawResult = await raw.run(1);
    } finally {
      raw.close();
    }
  }
  const runs = [];
  for (const n of ns) {
    const w = await startHarness({ vars: { MATCH_RELAY_SOCKETS: String(n) } });
    try {
      pinAll();
      const ours = await workerSide(w, sockets);
      try {
        const r = await ours.run(1);
        runs.push({ n, relays: Math.ceil(sockets / n), ...r, ingestP50: pct(ours.ingest, 50) });
      } finally {
        ours.close();
      }
    } finally {
      await w.stop();
    }
  }
  return { sockets, raw: rawResult, runs };
}
