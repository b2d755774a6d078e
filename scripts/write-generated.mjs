// What the bundle scripts (build-live-page.mjs, build-match-centre.mjs) share: write a committed generated file only
// when it differs, or, with `--check`, fail when it differs (the committed file must be the build of its sources).
import { readFileSync, writeFileSync } from "node:fs";

/** `out` is an absolute path; `name` is how messages name it (relative to the repository). */
export function writeOrCheck(out, name, next, check = process.argv.includes("--check")) {
  let current = "";
  try {
    current = readFileSync(out, "utf8");
  } catch {}
  if (current === next) return;
  if (check) {
    console.error(`${name} is not the build of its sources: run \`npm run build\``);
    process.exit(1);
  }
  writeFileSync(out, next);
  console.log(`built ${name}`);
}
