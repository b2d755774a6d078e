// The README's configuration snippets are pasted as they are: every ```json block must be valid JSON (no comments,
// no trailing commas). Runs with the Node tests because it reads the file.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// vitest runs from the repository root (npm test).
const readme = readFileSync(`${process.cwd()}/README.md`, "utf8");
const blocks = [...readme.matchAll(/^```(json\w*)\n([\s\S]*?)^```/gm)].map((m) => ({ lang: m[1]!, body: m[2]! }));

describe("README", () => {
  it("has its MCP client configurations as json blocks", () => {
    expect(blocks.filter((b) => b.body.includes("/v1/mcp")).length).toBeGreaterThanOrEqual(3);
  });

  it.each(blocks.map((b, i) => [i, b] as const))("json block %i parses as pasted", (_, b) => {
    expect(b.lang).toBe("json");
    expect(() => JSON.parse(b.body)).not.toThrow();
  });
});
