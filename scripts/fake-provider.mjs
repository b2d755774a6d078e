#!/usr/bin/env node
// `npm run fake-provider -- api-football|api-basketball|football-data`: a local fake of the provider on loopback,
// playing the scripted match day of test/fakes/match-day.ts (kicking off as it starts, whatever the time of day) one step every
// FAKE_STEP_S seconds (default 20), so the adapter path can be tried end to end without an account
// (docs/feeds.md "Trying it locally"). PORT (default 8790).
import { build } from "esbuild";
import { createServer } from "node:http";

const kind = process.argv[2];
const KINDS = ["api-football", "api-basketball", "football-data"];
if (!KINDS.includes(kind)) {
  console.error(`usage: npm run fake-provider -- ${KINDS.join("|")}`);
  process.exit(1);
}
const port = Number(process.env.PORT ?? 8790);
const stepS = Number(process.env.FAKE_STEP_S ?? 20);
const out = await build({
  entryPoints: [new URL("../test/fakes/providers.ts", import.meta.url).pathname],
  bundle: true,
  format: "esm",
  platform: "node",
  write: false,
});
const { FakeProvider } = await import(
  `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`
);
const day = new Date().toISOString().slice(0, 10);
const fake = new FakeProvider(kind, day, Date.now, Date.now());
setInterval(() => {
  if (fake.step < fake.stepCount - 1) {
    fake.step++;
    console.log(`step ${fake.step} of ${fake.stepCount - 1}`);
  }
}, stepS * 1000).unref();

createServer((req, res) => {
  const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
  const headers = new Headers(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
  const answer = fake.answer(url, headers);
  if (answer === "hang") return; // a timeout: never answers
  res.writeHead(answer.status, answer.headers).end(answer.body);
}).listen(port, "127.0.0.1", () => {
  const base = kind === "football-data" ? `http://127.0.0.1:${port}/v4` : `http://127.0.0.1:${port}`;
  // The fake's plan is a paid one (7,500 a day, 300 a minute); without saying so the poller assumes the free plan.
  const vars = {
    "api-football": `FEEDS=api-football API_FOOTBALL_BASE_URL=${base} API_SPORTS_KEY=any API_FOOTBALL_PER_DAY=7500 API_FOOTBALL_PER_MINUTE=300`,
    "api-basketball": `FEEDS=api-basketball API_BASKETBALL_BASE_URL=${base} API_SPORTS_KEY=any API_BASKETBALL_PER_DAY=7500 API_BASKETBALL_PER_MINUTE=300`,
    "football-data": `FEEDS=football-data FOOTBALL_DATA_BASE_URL=${base} FOOTBALL_DATA_TOKEN=any FOOTBALL_DATA_PER_MINUTE=300`,
  }[kind];
  console.log(
    `Fake ${kind} on ${base}: the match day of ${day}, a step every ${stepS} s.\nIn another terminal: ${vars} npm start`,
  );
});
