// P9: ingest commit → `notifications/resources/updated` on 100 MCP `subscriptions/listen` streams (2026-07-28 clients,
// MCP SDK v2) of one live match. Per commit: from the start of POST /internal/ingest to each subscriber's
// notification. Reference in the same run: one /v1/ws/match socket of the same match (its `score_update`).
import { performance } from "node:perf_hooks";
import WebSocket from "ws";
import { connectModern, watch } from "../e2e/mcp-v2.ts";
import { benchKeys, pct, pinAll, sleep } from "./lib.mjs";

const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 100);
const COMMITS = Number(process.env.COMMITS ?? 30);
const MATCH = "m_bench_mcp";

export async function p9(w) {
  pinAll();
  const [key] = await benchKeys(w, 1);
  const op = (extra) => ({ op: "match", id: MATCH, sport: "football", league_id: "lg_fb_eng1", ...extra });
  const created = await w.ingest([
    op({
      home_team_id: "tm_fb_arsenal",
      away_team_id: "tm_fb_fulham",
      kickoff_ts: Math.floor(Date.now() / 1000) - 600,
      status_code: 2,
      period: 12,
      minute: 10,
      home_score: 0,
      away_score: 0,
    }),
  ]);
  if (!created.ok) throw new Error(`ingest ${created.status}`);
  const uri = `sports://football/matches/${MATCH}`;
  const clients = [];
  const watchers = [];
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const c = await connectModern(w.base, { "x-api-key": key });
    clients.push(c);
    watchers.push(await watch(c, [uri]));
  }
  const socket = new WebSocket(`${w.ws}/v1/ws/match/${MATCH}?api_key=${key}`);
  const frames = [];
  socket.on("message", (d) => frames.push({ msg: JSON.parse(String(d)), at: performance.now() }));
  await new Promise((r, j) => (socket.once("open", r), socket.once("error", j)));

  const latencies = [];
  const sockets = [];
  const ingest = [];
  let lost = 0;
  try {
    for (let n = 1; n <= COMMITS; n++) {
      const t = performance.now();
      const res = await w.ingest([op({ home_score: n, minute: 10 + n })]);
      if (!res.ok) throw new Error(`ingest ${res.status}`);
      ingest.push(performance.now() - t);
      await Promise.all(watchers.map((x) => x.until(n, 5000)));
      for (const x of watchers) {
        const u = x.updates[n - 1];
        if (u) latencies.push(u.at - t);
        else lost++;
      }
      const f = frames.find((x) => x.msg.data?.home === n);
      if (f) sockets.push(f.at - t);
      await sleep(20);
    }
  } finally {
    socket.terminate();
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
  }
  return {
    subscribers: SUBSCRIBERS,
    commits: COMMITS,
    delivered: latencies.length,
    lost,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    socketP50: pct(sockets, 50),
    socketP99: pct(sockets, 99),
    ingestP50: pct(ingest, 50),
  };
}
