// docs/architecture.md's "Folders and their imports" holds the code to what it says: every folder of src/, workers/,
// scripts/ and sdk/ with a tracked file has a row (`git ls-files`), and each row's imports — the other rooms its files
// import by relative path (a room: src/<top folder>, workers, scripts, sdk) — are exactly what its files import, no
// more and no fewer. A new folder, or an import a folder did not make before, fails here until the page says so.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

const root = process.cwd();
const tracked = execFileSync("git", ["ls-files", "src", "workers", "scripts", "sdk"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter(Boolean);

/** The room of a path: `src/<first folder>`, `src` for its own files, else the top folder. */
const room = (path: string) => {
  const parts = path.split("/");
  if (parts[0] !== "src") return parts[0]!;
  return parts.length > 2 ? `src/${parts[1]}` : "src";
};

/** Per folder: the rooms other than its own that its files import (relative specifiers, static and dynamic). */
function actualImports(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const file of tracked) {
    const dir = dirname(file);
    if (!out.has(dir)) out.set(dir, new Set());
    if (!/\.(ts|tsx|mjs|js)$/.test(file) || /\.gen\.(ts|js)$/.test(file)) continue;
    const text = readFileSync(join(root, file), "utf8");
    for (const m of text.matchAll(
      /(?:import|export)\s[^"';]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g,
    )) {
      const spec = (m[1] ?? m[2])!;
      if (!spec.startsWith(".")) continue;
      const target = room(normalize(join(dir, spec)));
      if (target !== room(file)) out.get(dir)!.add(target);
    }
  }
  return out;
}

/** The page's table: | `folder/` | `room`, `room` or "nothing" | what it holds |. */
function documented(): Map<string, Set<string>> {
  const text = readFileSync(join(root, "docs/architecture.md"), "utf8");
  const start = text.indexOf("## Folders and their imports");
  expect(start, "docs/architecture.md has a section 'Folders and their imports'").toBeGreaterThan(-1);
  const rows = text
    .slice(start)
    .split("\n")
    .filter((l) => /^\|\s*`[^`]+\/`\s*\|/.test(l));
  const out = new Map<string, Set<string>>();
  for (const row of rows) {
    const [folder, imports] = row
      .split("|")
      .slice(1, 3)
      .map((c) => c.trim());
    const name = folder!.replace(/^`|\/`$/g, "");
    expect(out.has(name), `${name} has one row`).toBe(false);
    out.set(name, new Set([...imports!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\/$/, ""))));
  }
  return out;
}

describe("docs/architecture.md", () => {
  const actual = actualImports();
  const doc = documented();

  it("names every folder of src/, workers/, scripts/ and sdk/ that holds a tracked file, and no other", () => {
    expect([...doc.keys()].sort()).toEqual([...actual.keys()].sort());
  });

  it("says of each folder exactly which other rooms it imports", () => {
    const wrong = [...actual]
      .filter(([dir, rooms]) => doc.has(dir))
      .filter(([dir, rooms]) => [...rooms].sort().join() !== [...doc.get(dir)!].sort().join())
      .map(
        ([dir, rooms]) =>
          `${dir}: imports ${[...rooms].sort().join(", ") || "nothing"}; the page says ${[...doc.get(dir)!].sort().join(", ") || "nothing"}`,
      );
    expect(wrong).toEqual([]);
  });

  it("holds the layering rules: core imports only lib; lib, client and the sdk import no surface", () => {
    const surfaces = ["src/api", "src/mcp", "src/web", "src/internal", "src/http", "src/demo", "src/import", "workers"];
    for (const [dir, rooms] of actual) {
      if (room(dir) === "src/core")
        expect(
          [...rooms].filter((r) => r !== "src/lib"),
          dir,
        ).toEqual([]);
      if (room(dir) === "src/lib") expect([...rooms], dir).toEqual([]);
      if (room(dir) === "src/client")
        expect(
          [...rooms].filter((r) => surfaces.includes(r)),
          dir,
        ).toEqual([]);
      if (dir.startsWith("src/") && room(dir) !== "src/internal" && room(dir) !== "src")
        expect(rooms.has("src/demo") && room(dir) !== "src/demo", `${dir} imports the demo`).toBe(false);
    }
  });
});
