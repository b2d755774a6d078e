// What the production Worker ships (issue 50): `wrangler deploy --dry-run --env production` builds workers/api.ts,
// which has no simulator, no demo catalogue, no benchmark data set and no demo routes (workers/dev.ts adds them for
// `npm start`, the tests and staging), binds no SIMULATOR, keeps zod's English messages only, and stays within
// 450,000 B gzip. The same build's size is benchmark P6's.
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain .mjs modules of the benchmarks (no types)
import { bundle } from "../bench/http.mjs";

const MAX_GZIP = 450_000;
const built = bundle("wrangler.toml", "production") as { out: string; main: string; gzip: number; meta: string };
const meta = JSON.parse(readFileSync(built.meta, "utf8")) as { inputs: Record<string, unknown> };
const inputs = Object.keys(meta.inputs);

describe("the production bundle", () => {
  it(`is at most ${MAX_GZIP.toLocaleString("en")} B gzip`, () => {
    expect(built.gzip).toBeGreaterThan(100_000);
    expect(built.gzip).toBeLessThanOrEqual(MAX_GZIP);
  });

  it("holds no demo: no simulator, demo catalogue, benchmark data set or demo routes", () => {
    // It is the production entry that was built, and the build read our sources.
    expect(inputs).toContain("workers/api.ts");
    expect(inputs).toContain("src/app.ts");
    expect(
      inputs.filter((f) => f.startsWith("src/demo/") || f === "workers/simulator.ts" || f === "workers/dev.ts"),
    ).toEqual([]);
    expect(inputs).not.toContain("src/internal/demo.ts");
    const js = readFileSync(`${built.out}/${built.main}`, "utf8");
    expect(js).not.toContain('"bench"');
    expect(js).not.toMatch(/class Simulator\b/);
  });

  it("keeps zod's English messages only", () => {
    const locales = inputs.filter((f) => f.includes("zod/v4/locales/"));
    expect(locales).toEqual(["node_modules/zod/v4/locales/en.js"]);
  });

  it("binds no SIMULATOR in production; the development entry and staging do", () => {
    const bindings = (env: string[]) =>
      execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", `${built.out}/b`, ...env], {
        encoding: "utf8",
        env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      });
    const production = bindings(["--env", "production"]);
    expect(production).toMatch(/env\.ACCOUNT_GATE \(AccountGate\)/);
    expect(production).not.toMatch(/env\.SIMULATOR\b/);
    expect(bindings(["--env", "staging"])).toMatch(/env\.SIMULATOR \(Simulator\)/);
  });
});
