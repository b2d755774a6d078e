#!/usr/bin/env node
// `npm run import -- [--target URL] [--force] PATH...`: openfootball files into a deployment through its ingest route
// (docs/data.md "Importing history"). The importer is TypeScript (src/import/); this bundles it with esbuild and runs it.
import { build } from "esbuild";

const out = await build({
  entryPoints: [new URL("../src/import/cli.ts", import.meta.url).pathname],
  bundle: true,
  format: "esm",
  platform: "node",
  write: false,
  logLevel: "error",
});
const { main } = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`);
process.exitCode = await main(process.argv.slice(2));
