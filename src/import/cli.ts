// `npm run import -- PATH...` (docs/data.md "Importing history"): reads openfootball files (or folders of them), and
// imports them into a deployment through its ingest route: the local one by default, another with `--target URL`
// (and INGEST_TOKEN in the environment). Run by scripts/import.mjs under Node.
import { readdirSync, readFileSync, realpathSync, statSync, existsSync } from "node:fs";
import { join, relative } from "node:path";
import { httpTarget, importFiles, UnknownNames, type ImportReport, type Progress } from "./run";
import { isImportable } from "./openfootball/convert";

export interface CliOptions {
  paths: string[];
  target: string;
  token: string;
  force: boolean;
  /** No progress bar, one summary line (npm start). */
  brief: boolean;
}

const USAGE = `usage: npm run import -- [--target URL] [--force] PATH...
  PATH      openfootball files, or folders holding them (data/openfootball)
  --target  the deployment (default http://127.0.0.1:$PORT, PORT default 8787); INGEST_TOKEN from the environment,
            or from .dev.vars for a local target
  --force   send every file again, even those the deployment's ledger has (ingest still applies only changes)`;

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv): CliOptions {
  const o: CliOptions = {
    paths: [],
    target: `http://127.0.0.1:${env.PORT ?? 8787}`,
    token: env.INGEST_TOKEN ?? "",
    force: false,
    brief: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--target") o.target = argv[++i] ?? "";
    else if (a === "--force") o.force = true;
    else if (a === "--brief") o.brief = true;
    else if (a === "--help" || a === "-h") throw new Error(USAGE);
    else if (a.startsWith("--")) throw new Error(`unknown option ${a}\n${USAGE}`);
    else o.paths.push(a);
  }
  if (o.paths.length === 0) throw new Error(USAGE);
  if (!/^https?:\/\/[^/]+$/.test(o.target.replace(/\/$/, "")))
    throw new Error(`--target must be a deployment's address, e.g. https://sports.example.com; got "${o.target}"`);
  o.target = o.target.replace(/\/$/, "");
  const local = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(o.target);
  if (!o.token && local && existsSync(".dev.vars"))
    o.token = /^INGEST_TOKEN=(.*)$/m.exec(readFileSync(".dev.vars", "utf8"))?.[1]?.trim() ?? "";
  if (!o.token) throw new Error(`set INGEST_TOKEN to the ingest token of ${o.target}`);
  return o;
}

/**
 * The importable files under `paths`, each once (by its real path). A symbolic link back to a folder the walk is
 * inside of (a loop) is not followed, and `note` says so, instead of recursing until the stack or the path length
 * gives out. Other links are followed: a file's season comes from the folder it is read through.
 */
export function filesUnder(paths: string[], note: (line: string) => void = (l) => console.error(l)) {
  const out: { path: string; text: string }[] = [];
  const read = new Set<string>();
  const visit = (p: string, inside: readonly string[]) => {
    if (!existsSync(p)) throw new Error(`${p}: no such file or folder`);
    const real = realpathSync(p);
    if (statSync(p).isDirectory()) {
      if (inside.includes(real)) return note(`${p}: a link back to ${real}, which holds it: not followed`);
      for (const e of readdirSync(p).sort()) visit(join(p, e), [...inside, real]);
    } else if (p.endsWith(".json") && isImportable(p) && !read.has(real)) {
      read.add(real);
      out.push({ path: relative(process.cwd(), p), text: readFileSync(p, "utf8") });
    }
  };
  for (const p of paths) visit(p, []);
  if (out.length === 0)
    throw new Error(`no openfootball files under ${paths.join(", ")} (docs/data.md "What is imported")`);
  return out;
}

function bar(p: Progress, started: number) {
  const width = 24;
  const done = Math.round((p.filesDone / Math.max(1, p.files)) * width);
  const secs = Math.max(0.001, (Date.now() - started) / 1000);
  return `[${"#".repeat(done)}${"-".repeat(width - done)}] ${p.filesDone}/${p.files} files · ${p.matches} matches · ${Math.round(p.ops / secs)} ops/s · ${p.source}`;
}

export function summary(r: ImportReport, secs: number) {
  const sum = (k: "matches" | "goals" | "players") => r.files.reduce((n, f) => n + f[k], 0);
  if (r.files.length === 0) return `nothing new: ${r.alreadyImported.length} file(s) already imported`;
  const lines = [
    `imported ${r.files.length} file(s) in ${secs.toFixed(1)} s: ${sum("matches")} matches, ${sum("goals")} goals, ${sum("players")} players; ${r.applied} ops applied, ${r.unchanged} unchanged`,
  ];
  if (r.alreadyImported.length) lines.push(`already imported, skipped: ${r.alreadyImported.length} file(s)`);
  const reasons = new Map<string, number>();
  for (const f of r.files) for (const s of f.skipped) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + 1);
  for (const [reason, n] of reasons) lines.push(`not imported: ${n} match(es): ${reason}`);
  const notes = new Map<string, string[]>();
  for (const f of r.files)
    for (const n of f.notes) {
      const kind = n.note.replace(/\d+–\d+/g, "n–n");
      notes.set(kind, [...(notes.get(kind) ?? []), `${f.source}: ${n.match} (${n.note})`]);
    }
  for (const [kind, list] of notes) {
    lines.push(`note: ${list.length} match(es): ${kind}`);
    for (const l of list.slice(0, 3)) lines.push(`  ${l}`);
    if (list.length > 3) lines.push(`  … and ${list.length - 3} more`);
  }
  return lines.join("\n");
}

export async function main(argv: string[]): Promise<number> {
  let o: CliOptions;
  try {
    o = parseArgs(argv, process.env);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const started = Date.now();
  const tty = process.stderr.isTTY && !o.brief;
  try {
    const files = filesUnder(o.paths);
    const report = await importFiles(files, httpTarget(o.target, o.token), {
      force: o.force,
      onProgress: (p) => {
        if (tty) process.stderr.write(`\r\x1b[2K${bar(p, started)}`);
      },
    });
    if (tty) process.stderr.write("\n");
    const secs = (Date.now() - started) / 1000;
    console.log(o.brief ? summary(report, secs).split("\n")[0] : summary(report, secs));
    return 0;
  } catch (e) {
    if (tty) process.stderr.write("\n");
    console.error(
      e instanceof UnknownNames ? `npm run import: ${e.message}` : `npm run import: ${(e as Error).message}`,
    );
    return 1;
  }
}
