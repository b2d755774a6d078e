// `npm test`'s smoke run of the benchmark suite: every benchmark of `npm run bench` once, at tiny sizes, on the demo
// data set, so a broken benchmark fails CI instead of the next person's ten-minute run. Its figures mean nothing and
// are not written to docs/benchmarks.md; it prints the table and exits non-zero if any benchmark failed.
// The sizes are environment variables the benchmark modules read when they load, so they are set before run.mjs is.
const SIZES = {
  BENCH_SMOKE: "1",
  ROUNDS: "1",
  SECONDS: "1",
  SEQUENTIAL: "10",
  CPU_REQUESTS: "20",
  SOCKETS: "20",
  UPDATES: "2",
  SCALE_SOCKETS: "40",
  SCALE_N: "40,20",
  CALLS: "10",
  SUBSCRIBERS: "5",
  COMMITS: "3",
  ENDPOINTS: "3",
  HANG_UPDATES: "3",
  P11_SAMPLES: "2",
  N: "20",
};
for (const [k, v] of Object.entries(SIZES)) process.env[k] ??= v;
await import("./run.mjs");
