// End-to-end tests: Node clients (ws, fetch, Chromium) against the Worker running under `wrangler dev`.
import { defineConfig } from "vitest/config";

// Loopback only: Miniflare would otherwise fetch its `request.cf` placeholder from workers.cloudflare.com.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

export default defineConfig({
  test: {
    include: ["test/e2e/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
