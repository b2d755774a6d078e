// P2, P3, P5e and P8 (test/bench/*.workerd.ts): inside workerd with the Workers pool, against local D1, on the benchmark data
// set. Run by `npm run bench` (test/bench/run.mjs), which reads the BENCH lines they print.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { TEST_SECRETS } from "./test/secrets";

// Loopback only: Miniflare would otherwise fetch its `request.cf` placeholder from workers.cloudflare.com.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
// wrangler.toml's [assets] folder (the /docs renderer) must exist before the pool reads the config.
execFileSync(process.execPath, [fileURLToPath(new URL("scripts/build-docs-assets.mjs", import.meta.url).href)], {
  stdio: "inherit",
});

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          ...TEST_SECRETS,
          // test/bench/smoke.mjs: tiny sizes, to prove the benchmarks run.
          BENCH_SMOKE: process.env.BENCH_SMOKE ?? "",
          // P5e (test/bench/mcp-cost.workerd.ts): thousands of calls a minute from one account; each still spends
          // its budget, none is refused.
          SCALE_PLAN_REST_PER_MINUTE: "1000000",
          SCALE_PLAN_MCP_PER_MINUTE: "1000000",
        },
      },
    })),
  ],
  test: {
    include: ["test/bench/**/*.workerd.ts"],
    // One file at a time: each times loops on the server's core, and the other's seeding or loops would be timed too.
    fileParallelism: false,
    setupFiles: ["./test/helpers/setup.ts"],
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
