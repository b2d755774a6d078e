// The official MCP conformance suite (@modelcontextprotocol/conformance) against the running Worker: the server
// scenarios that apply to a tools-only server. Its client sends no auth headers, so the key travels as ?api_key=.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type RunningWorker } from "./worker";

let w: RunningWorker;
beforeAll(async () => {
  w = await startWorker();
});
afterAll(async () => {
  await w?.stop();
});

/** Runs one scenario with the project's Node (the suite needs Node ≥ 22); resolves with its exit code and output. */
function conformance(scenario: string, url: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath.includes("node_modules") ? process.execPath : "node_modules/.bin/node",
      ["node_modules/@modelcontextprotocol/conformance/dist/index.js", "server", "--url", url, "--scenario", scenario],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => resolve({ code, out }));
  });
}

describe("MCP conformance suite, server scenarios", () => {
  for (const scenario of ["server-initialize", "ping", "tools-list", "dns-rebinding-protection"]) {
    it(scenario, async () => {
      const { code, out } = await conformance(scenario, `${w.base}/v1/mcp?api_key=${w.demoKey}`);
      // The suite's summary: "Passed: n/n, 0 failed, 0 warnings".
      const summary = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(out);
      expect(summary, out).not.toBeNull();
      expect(Number(summary![1]), out).toBeGreaterThan(0);
      expect(summary![1], out).toBe(summary![2]);
      expect(summary![3], out).toBe("0");
      expect(code, out).toBe(0);
    });
  }
});
