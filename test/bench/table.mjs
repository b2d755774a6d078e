// The current-figures table of docs/benchmarks.md, written by `npm run bench` between two markers; the rest of the
// file is left alone. A run replaces the rows of the benchmarks it measured (every row of an id, so P4b's sweep rows
// go together) and keeps the others, each dated by its own `run` cell: ONLY=P1 npm run bench updates P1 and leaves P5.
import { readFileSync, writeFileSync } from "node:fs";

export const START = "<!-- bench:table:start -->";
export const END = "<!-- bench:table:end -->";
const COLUMNS = ["id", "what", "ours", "baseline", "ratio (median, min–max)", "target", "met", "run"];

/** A row's `met`: true, false, or null for a row with no target of its own (a floor, shown as "—"). */
export const metCell = (met) => (met === null ? "—" : met ? "yes" : "**no**");

/** P1, P1b, P2 … P10, P11: by number, then suffix. */
const order = (id) => {
  const m = /^P(\d+)(.*)$/.exec(id);
  return m ? [Number(m[1]), m[2]] : [Number.MAX_SAFE_INTEGER, id];
};
const byId = (a, b) => {
  const [na, sa] = order(a.id);
  const [nb, sb] = order(b.id);
  return na - nb || sa.localeCompare(sb);
};

/** One table cell: pipes escaped, and outside code spans `<` and `>` too (`<today>` would be read as an HTML tag). */
const cell = (v) =>
  String(v)
    .replaceAll("|", "\\|")
    .replaceAll("\n", " ")
    .split("`")
    .map((part, i) => (i % 2 === 1 ? part : part.replaceAll("<", "&lt;").replaceAll(">", "&gt;")))
    .join("`");
/** A row's cells, split at the pipes that `cell` did not escape, trimmed. */
const cellsOf = (line) =>
  line
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());

/** Columns as wide as prettier makes them (one per code point: the table holds no wide characters). */
const width = (s) => [...s].length;
function render(rows) {
  const widths = rows[0].map((_, i) => Math.max(3, ...rows.map((r) => width(r[i] ?? ""))));
  const line = (cells) => `| ${cells.map((c, i) => c + " ".repeat(widths[i] - width(c))).join(" | ")} |`;
  return [line(rows[0]), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...rows.slice(1).map(line)];
}

/** The table's rows as they stand in `block`: { id, cells } for each data row (header and separator skipped). */
function existingRows(block) {
  return block
    .split("\n")
    .filter((l) => l.trimStart().startsWith("|"))
    .map((l) => cellsOf(l))
    .map((cells) => ({ id: cells[0], cells }))
    .filter((r) => r.id !== "id" && !/^:?-+:?$/.test(r.id));
}

/**
 * `markdown` with the block between the markers replaced: a line naming this run (date, command, Node, cores), then
 * the table of this run's rows and the earlier rows of benchmarks it did not measure. Throws if the markers are
 * missing, so a run never writes a table somewhere nobody reads it.
 */
export function mergeTable(markdown, { rows, at, command, node, cores }) {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`the markers ${START} and ${END} are missing`);
  const when = `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const measured = new Set(rows.map((r) => r.id));
  const kept = existingRows(markdown.slice(start + START.length, end)).filter((r) => !measured.has(r.id));
  const fresh = rows.map((r) => ({
    id: r.id,
    cells: [r.id, r.what, r.figure, r.baseline, r.ratio, r.target, metCell(r.met), when].map(cell),
  }));
  const all = [...fresh, ...kept].sort(byId);
  // Blank lines around the block and the columns padded, as prettier leaves them: a written file is prettier-clean.
  const block = [
    "",
    "",
    `Last written by \`${command}\` on ${when}, Node ${node}, ${cores} cores. Rows that run did not measure are kept ` +
      "from earlier runs; the `run` column dates each row.",
    "",
    ...render([COLUMNS, ...all.map((r) => r.cells)]),
    "",
    "",
  ].join("\n");
  return markdown.slice(0, start + START.length) + block + markdown.slice(end);
}

/** The command line that reproduces this run: the environment knobs that were set, then `npm run bench`. */
export function benchCommand(env = process.env) {
  const knobs = [
    "ONLY",
    "ROUNDS",
    "SCALE_SOCKETS",
    "SCALE_N",
    "SCALE_RAW",
    "SOCKETS",
    "UPDATES",
    "SECONDS",
    "SEQUENTIAL",
    "CALLS",
    "SUBSCRIBERS",
    "COMMITS",
    "ENDPOINTS",
    "P11_SAMPLES",
    "CLIENTS_PER_PROCESS",
  ];
  const set = knobs.filter((k) => env[k] !== undefined && env[k] !== "").map((k) => `${k}=${env[k]}`);
  // lib.mjs sets it to "false" for every run; only the non-default measurement is part of the command.
  if (env.X_LOCAL_OBSERVABILITY === "true") set.push("X_LOCAL_OBSERVABILITY=true");
  return [...set, "npm run bench"].join(" ");
}

/** Rewrites the table in the file at `path` (docs/benchmarks.md) from this run's rows. */
export function writeTable(path, run) {
  writeFileSync(path, mergeTable(readFileSync(path, "utf8"), run));
}
