// CPU per request, from the kernel's accounting: the utime + stime (/proc/<pid>/stat) that a Worker's workerd
// processes spend over a run of sequential requests, divided by the requests. Latency on a shared VM drifts between
// runs; CPU per request compares the work itself. Used by P1c (run.mjs) and `node test/bench/cpu-per-request.mjs`.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { median } from "./lib.mjs";

/** The workerd processes this process started (another run's, or a test suite's, may be on the machine too). */
export function workerdPids() {
  try {
    return execFileSync("pgrep", ["-x", "-P", String(process.pid), "workerd"], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter(Boolean);
  } catch {
    return [];
  }
}

/** utime + stime of each process, ms (clock ticks of 10 ms). */
export const cpuOf = (pids) =>
  pids.map((p) => {
    const f = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;
  });

/**
 * `n` sequential GETs of `url` (rotating `keys` as X-API-Key): p50 latency, and the CPU per request of `pids` (total
 * and by process; none counted for no pids). A non-200 answer fails the run.
 */
export async function cpuPerRequest(url, keys, pids, n) {
  const times = [];
  const before = cpuOf(pids);
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers: keys.length ? { "x-api-key": keys[i % keys.length] } : {} });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
    times.push(performance.now() - t);
  }
  const byProcess = cpuOf(pids).map((x, i) => (x - before[i]) / n);
  return { p50: median(times), cpu: byProcess.reduce((a, b) => a + b, 0), byProcess };
}
