// P1's request, costed in CPU: milliseconds of CPU each workerd process spends per request (from /proc/<pid>/stat),
// for our warm list request, the trivial Worker with its D1 `SELECT 1`, and the trivial Worker with no D1 call.
// Latency on this shared VM drifts between runs; CPU per request within one round compares the work itself.
// `node test/bench/cpu-per-request.mjs` (ROUNDS, N requests per side and round; VARS='{"RATE_LIMITING":"off"}' etc.
// sets Worker vars on our side; SCALE=demo seeds the small data set, a minute instead of four; CONFIG=<wrangler.toml>
// runs ours from another config; X_LOCAL_OBSERVABILITY=true measures with Miniflare's collector, see lib.mjs).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { benchKeys, median, pinAll, startBaseline, startHarness } from "./lib.mjs";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const N = Number(process.env.N ?? 500);
const workerd = () => execFileSync("pgrep", ["-x", "workerd"], { encoding: "utf8" }).trim().split("\n");
/** utime + stime of each process, ms (clock ticks of 10 ms). */
const cpu = (pids) =>
  pids.map((p) => {
    const f = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;
  });

const ours = await startHarness({
  configPath: process.env.CONFIG,
  scale: process.env.SCALE ?? "bench",
  vars: JSON.parse(process.env.VARS ?? "{}"),
});
const oursPids = workerd();
const base = await startBaseline();
const basePids = workerd().filter((p) => !oursPids.includes(p));
try {
  pinAll();
  const keys = await benchKeys(ours, 32);
  const url = `${ours.base}/v1/football/matches?date=${new Date().toISOString().slice(0, 10)}`;
  const body = await (await fetch(url, { headers: { "x-api-key": keys[0] } })).text();
  await fetch(base.base, { method: "PUT", body });
  const side = async (label, u, ks, pids) => {
    const times = [];
    const before = cpu(pids);
    for (let i = 0; i < N; i++) {
      const t = performance.now();
      const res = await fetch(u, { headers: ks.length ? { "x-api-key": ks[i % ks.length] } : {} });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${u}: HTTP ${res.status}`);
      times.push(performance.now() - t);
    }
    const per = cpu(pids).map((x, i) => (x - before[i]) / N);
    console.log(
      `${label.padEnd(8)} p50 ${median(times).toFixed(2)} ms; CPU per request ${per.reduce((a, b) => a + b, 0).toFixed(2)} ms (by process: ${per.map((x) => x.toFixed(2)).join(", ")})`,
    );
  };
  for (let r = 0; r < ROUNDS; r++) {
    await side("ours", url, keys, oursPids);
    await side("select1", base.base, [], basePids);
    await side("no D1", `${base.base}/?q=0`, [], basePids);
  }
} finally {
  await ours.stop();
  await base.stop();
}
