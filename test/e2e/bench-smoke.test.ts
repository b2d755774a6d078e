// The benchmark suite's smoke run (test/bench/smoke.mjs): every benchmark of `npm run bench` once at tiny sizes, so a
// benchmark broken by a change fails here rather than in the next person's full run (docs/benchmarks.md "Running").
// It asserts that each benchmark ran and printed its row, never the figures (tiny sizes measure nothing). The limit
// is a guard against a hang: the whole run took 874 s in the fresh-clone CI of 2026-11-29 (P18 included), so 20 min.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const ROWS = [
  "P1",
  "P1b",
  "P1c",
  "P1d",
  "P1e",
  "P2",
  "P3",
  "P4",
  "P4b",
  "P5",
  "P5b",
  "P5c",
  "P5d",
  "P5e",
  "P5f",
  "P6",
  "P7",
  "P7b",
  "P8",
  "P9",
  "P10",
  "P10b",
  "P11",
  "P12",
  "P13",
  "P13b",
  "P18",
];

describe("npm run bench, smoke mode", () => {
  it("runs every benchmark and prints every row, none failed", () => {
    const run = spawnSync(process.execPath, ["test/bench/smoke.mjs"], { encoding: "utf8", timeout: 1_200_000 });
    const out = `${run.stdout}\n${run.stderr}`;
    const printed = [...run.stdout.matchAll(/^\| (P\d+[a-z]?) \| (.*)$/gm)].map((m) => ({ id: m[1]!, line: m[2]! }));
    expect(
      printed.filter((r) => r.line.startsWith("failed")),
      out.slice(-4000),
    ).toEqual([]);
    for (const id of ROWS)
      expect(
        printed.map((r) => r.id),
        `${id}\n${out.slice(-4000)}`,
      ).toContain(id);
    expect(run.status, out.slice(-4000)).toBe(0);
  }, 1_200_000);
});
