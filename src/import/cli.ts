// `npm run import -- PATH...` (docs/data.md "Importing history"): reads openfootball files (or folders of them), and
// imports them into a deployment through its ingest route: the local one by default, another with `--target URL`
// (and INGEST_TOKEN in the environment). Run by scripts/import.mjs under Node.
import { readdirSync, readFileSync, realpathSync, statSync, existsSync } from "node:fs";
import { join, relative } from "node:path";
import { httpTarget, importFiles, type ImportReport, type Progress } from "./run";
import { isImportable } from "./openfootball/convert";

export interface CliOptions {
  paths: string[];
  target: string;
  token: string;
  /** The admin token, optional: with it the report says what the crosswalk made of new club names. */
  adminToken: string;
  force: boolean;
  /** No progress bar, one summary line (npm start). */
  brief: boolean;
}

const USAGE = `usage: npm run import -- [--target URL] [--force] PATH...
  PATH      openfootball files, or folders holding them (data/openfootball)
  --target  the deployment (default: the local server, on PORT as npm start takes it; without PORT, the npm start
            running in this folder, else port 8787); INGEST_TOKEN from the environment,
            or from .dev.vars for a local target (ADMIN_TOKEN too, optional: the report then says what became of
            club names the crosswalk resolved)
  --force   send every file again, even those the deployment's ledger has (ingest still applies only changes)`;

/** Where `npm start` (scripts/start.mjs) records the address it serves on while it runs. */
export const LOCAL_SERVER_FILE = ".wrangler/local-server.json";

/**
 * The local deployment, chosen as `npm start` (scripts/start.mjs) chooses where it serves: 127.0.0.1 on PORT when
 * PORT is set (a port number, 1–65535, else the run stops, as npm start does); without PORT, the `npm start` running
 * in this folder, wherever its PORT put it (so `npm run import` in another terminal follows `PORT=9101 npm start`);
 * else 8787, npm start's default.
 */
export function localTarget(env: NodeJS.ProcessEnv, running = runningStart()): string {
  const raw = env.PORT;
  if (raw === undefined) return running ?? "http://127.0.0.1:8787";
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535)
    throw new Error(`PORT must be a port number (1–65535); got "${raw}".`);
  return `http://127.0.0.1:${port}`;
}

/** The address of the `npm start` running in this folder (LOCAL_SERVER_FILE, its process alive), or undefined. */
export function runningStart(file = LOCAL_SERVER_FILE): string | undefined {
  try {
    const { pid, url } = JSON.parse(readFileSync(file, "utf8")) as { pid: number; url: string };
    try {
      process.kill(pid, 0); // a record left by a start that could not remove it (killed with SIGKILL) names no one
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EPERM") return undefined;
    }
    return /^http:\/\/127\.0\.0\.1:\d+$/.test(url) ? url : undefined;
  } catch {
    return undefined;
  }
}

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv): CliOptions {
  const o: CliOptions = {
    paths: [],
    target: "", // --target, else localTarget(env)
    token: env.INGEST_TOKEN ?? "",
    adminToken: env.ADMIN_TOKEN ?? "",
    force: false,
    brief: false,
  };
  let targetGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--target") {
      o.target = argv[++i] ?? "";
      targetGiven = true;
    } else if (a === "--force") o.force = true;
    else if (a === "--brief") o.brief = true;
    else if (a === "--help" || a === "-h") throw new Error(USAGE);
    else if (a.startsWith("--")) throw new Error(`unknown option ${a}\n${USAGE}`);
    else o.paths.push(a);
  }
  if (o.paths.length === 0) throw new Error(USAGE);
  if (!targetGiven) o.target = localTarget(env);
  if (!/^https?:\/\/[^/]+$/.test(o.target.replace(/\/$/, "")))
    throw new Error(`--target must be a deployment's address, e.g. https://sports.example.com; got "${o.target}"`);
  o.target = o.target.replace(/\/$/, "");
  const local = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(o.target);
  const devVar = (name: string) =>
    local && existsSync(".dev.vars")
      ? (new RegExp(`^${name}=(.*)$`, "m").exec(readFileSync(".dev.vars", "utf8"))?.[1]?.trim() ?? "")
      : "";
  if (!o.token) o.token = devVar("INGEST_TOKEN");
  if (!o.adminToken) o.adminToken = devVar("ADMIN_TOKEN");
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
    } else if (inside.length === 0 && !isImportable(p)) {
      // A file named on the command line: say why it is not read.
      note(
        `${p}: not read: openfootball names a season's file by its folder and code (2015-16/nl.1.json, 2024/euro.json)`,
      );
    }
  };
  for (const p of paths) visit(p, []);
  if (out.length === 0)
    throw new Error(`no openfootball files under ${paths.join(", ")} (docs/data.md "Import another league")`);
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
  for (const f of r.files)
    if (f.league)
      lines.push(
        `new league: ${f.league.id} "${f.league.name}" (${f.league.country}, ${f.league.format}, local times in ${f.league.zone}), from ${f.source}`,
      );
  const folded = r.files.flatMap((f) =>
    f.names.filter((n) => n.via === "alias").map((n) => ({ ...n, source: f.source })),
  );
  if (folded.length) {
    lines.push(`spellings the alias table has only after folding: ${folded.length}`);
    for (const n of folded.slice(0, 10)) lines.push(`  ${n.source}: "${n.name}" is ${n.id}`);
    if (folded.length > 10) lines.push(`  … and ${folded.length - 10} more`);
  }
  if (r.teams.length) {
    const what = {
      new: "a new team",
      existing: "an existing team",
      unresolved: "a new team, marked unresolved for the operator (docs/identity.md)",
      sent: "resolved by the crosswalk (ADMIN_TOKEN would say how)",
    };
    lines.push(`club names resolved by the deployment's crosswalk: ${r.teams.length}`);
    for (const t of r.teams.slice(0, 30)) lines.push(`  ${t.source}: "${t.name}" → ${t.id}: ${what[t.outcome]}`);
    if (r.teams.length > 30) lines.push(`  … and ${r.teams.length - 30} more`);
  }
  const refused = r.files.flatMap((f) => f.refused);
  if (refused.length) {
    lines.push(`refused: ${refused.length} time(s) the file says what cannot be (not imported):`);
    for (const x of refused) lines.push(`  ${x.at}: ${x.match}: ${x.reason}`);
  }
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
    const report = await importFiles(files, httpTarget(o.target, o.token, fetch, o.adminToken), {
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
    const message = (e as Error).message;
    // Nothing listening at a local address: say how it was chosen.
    const hint =
      /fetch failed/.test(message) && /^http:\/\/127\.0\.0\.1:\d+$/.test(o.target)
        ? `\nnothing answers at ${o.target}: is npm start running? Without --target the importer takes PORT as npm ` +
          `start does; without PORT, the npm start running in this folder; else 8787.`
        : "";
    console.error(`npm run import: ${message}${hint}`);
    return 1;
  }
}
