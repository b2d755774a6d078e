#!/usr/bin/env node
// `npm run sdk:generate`: starts the Worker locally (wrangler's unstable_startWorker, in-memory state, no network),
// reads /v1/openapi.json and rewrites sdk/openapi.json and sdk/src/generated/schema.ts. `--check` writes nothing and
// exits 1 when the committed files differ.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { drifted, FILES, render } from "./codegen.mjs";

process.env.WRANGLER_SEND_METRICS ??= "false";
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
const { unstable_startWorker } = await import("wrangler");

async function servedDocument() {
  const worker = await unstable_startWorker({
    config: "wrangler.toml",
    dev: { server: { port: 0, hostname: "127.0.0.1" }, inspector: false, persist: false, watch: false },
  });
  try {
    await worker.ready;
    const res = await fetch(new URL("/v1/openapi.json", await worker.url));
    if (!res.ok) throw new Error(`/v1/openapi.json answered ${res.status}`);
    return await res.json();
  } finally {
    await worker.dispose();
  }
}

const rendered = await render(await servedDocument());
const stale = drifted(rendered);
if (process.argv.includes("--check")) {
  if (stale.length) {
    console.error(`stale: ${stale.map((k) => FILES[k]).join(", ")}; run npm run sdk:generate`);
    process.exit(1);
  }
} else {
  for (const k of stale) {
    mkdirSync(dirname(FILES[k]), { recursive: true });
    writeFileSync(FILES[k], rendered[k]);
    console.log(`wrote ${FILES[k]}`);
  }
  if (!stale.length) console.log("sdk/openapi.json and sdk/src/generated/schema.ts are up to date");
}
