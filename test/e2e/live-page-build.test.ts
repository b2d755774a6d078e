// /live.js is src/web/live/browser/main.ts bundled by scripts/build-live-page.mjs into src/web/live/script.gen.ts,
// which is committed so that a fresh clone runs without a build step. This fails when the two have drifted apart.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("the /live page script", () => {
  it("committed src/web/live/script.gen.ts is the build of src/web/live (npm run build)", () => {
    const run = spawnSync(process.execPath, ["scripts/build-live-page.mjs", "--check"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});
