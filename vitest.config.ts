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
          // Two sockets per match relay: every socket test with more than two sockets on a match spans relays.
          MATCH_RELAY_SOCKETS: "2",
          // SSE heartbeats every 200 ms instead of 15 s, so a test sees one without waiting.
          SSE_HEARTBEAT_MS: "200",
          // Replays a fuzzing run: FUZZ_SEED=<seed printed by a run> npm test (test/reliability/fuzz.test.ts).
          FUZZ_SEED: process.env.FUZZ_SEED ?? "",
          // The UTC time of day every test file starts at (test/helpers/setup.ts); default 11:00:00.
          TEST_CLOCK: process.env.TEST_CLOCK ?? "",
        },
      },
    })),
  ],
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/e2e/**", "test/bench/**"],
    setupFiles: ["./test/helpers/setup.ts"],
    testTimeout: 30_000,
    // The Worker's one-line-per-request log (src/http/request-log.ts) is for production; tests that care capture it themselves.
    // The OAuth provider's "CIMD … is disabled" warning is explained once, in docs/operations.md ("Local development"),
    // not in every test file.
    onConsoleLog: (line) => !line.includes('"msg":"request"') && !line.includes("CIMD (Client ID Metadata Document)"),
    hookTimeout: 60_000,
  },
});
