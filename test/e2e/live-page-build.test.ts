// /live.js is src/web/live/browser/main.ts bundled by scripts/build-live-page.mjs into src/web/live/script.gen.ts, and
// the MCP App's script src/mcp/app/browser/main.ts bundled by scripts/build-match-centre.mjs into
// src/mcp/app/match-centre.gen.js; both are committed so that a fresh clone runs without a build step. This fails
// when a generated file and its sources have drifted apart.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("the /live page script", () => {
  it("committed src/web/live/script.gen.ts is the build of src/web/live (npm run build)", () => {
    const run = spawnSync(process.execPath, ["scripts/build-live-page.mjs", "--check"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});

describe("the match centre app's script (MCP App)", () => {
  it("committed src/mcp/app/match-centre.gen.js is the build of src/mcp/app (npm run build)", () => {
    const run = spawnSync(process.execPath, ["scripts/build-match-centre.mjs", "--check"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});
