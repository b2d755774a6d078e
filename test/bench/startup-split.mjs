// Where P6's start-up goes (docs/benchmarks.md "Reading the figures"): our production bundle and the same
// configuration with an empty script, started as P6 starts them (prebuilt, wrangler's test harness), in alternating
// rounds. For each start: the harness's `listen()` and the first /health; when workerd's process appeared; the CPU of
// workerd, of this Node process and of the esbuild service wrangler runs over the entry before it starts workerd.
// Processes are sampled from /proc every 2 ms (CPU in the kernel's 10 ms ticks).
//   npx node test/bench/startup-split.mjs        (ROUNDS=5 by default)
import { readdirSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { createTestHarness } from "wrangler";
import { bundle, emptyScript, prebuiltConfig } from "./http.mjs";
import { median } from "./lib.mjs";

/** pid → utime + stime (ms) of the workerd and esbuild processes on the machine. */
function sample() {
  const out = new Map();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      const kind = cmd.includes("workerd") ? "workerd" : cmd.includes("esbuild") ? "esbuild" : undefined;
      if (!kind) continue;
      const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      out.set(pid, { kind, cpu: (Number(f[11]) + Number(f[12])) * 10 });
    } catch {
      // the process ended between the listing and the read
    }
  }
  return out;
}

async function start(configPath) {
  const before = sample();
  const node0 = process.cpuUsage();
  const t0 = performance.now();
  const seen = new Map();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      for (const [pid, p] of sample()) {
        const old = seen.get(pid);
        seen.set(pid, { ...p, at: old?.at ?? performance.now() - t0 });
      }
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  const server = createTestHarness({ workers: [{ configPath }] });
  const { url } = await server.listen();
  const listen = performance.now() - t0;
  const node = process.cpuUsage(node0);
  const res = await fetch(new URL("/health", url));
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`/health: HTTP ${res.status}`);
  const first = performance.now() - t0 - listen;
  sampling = false;
  await sampler;
  await server.close();
  const fresh = [...seen].filter(([pid, p]) => p.kind === "workerd" && !before.has(pid)).map(([, p]) => p);
  const esbuild = [...seen]
    .filter(([, p]) => p.kind === "esbuild")
    .reduce((a, [pid, p]) => a + p.cpu - (before.get(pid)?.cpu ?? 0), 0);
  return {
    listen,
    first,
    workerdAt: Math.min(...fresh.map((p) => p.at)),
    workerdCpu: fresh.reduce((a, p) => a + p.cpu, 0),
    nodeCpu: (node.user + node.system) / 1000,
    esbuildCpu: esbuild,
  };
}

const ours = prebuiltConfig("wrangler.toml", bundle("wrangler.toml", "production"), ["SIMULATOR"]);
const empty = prebuiltConfig("wrangler.toml", emptyScript("wrangler.toml"), ["SIMULATOR"]);
const runs = { empty: [], ours: [] };
for (let r = 0; r < Number(process.env.ROUNDS ?? 5); r++) {
  runs.empty.push(await start(empty));
  runs.ours.push(await start(ours));
}
console.log("medians (ms)      listen  first  workerd spawned at  workerd CPU  node CPU  esbuild CPU");
for (const [name, rs] of Object.entries(runs)) {
  const m = (k) =>
    median(rs.map((x) => x[k]))
      .toFixed(0)
      .padStart(6);
  console.log(
    `${name.padEnd(16)} ${m("listen")} ${m("first")} ${m("workerdAt").padStart(19)} ${m("workerdCpu").padStart(12)} ${m("nodeCpu").padStart(9)} ${m("esbuildCpu").padStart(12)}`,
  );
}
