#!/usr/bin/env node
// Puts the /docs renderer into public/, the Workers static assets folder (wrangler.toml [assets]; gitignored, never
// committed): Scalar's standalone browser build from the @scalar/api-reference devDependency, as
// public/docs/assets/scalar.js. It is served from our own origin and is not part of the Worker bundle.
// Runs as wrangler's [build] command (before every `wrangler dev` and `wrangler deploy`, so `npm start`, the e2e
// workers and deploys always have it), from `npm run build`, and from the vitest configs (the workerd pool reads
// wrangler.toml, whose assets folder must exist). Writes only when the output differs.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
export const DOCS_ASSETS = `${root}public/docs/assets`;

export function buildDocsAssets() {
  // Not reachable through the package's "exports", so read from node_modules by path.
  const source = readFileSync(`${root}node_modules/@scalar/api-reference/dist/browser/standalone.js`, "utf8");
  // The source map (17 MB) is not shipped, so its comment goes too: devtools would ask for a file that is not there.
  const js = source.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n");
  const out = `${DOCS_ASSETS}/scalar.js`;
  let current = "";
  try {
    current = readFileSync(out, "utf8");
  } catch {}
  if (current === js) return false;
  mkdirSync(DOCS_ASSETS, { recursive: true });
  writeFileSync(out, js);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (buildDocsAssets()) console.log("built public/docs/assets/scalar.js");
}
