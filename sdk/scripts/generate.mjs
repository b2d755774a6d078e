#!/usr/bin/env node
// `npm run sdk:generate`: starts the Worker locally (wrangler's unstable_startWorker, in-memory state, no network),
// reads /v1/openapi.json and /v1/asyncapi.json and rewrites the SDK's generated files (./codegen.mjs). With `--check`
// it writes nothing and exits 1 when a committed file differs.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { DOCUMENTS, drifted, FILES, render } from "./codegen.mjs";

process.env.WRANGLER_SEND_METRICS ??= "false";
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
process.env.WRANGLER_LOG ??= "warn";
const { unstable_startWorker } = await import("wrangler");

async function servedDocuments() {
  const worker = await unstable_startWorker({
    config: "wrangler.toml",
    dev: { server: { port: 0, hostname: "127.0.0.1" }, inspector: false, persist: false, watch: false },
  });
  try {
    await worker.ready;
    const base = await worker.url;
    const read = async (path) => {
      const res = await fetch(new URL(path, base));
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      return res.json();
    };
    return { openapi: await read(DOCUMENTS.openapi), asyncapi: await read(DOCUMENTS.asyncapi) };
  } finally {
    await worker.dispose();
  }
}

const rendered = await render(await servedDocuments());
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
  if (!stale.length) console.log("the SDK's generated files are up to date");
}
