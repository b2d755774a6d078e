#!/usr/bin/env node
// Puts the static assets into public/, the Workers static assets folder (wrangler.toml [assets]; gitignored, never
// committed), so they are not part of the Worker bundle:
// - the /docs renderer: Scalar's standalone browser build from the @scalar/api-reference devDependency, as
//   public/docs/assets/scalar.js, served from our own origin (src/web/docs.ts);
// - the MCP App's script (src/mcp/app/match-centre.gen.js, committed) as public/internal/match-centre.js, which only
//   the Worker reads (src/mcp/match-centre.ts): no route hands /internal/* to ASSETS.
// Runs as wrangler's [build] command (before every `wrangler dev` and `wrangler deploy`, so `npm start`, the e2e
// workers and deploys always have it), from `npm run build`, and from the vitest configs (the workerd pool reads
// wrangler.toml, whose assets folder must exist). Writes only when the output differs.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
export const DOCS_ASSETS = `${root}public/docs/assets`;

export const INTERNAL_ASSETS = `${root}public/internal`;

function writeIfChanged(dir, out, content) {
  let current = "";
  try {
    current = readFileSync(out, "utf8");
  } catch {}
  if (current === content) return false;
  mkdirSync(dir, { recursive: true });
  writeFileSync(out, content);
  return true;
}

export function buildDocsAssets() {
  // Not reachable through the package's "exports", so read from node_modules by path.
  const source = readFileSync(`${root}node_modules/@scalar/api-reference/dist/browser/standalone.js`, "utf8");
  // The source map (17 MB) is not shipped, so its comment goes too: devtools would ask for a file that is not there.
  const js = source.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n");
  const docs = writeIfChanged(DOCS_ASSETS, `${DOCS_ASSETS}/scalar.js`, js);
  const app = readFileSync(`${root}src/mcp/app/match-centre.gen.js`, "utf8");
  const centre = writeIfChanged(INTERNAL_ASSETS, `${INTERNAL_ASSETS}/match-centre.js`, app);
  return docs || centre;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (buildDocsAssets()) console.log("built public/docs/assets/scalar.js and public/internal/match-centre.js");
}
