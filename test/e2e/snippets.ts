// What the snippet test (snippets.test.ts) needs: the program blocks of the docs with their names, the Node versions
// to run them on, a scratch project that resolves packages from this repository's node_modules, and processes
// watched for what they print.
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";

const root = process.cwd();

/** Languages of blocks that are programs or commands: each needs a `<!-- snippet: name -->` line before it. */
export const PROGRAM_LANGS = new Set([
  "sh",
  "bash",
  "shell",
  "console",
  "js",
  "mjs",
  "javascript",
  "ts",
  "typescript",
  "html",
]);

export interface Block {
  file: string;
  line: number;
  lang: string;
  body: string;
  /** From the `<!-- snippet: name -->` comment right before the block; null when it has none. */
  name: string | null;
}

export function blocks(files: string[]): Block[] {
  return files.flatMap((file) => {
    const text = readFileSync(join(root, file), "utf8");
    return [...text.matchAll(/^```(\w*)[^\n]*\n([\s\S]*?)^```[ \t]*$/gm)].map((m) => {
      const before = text.slice(0, m.index).trimEnd();
      const named = /<!-- snippet: ([\w-]+) -->$/.exec(before);
      return {
        file,
        line: text.slice(0, m.index).split("\n").length,
        lang: m[1]!,
        body: m[2]!,
        name: named ? named[1]! : null,
      };
    });
  });
}

/** Node 22 runs npm's scripts here (the `node` devDependency); Node 20 is the machine's, found on PATH. */
export const NODE22 = join(root, "node_modules/.bin/node");
export const NODE20 = (process.env.PATH ?? "")
  .split(delimiter)
  .filter((dir) => !dir.includes("node_modules"))
  .map((dir) => join(dir, "node"))
  .find((bin) => existsSync(bin) && spawnSync(bin, ["-v"], { encoding: "utf8" }).stdout.startsWith("v20."));
if (!NODE20 && process.env.REQUIRE_NODE20) throw new Error("no Node 20 on PATH: the snippets that claim it cannot run");
if (!NODE20) console.warn("snippet runs on Node 20 skipped: no Node 20 on PATH");

/**
 * A scratch project as a reader's own: `"type": "module"`, a tsconfig as `tsc --init` would start it, and
 * node_modules with this repository's packages (devDependencies: nothing is fetched) and the SDK as installed from
 * its package.
 */
export function scratchProject(): string {
  const dir = mkdtempSync(join(tmpdir(), "snippet-"));
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "my-app", private: true, type: "module", devDependencies: devDependencies() }),
  );
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { module: "nodenext", target: "es2022", strict: true, skipLibCheck: true, outDir: "out" },
    }),
  );
  mkdirSync(join(dir, "node_modules/@sports-data"), { recursive: true });
  for (const entry of readdirSync(join(root, "node_modules")))
    symlinkSync(join(root, "node_modules", entry), join(dir, "node_modules", entry));
  symlinkSync(join(root, "sdk"), join(dir, "node_modules/@sports-data/sdk"));
  return dir;
}

const devDependencies = () =>
  (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { devDependencies: Record<string, string> })
    .devDependencies;

/** Every process a snippet starts: no registry to reach (npx and npm must find what they need locally). */
export const snippetEnv = (extra: Record<string, string> = {}) => ({
  ...process.env,
  npm_config_registry: "http://127.0.0.1:9/",
  npm_config_update_notifier: "false",
  ...extra,
});

export interface Proc {
  readonly output: string;
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  exited(ms?: number): Promise<number | null>;
  kill(): void;
}

const running = new Set<Proc>();
export const killAll = () => {
  for (const p of running) p.kill();
  running.clear();
};

/** Starts a process in its own group; `waitFor` resolves when its stdout matches, and fails with all it printed. */
export function launch(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): Proc {
  const child = spawn(cmd, args, { cwd, env: snippetEnv(env), stdio: ["pipe", "pipe", "pipe"], detached: true });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (err += d));
  let code: number | null | undefined;
  const exit = new Promise<number | null>((resolve) => child.on("exit", (c) => resolve((code = c))));
  const tell = () => `${cmd} ${args.join(" ")}\n--- stdout\n${out}\n--- stderr\n${err}`;
  const proc: Proc = {
    get output() {
      return out;
    },
    async waitFor(pattern, ms = 20_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const m = pattern.exec(out);
        if (m) return m;
        if (code !== undefined) throw new Error(`exited (${code}) without printing ${pattern}: ${tell()}`);
        if (Date.now() > deadline) throw new Error(`no ${pattern} within ${ms} ms: ${tell()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async exited(ms = 20_000) {
      const timer = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), ms));
      const c = await Promise.race([exit, timer]);
      if (c === "timeout") throw new Error(`still running after ${ms} ms: ${tell()}`);
      return c;
    },
    kill() {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {}
    },
  };
  running.add(proc);
  return proc;
}

/** Runs a shell command to its end (bounded) and gives what it printed. */
export async function sh(script: string, cwd: string, env: Record<string, string> = {}, ms = 60_000) {
  const p = launch("bash", ["-c", script], cwd, env);
  const code = await p.exited(ms);
  return { code, output: p.output };
}

/**
 * A shell block's commands one by one: continued lines joined, comment lines dropped; lines that only assign
 * variables (`A=…; J=…`) are kept as the prefix of every later command, as a terminal would keep them.
 */
export function commands(body: string): { assignments: string[]; commands: string[] } {
  const lines = body
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .filter((l) => l.trim() && !l.trim().startsWith("#"));
  const assignments: string[] = [];
  const out: string[] = [];
  for (const l of lines) {
    if (/^(\s*[A-Z_][A-Z0-9_]*=("[^"]*"|'[^']*'|\$\([^)]*\)|\S*);?)+\s*(#.*)?$/.test(l)) assignments.push(l);
    else out.push(l);
  }
  return { assignments, commands: out };
}

export const writeIn = (dir: string, file: string, text: string) => {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), text);
};

/**
 * docs/data.md "Import another league" as a reader runs it, in the clone's directory against a running Worker: the
 * download (no network here) is a copy of the test's own Eredivisie file, and its folder a scratch one. Each command
 * must succeed; what the last one (the import) printed is returned.
 */
export async function importAnotherLeague(
  body: string,
  w: { base: string; ingestToken: string; adminToken: string },
  fixture = join(root, "test/fixtures/openfootball/football.json/2015-16/nl.1.json"),
): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), "openfootball-"));
  const env = { PORT: new URL(w.base).port, INGEST_TOKEN: w.ingestToken, ADMIN_TOKEN: w.adminToken };
  let last = "";
  try {
    for (const line of commands(body).commands) {
      let cmd = line.replaceAll("/tmp/openfootball", folder);
      const download = /^curl .*-o (\S+) https:\/\/raw\.githubusercontent\.com\/openfootball\//.exec(cmd);
      if (download) cmd = `cp "${fixture}" "${download[1]}"`;
      const { code, output } = await sh(cmd, root, env, 300_000);
      if (code !== 0) throw new Error(`${line}: exited ${code}\n${output}`);
      last = output;
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return last;
}
