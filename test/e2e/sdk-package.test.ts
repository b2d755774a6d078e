// `npm pack` of sdk/ gives an installable package with types: the tarball holds the compiled JavaScript and the
// declarations (not the sources), and a fresh project that installs it can import it and is type-checked by it.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = process.cwd();
const dir = mkdtempSync(join(tmpdir(), "sdk-pack-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

describe("the SDK package", () => {
  let tarball = "";

  it("packs dist/*.js with their .d.ts, the documents and the README, and no sources", () => {
    // prepack compiles sdk/src with the repository's TypeScript.
    const [packed] = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", dir], join(root, "sdk"))) as {
      filename: string;
      files: { path: string }[];
    }[];
    tarball = join(dir, packed!.filename);
    const files = packed!.files.map((f) => f.path);
    expect(files).toEqual(
      expect.arrayContaining([
        "package.json",
        "README.md",
        "openapi.json",
        "dist/index.js",
        "dist/index.d.ts",
        "dist/live/websocket.js",
        "dist/live/sse.d.ts",
        "dist/generated/schema.d.ts",
      ]),
    );
    expect(files.filter((f) => f.startsWith("src/") || f.startsWith("scripts/"))).toEqual([]);
  });

  it("installs into a fresh project, imports in Node and type-checks its caller", () => {
    const app = join(dir, "app");
    mkdirSync(app);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
    // openapi-fetch, its one dependency, comes from npm's cache when it is there (`npm ci` of this repository put it).
    run("npm", ["install", tarball, "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"], app);
    const loaded = run(
      process.execPath,
      ["-e", 'import("@sports-data/sdk").then((m) => console.log(Object.keys(m).sort().join()))'],
      app,
    );
    expect(loaded.trim()).toBe("ReplayError,StreamError,createSportsClient,credential");

    writeFileSync(
      join(app, "caller.ts"),
      [
        'import { createSportsClient, type MatchListItem, type StreamMessage } from "@sports-data/sdk";',
        'const sports = createSportsClient({ baseUrl: "http://127.0.0.1:8787", apiKey: "sk_test_x" });',
        'const { data } = await sports.GET("/v1/football/matches", { params: { query: { status: "live" } } });',
        "const items: MatchListItem[] = data?.data ?? [];",
        'sports.match(items[0]?.id ?? "", { since: items[0]?.seq, onMessage: (m: StreamMessage) => m.seq });',
        "// @ts-expect-error the types came with the package: an unknown path is refused",
        'await sports.GET("/v1/cricket/matches");',
        "",
      ].join("\n"),
    );
    const tsc = join(root, "node_modules/.bin/tsc");
    const flags = ["--noEmit", "--strict", "--module", "nodenext", "--target", "es2022", "--lib", "es2022,dom"];
    expect(run(tsc, [...flags, "caller.ts"], app)).toBe("");
  });
});
