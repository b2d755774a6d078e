// The global scope's CPU in V8, without workerd around it: a fresh Node process imports a built Worker bundle and
// prints the CPU the import took (compile and top-level evaluation). `cloudflare:*` modules resolve to a stub (the
// top level only extends their classes). One process per measure, so no compilation cache is shared between rounds.
// Used by globalScopeCpu (the start-up budget, test/e2e/startup-budget.test.ts).
//   node test/bench/global-scope.mjs <bundle.js>   → {"cpu": ms}
import { execFileSync } from "node:child_process";
import { register } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const STUB = "export class DurableObject {} export class WorkerEntrypoint {} export const env = {}; export const waitUntil = () => {};";
const HOOKS = `export async function resolve(spec, ctx, next) {
  if (spec.startsWith("cloudflare:")) return { url: "data:text/javascript,${encodeURIComponent(STUB)}", shortCircuit: true };
  return next(spec, ctx);
}`;

/**
 * The least CPU (ms) of `rounds` imports of `bundle`, less the least of as many imports of a module that only imports
 * `cloudflare:workers` (the process's own loading). Other work on the machine only ever adds CPU to a round, so each
 * side's least is its least disturbed.
 */
export function globalScopeCpu(bundlePath, rounds) {
  const self = fileURLToPath(import.meta.url);
  const empty = `data:text/javascript,${encodeURIComponent('import "cloudflare:workers"; export default {};')}`;
  const once = (target) =>
    JSON.parse(execFileSync(process.execPath, [self, target], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }))
      .cpu;
  const ours = [];
  const base = [];
  for (let r = 0; r < rounds; r++) {
    ours.push(once(pathToFileURL(bundlePath).href));
    base.push(once(empty));
  }
  return { ms: Math.min(...ours) - Math.min(...base), ours, base };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  register(`data:text/javascript,${encodeURIComponent(HOOKS)}`);
  const before = process.cpuUsage();
  await import(process.argv[2]);
  const used = process.cpuUsage(before);
  process.stdout.write(JSON.stringify({ cpu: (used.user + used.system) / 1000 }));
}
