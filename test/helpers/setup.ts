import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { vi } from "vitest";

// A fixed time of day for every test file. The demo data is placed around "now" (matches a few hours ago, live now,
// later today), so a suite on the real clock saw a different day's shape at 00:30 than at 12:00 (a match inserted a
// minute before the day's first kickoff fell into yesterday at 03:55 UTC). The clock starts at the next 11:00 UTC, or
// at the next TEST_CLOCK (`HH:MM:SS` UTC; `npm run test:midnight` runs the suite at 23:59:30 and 00:00:30), never in
// the past (absolute expiries such as KV's stay valid), and runs at real speed from there.
const DAY_MS = 86_400_000;
const real = Date.now();
const [h, m, s] = (/^\d\d:\d\d:\d\d$/.test(env.TEST_CLOCK ?? "") ? env.TEST_CLOCK : "11:00:00").split(":").map(Number);
const startToday = Math.floor(real / DAY_MS) * DAY_MS + ((h! * 60 + m!) * 60 + s!) * 1000;
vi.useFakeTimers({
  now: startToday < real ? startToday + DAY_MS : startToday,
  toFake: ["Date"],
  shouldAdvanceTime: true,
});

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
