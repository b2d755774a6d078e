// `npm run import` on a folder: every openfootball file under it once, and a symbolic link that loops back is said,
// not followed for ever (issue 47: the walk recursed until it failed). Node, no Worker needed.
import { mkdirSync, mkdtempSync, copyFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder } from "../../src/import/cli";

describe("the importer's walk over folders", () => {
  it("a link back to a folder the walk is in is reported and not followed; each file is read once", () => {
    const root = mkdtempSync(join(tmpdir(), "import-walk-"));
    const season = join(root, "football.json", "2015-16");
    mkdirSync(season, { recursive: true });
    copyFileSync("data/openfootball/football.json/2015-16/en.1.json", join(season, "en.1.json"));
    symlinkSync(root, join(season, "loop")); // …/2015-16/loop → the root: a cycle
    symlinkSync(season, join(root, "again")); // a second way to the same folder
    const notes: string[] = [];
    const files = filesUnder([root], (l) => notes.push(l));
    expect(files.map((f) => f.path.split("/").slice(-3).join("/"))).toEqual(["football.json/2015-16/en.1.json"]);
    expect(notes).toHaveLength(2); // the loop, met once by each way into the season's folder
    expect(notes.join("\n")).toMatch(/loop: a link back to .*, which holds it: not followed/);
  });
});
