// The repository's own documentation stays usable as it is pasted and followed: every ```json block of README.md,
// docs/*.md, sdk/README.md and CHANGELOG.md is valid JSON (no comments, no trailing commas); every relative link resolves to a file
// and, when it names a section (#anchor), to a heading of that file (GitHub's heading ids); every repository path the
// README and docs/ name in code exists; every docs/ section a code comment cites exists. Runs with the Node tests
// because it reads files.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { format, resolveConfig } from "prettier";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module of the benchmarks (no types)
import { END, mergeTable, START } from "../bench/table.mjs";

// vitest runs from the repository root (npm test).
const root = process.cwd();
const read = (path: string) => readFileSync(join(root, path), "utf8");
const docs = readdirSync(join(root, "docs"))
  .filter((f) => f.endsWith(".md"))
  .map((f) => `docs/${f}`);
const front = ["README.md", ...docs, "sdk/README.md"];
const markdown = [...front, "CHANGELOG.md"];

/** Fenced code blocks out of the way (links and headings inside them are not links and headings). */
const prose = (text: string) => text.replace(/^(```+|~~~+)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, "");
const withoutCodeSpans = (text: string) => text.replace(/`+[^`\n]*`+/g, "");

/** A heading's text as rendered: code spans, links and emphasis reduced to their text. */
const headingText = (raw: string) =>
  raw
    .replace(/`([^`]*)`/g, "$1")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__|\*|_)(.+?)\1/g, "$2")
    .trim();
const headings = (text: string) =>
  [...prose(text).matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)].map((m) => headingText(m[1]!));

/** GitHub's heading ids: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const h of headings(text)) {
    const base = h
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

describe("json blocks", () => {
  const blocks = markdown.flatMap((file) =>
    [...read(file).matchAll(/^```(json\w*)\n([\s\S]*?)^```/gm)].map((m) => ({ file, lang: m[1]!, body: m[2]! })),
  );

  it("the README has its MCP client configurations as json blocks", () => {
    expect(blocks.filter((b) => b.file === "README.md" && b.body.includes("/v1/mcp")).length).toBeGreaterThanOrEqual(3);
  });

  it.each(blocks.map((b, i) => [`${b.file} #${i}`, b] as const))("%s parses as pasted", (_, b) => {
    expect(b.lang).toBe("json");
    expect(() => JSON.parse(b.body)).not.toThrow();
  });
});

describe("links", () => {
  const links = markdown.flatMap((file) =>
    [...withoutCodeSpans(prose(read(file))).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
      .map((m) => m[1]!)
      .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
      .map((target) => ({ file, target })),
  );

  it("README.md and every docs/ file link to each other", () => {
    for (const file of docs) expect(links.some((l) => l.file === "README.md" && l.target.startsWith(file))).toBe(true);
  });

  it.each(links.map((l) => [`${l.file} → ${l.target}`, l] as const))("%s resolves", (_, { file, target }) => {
    const [path, anchor] = target.split("#") as [string, string | undefined];
    const to = path === "" ? join(root, file) : resolve(dirname(join(root, file)), decodeURIComponent(path));
    expect(to.startsWith(root), "stays inside the repository").toBe(true);
    expect(existsSync(to), `${relative(root, to)} exists`).toBe(true);
    if (anchor !== undefined) {
      expect(statSync(to).isFile() && to.endsWith(".md"), "an anchor points into a markdown file").toBe(true);
      expect([...anchors(readFileSync(to, "utf8"))]).toContain(anchor);
    }
  });
});

describe("repository paths named in the README and docs/", () => {
  const paths = front.flatMap((file) =>
    [...prose(read(file)).matchAll(/`((?:src|workers|test|scripts|migrations|sdk)\/[^`\s]*)`/g)]
      .map((m) => m[1]!)
      .filter((p) => !/[*<>{}…]/.test(p))
      .map((path) => ({ file, path })),
  );

  it("are found", () => expect(paths.length).toBeGreaterThan(50));

  it.each(paths.map((p) => [`${p.file}: ${p.path}`, p] as const))("%s exists", (_, { path }) => {
    expect(existsSync(join(root, path))).toBe(true);
  });
});

describe("code comments cite docs/ sections that exist", () => {
  const sources: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      const path = `${dir}/${name}`;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (/\.(ts|tsx|mjs|js|sql)$/.test(name) && !name.endsWith(".gen.ts")) sources.push(path);
    }
  };
  for (const dir of ["src", "workers", "migrations", "test", "scripts", "sdk/src", "sdk/scripts"]) walk(dir);
  sources.push("wrangler.toml");
  const citations = sources.flatMap((source) =>
    [...read(source).matchAll(/\bdocs\/([\w-]+\.md)(?: "([^"]+)")?/g)].map((m) => ({
      source,
      doc: `docs/${m[1]!}`,
      section: m[2],
    })),
  );

  it("are found", () => expect(citations.length).toBeGreaterThan(40));

  it.each(citations.map((c) => [`${c.source} → ${c.doc} ${c.section ?? ""}`, c] as const))(
    "%s",
    (_, { doc, section }) => {
      expect(existsSync(join(root, doc))).toBe(true);
      if (section !== undefined) expect(headings(read(doc))).toContain(section);
    },
  );

  it("none cites the contract file that lives outside the repository", () => {
    const outside = "CONTRACT" + ".md";
    expect(sources.filter((s) => read(s).includes(outside))).toEqual([]);
  });
});

describe("docs/benchmarks.md", () => {
  const text = read("docs/benchmarks.md");

  it("holds the table npm run bench writes, between one pair of markers", () => {
    expect(text.split(START).length).toBe(2);
    expect(text.split(END).length).toBe(2);
    expect(text.indexOf(START)).toBeLessThan(text.indexOf(END));
  });

  it("a run rewrites only the block between the markers, keeping the rows it did not measure", () => {
    const row = { id: "P7", what: "w", figure: "f", baseline: "b", ratio: "r", target: "t", met: true };
    const at = new Date("2026-11-24T10:00:00Z");
    const out: string = mergeTable(text, { rows: [row], at, command: "ONLY=P7 npm run bench", node: "v22", cores: 2 });
    expect(out.slice(0, out.indexOf(START))).toBe(text.slice(0, text.indexOf(START)));
    expect(out.slice(out.indexOf(END))).toBe(text.slice(text.indexOf(END)));
    const ids = (t: string) =>
      t
        .slice(t.indexOf(START), t.indexOf(END))
        .split("\n")
        .filter((l) => /^\| P\d/.test(l))
        .map((l) => l.split("|")[1]!.trim());
    expect(ids(out).sort()).toEqual(ids(text).sort());
    const p7 = out
      .slice(out.indexOf(START), out.indexOf(END))
      .split("\n")
      .find((l) => /^\| P7 +\|/.test(l))!;
    expect(p7.split("|").map((c) => c.trim())).toEqual([
      "",
      "P7",
      "w",
      "f",
      "b",
      "r",
      "t",
      "yes",
      "2026-11-24 10:00 UTC",
      "",
    ]);
    expect(out).toContain("Last written by `ONLY=P7 npm run bench` on 2026-11-24 10:00 UTC, Node v22, 2 cores.");
  });

  it("a written table is as prettier formats it, so a bench run leaves docs/benchmarks.md prettier-clean", async () => {
    const row = {
      id: "P1",
      what: "a | b <today>",
      figure: "`x|y` 1 µs",
      baseline: "—",
      ratio: "1.00×",
      target: "≤ 1×",
      met: false,
    };
    const at = new Date("2026-11-24T10:00:00Z");
    const out: string = mergeTable(text, { rows: [row], at, command: "ONLY=P1 npm run bench", node: "v22", cores: 2 });
    const options = { ...(await resolveConfig(join(root, "docs/benchmarks.md"))), filepath: "docs/benchmarks.md" };
    expect(await format(out, options)).toBe(out);
  });
});
