declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** vitest.config.ts: replays a fuzzing run (empty: a new seed). */
    FUZZ_SEED: string;
    TEST_CLOCK: string;
  }
  interface GlobalProps {
    mainModule: typeof import("../workers/api");
  }
}
