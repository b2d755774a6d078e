import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { vi } from "vitest";

// A fixed time of day for every test file. The demo data is placed around "now" (matches a few hours ago, live now,
// later today), so a suite on the real clock saw a different day's shape at 00:30 than at 12:00 (a match inserted a
// minute before the day's first kickoff fell into yesterday at 03:55 UTC). The clock starts at the next 11:00 UTC
// (never in the past, so absolute expiries such as KV's stay valid) and runs at real speed from there.
const DAY_MS = 86_400_000;
const real = Date.now();
const elevenToday = Math.floor(real / DAY_MS) * DAY_MS + 11 * 3_600_000;
vi.useFakeTimers({
  now: elevenToday < real ? elevenToday + DAY_MS : elevenToday,
  toFake: ["Date"],
  shouldAdvanceTime: true,
});

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
