// Rate-limit overhead (npm run bench:ratelimit): p50 of a match-list request with per-key limiting on vs off,
// two Workers started side by side in the same run, requests interleaved so both see the same machine load.
import { performance } from "node:perf_hooks";
import { startHarness as startWorker } from "./harness.mjs";

const N = Number(process.env.REQUESTS ?? 400); // under the growth plan's 1200/min, so none is refused
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

const on = await startWorker({ vars: { RATE_LIMITING: "on" } });
const off = await startWorker({ vars: { RATE_LIMITING: "off" } });
try {
  const day = new Date().toISOString().slice(0, 10);
  const path = `/v1/football/matches?date=${day}&limit=50`;
  const times = { on: [], off: [] };
  const once = async (name, w) => {
    const t = performance.now();
    const res = await fetch(`${w.base}${path}`, { headers: { "x-api-key": w.demoKey } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status}`);
    times[name].push(performance.now() - t);
  };
  for (let i = 0; i < 20; i++) await Promise.all([once("on", on), once("off", off)]); // warm-up
  times.on.length = times.off.length = 0;
  for (let i = 0; i < N; i++) {
    if (i % 2) (await once("on", on), await once("off", off));
    else (await once("off", off), await once("on", on));
  }
  const f = (x) => `${x.toFixed(2)} ms`;
  console.log(
    `\nRate limiting cost: GET ${path.replace(day, "<today>")}, ${N} requests each, sequential, interleaved\n`,
  );
  console.log("| limiting | p50 | p90 | p99 |\n|---|---|---|---|");
  for (const k of ["off", "on"])
    console.log(`| ${k} | ${f(pct(times[k], 50))} | ${f(pct(times[k], 90))} | ${f(pct(times[k], 99))} |`);
  console.log(`\np50 ratio on/off: ${(pct(times.on, 50) / pct(times.off, 50)).toFixed(3)} (target ≤ 1.15)`);
} finally {
  await on.stop();
  await off.stop();
}
process.exit(0);
