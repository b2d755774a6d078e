import { env, exports } from "cloudflare:workers";
import { it, expect } from "vitest";
import { dbFor } from "../src/db/client";
import { seedDemo } from "../src/demo/seed";

it("seeds", async () => {
  const t0 = Date.now();
  const key = "sk_test_" + "a".repeat(43);
  const res = await seedDemo(dbFor(env.DB), "local", { demoApiKey: key });
  console.log("seed ms", Date.now() - t0, res);
  const today = new Date().toISOString().slice(0, 10);
  const r = await exports.default.fetch(`http://x/v1/football/matches?date=${today}&limit=3`, { headers: { "x-api-key": key } });
  console.log(r.status, await r.text());
  const r2 = await exports.default.fetch(`http://x/v1/football/leagues`, { headers: { "x-api-key": key } });
  console.log(r2.status, (await r2.text()).slice(0, 300));
  expect(r.status).toBe(200);
});
