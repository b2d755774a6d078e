// `npm start` (scripts/start.mjs) in a copy of the project: every input is checked before anything starts, and on
// Ctrl-C nothing it started (npx, wrangler, workerd) outlives it.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer, type AddressInfo, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = process.cwd();
let project: string;

beforeAll(() => {
  // A copy, so the test's local D1 and .dev.vars are not the developer's.
  project = mkdtempSync(join(tmpdir(), "npm-start-"));
  for (const f of [
    "package.json",
    "wrangler.toml",
    "tsconfig.json",
    ".dev.vars.example",
    "src",
    "workers",
    "migrations",
    "scripts",
    "data",
  ])
    cpSync(join(root, f), join(project, f), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(project, "node_modules"));
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

const listen = (port = 0) =>
  new Promise<Server>((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(port, "127.0.0.1", () => resolve(s));
  });
const freePort = async () => {
  const s = await listen();
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
};
const portIsFree = (port: number) =>
  listen(port).then(
    (s) => new Promise<boolean>((r) => s.close(() => r(true))),
    () => false,
  );

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: project,
    env: { ...process.env, PATH: `${join(root, "node_modules/.bin")}:${process.env.PATH}`, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const out = { stdout: "", stderr: "" };
  child.stdout!.on("data", (d) => (out.stdout += d));
  child.stderr!.on("data", (d) => (out.stderr += d));
  const exit = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  return { child, out, exit };
}

const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: over ${ms} ms`)), ms)),
  ]);

/** Process groups of everything below `pid` (wrangler dev runs in its own). */
function groupsBelow(pid: number): Set<number> {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,pgid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number, number]);
  const below = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [p, pp] of rows) if (below.has(pp) && !below.has(p)) (below.add(p), (grew = true));
  }
  const own = Number(execFileSync("ps", ["-o", "pgid=", "-p", String(process.pid)], { encoding: "utf8" }).trim());
  return new Set(
    rows
      .filter(([p]) => below.has(p) && p !== pid)
      .map(([, , g]) => g)
      .filter((g) => g !== own),
  );
}
/** Processes of those groups still running (a zombie, state Z, has exited and holds nothing). */
const alive = (groups: Set<number>) =>
  execFileSync("ps", ["-eo", "pgid=,stat=,args="], { encoding: "utf8" })
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .filter(([g, stat]) => groups.has(Number(g)) && !stat!.startsWith("Z"))
    .map((cols) => cols.join(" "));

describe("npm start", () => {
  it("a bad DEMO_API_KEY stops it before anything starts, with the reason; the port stays free", async () => {
    const port = await freePort();
    const run = start({ PORT: String(port), DEMO_API_KEY: "sk_test_tooshort" });
    expect(await within(run.exit, 15_000, "exit")).toBe(1);
    expect(run.out.stderr).toContain("DEMO_API_KEY must be sk_test_ followed by 43 letters and digits");
    expect(run.out.stderr).not.toContain("sk_test_tooshort"); // a key is not echoed whole
    expect(existsSync(join(project, ".wrangler/state"))).toBe(false); // no migration ran
    expect(await portIsFree(port)).toBe(true);
  });

  it.each([
    [{ PORT: "http" }, 'PORT must be a port number (1–65535); got "http".'],
    [{ SIMULATOR: "yes" }, 'SIMULATOR must be "on" or "off"; got "yes".'],
  ])("checks %o before anything starts", async (env, message) => {
    const run = start(env);
    expect(await within(run.exit, 15_000, "exit")).toBe(1);
    expect(run.out.stderr).toContain(message);
    expect(existsSync(join(project, ".wrangler/state"))).toBe(false);
  });

  it("a port already in use is named before wrangler starts", async () => {
    const taken = await listen();
    const port = (taken.address() as AddressInfo).port;
    try {
      const run = start({ PORT: String(port) });
      expect(await within(run.exit, 15_000, "exit")).toBe(1);
      expect(run.out.stderr).toContain(`port ${port} on 127.0.0.1 is in use`);
    } finally {
      await new Promise((r) => taken.close(r));
    }
  });

  it("a start serves real history (imported once) and stops wholly on Ctrl-C; a second start imports nothing", async () => {
    const port = await freePort();
    const key = `sk_test_${"7".repeat(43)}`;
    const run: { child: ChildProcess; out: { stdout: string; stderr: string }; exit: Promise<number | null> } = start({
      PORT: String(port),
      SIMULATOR: "off",
      DEMO_API_KEY: key,
    });
    const deadline = Date.now() + 120_000;
    while (!run.out.stdout.includes("Sports data service running at")) {
      if (run.child.exitCode !== null || Date.now() > deadline)
        throw new Error(`no banner:\n${run.out.stdout}\n${run.out.stderr}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(run.out.stdout).toContain(`Demo API key: ${key}`);
    // The set-up's requests and wrangler's bindings table are held back: the banner is not buried (it was ~430
    // lines down).
    const before = run.out.stdout.slice(0, run.out.stdout.indexOf("Sports data service running at"));
    expect(before.split("\n").length).toBeLessThan(60);
    expect(before).not.toMatch(/\/internal\/ingest|"msg":"request"|^env\./m);
    expect(run.out.stdout).toMatch(/\(\d{3} lines of set-up requests and wrangler's bindings table not shown/);
    expect(run.out.stdout).toContain(`API reference: http://127.0.0.1:${port}/docs`);
    // The migrations in one line, not wrangler's table after each one.
    expect(run.out.stdout).toMatch(/applied \d+ migration\(s\) to the local D1: 0001_init … 0017_indexes/);
    expect(run.out.stdout.match(/0003_oauth\.sql/g) ?? []).toHaveLength(0);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    // The first start imported the bundled real history; the simulated leagues say so, the imported ones are real.
    expect(run.out.stdout).toMatch(/Real history \(openfootball, public domain\): imported 62 file\(s\)/);
    const leagues = (await (
      await fetch(`http://127.0.0.1:${port}/v1/football/leagues`, { headers: { "x-api-key": key } })
    ).json()) as { data: { id: string; simulated: boolean; coverage: { events: boolean } }[] };
    const byId = new Map(leagues.data.map((l) => [l.id, l]));
    expect(byId.get("lg_fb_eng1")).toMatchObject({ simulated: true });
    expect(byId.get("lg_fb_wc")).toMatchObject({ simulated: false, coverage: { events: true } });
    const pl1516 = (await (
      await fetch(`http://127.0.0.1:${port}/v1/football/matches?league_id=lg_fb_eng1&date=2016-05-15&limit=20`, {
        headers: { "x-api-key": key },
      })
    ).json()) as { data: { home_team: string; away_team: string; home_score: number; away_score: number }[] };
    // The last day of 2015/16: Chelsea 1–1 Leicester City, the champions.
    expect(pl1516.data).toContainEqual(
      expect.objectContaining({ home_team: "Chelsea", away_team: "Leicester City", home_score: 1, away_score: 1 }),
    );
    const groups = groupsBelow(run.child.pid!);
    expect(groups.size).toBeGreaterThan(0);
    expect(alive(groups).some((l) => l.includes("workerd"))).toBe(true);

    run.child.kill("SIGINT");
    expect(await within(run.exit, 20_000, "exit after SIGINT")).toBe(130);
    // A process SIGKILLed a moment ago may still be tearing down (state R, no command line): give it a moment.
    await expect.poll(() => alive(groups), { timeout: 5000 }).toEqual([]);
    expect(await portIsFree(port)).toBe(true);

    // A second start imports nothing.
    const again = start({ PORT: String(port), SIMULATOR: "off", DEMO_API_KEY: key });
    const until = Date.now() + 120_000;
    while (!again.out.stdout.includes("Sports data service running at")) {
      if (again.child.exitCode !== null || Date.now() > until)
        throw new Error(`no banner:\n${again.out.stdout}\n${again.out.stderr}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(again.out.stdout).toContain(
      "Real history (openfootball, public domain): nothing new: 62 file(s) already imported",
    );
    expect(again.out.stdout).toContain("the local D1 is up to date (no migration to apply)");
    again.child.kill("SIGINT");
    expect(await within(again.exit, 20_000, "exit after SIGINT")).toBe(130);
  }, 300_000);
});
