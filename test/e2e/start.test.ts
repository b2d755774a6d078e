// `npm start` (scripts/start.mjs) in a copy of the project: every input is checked before anything starts, and on
// Ctrl-C, or SIGTERM to its pid or to npm's, nothing it started (npx, wrangler, workerd) outlives it; `npm run import`
// finds it on its PORT.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
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
    expect(run.out.stdout).toMatch(/applied \d+ migration\(s\) to the local D1: 0001_init … 0019_replays/);
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
    await historyToBrowse(port, key);
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

// What a process manager does: signal the pid it started (npm start's, or the script's when it runs node directly),
// and expect the service gone. The bound is the issue's: everything stopped and the port free within 5 s.
describe("npm start stops wholly when its pid is signalled", () => {
  const STOPPED_WITHIN_MS = 5_000;
  type Env = Record<string, string | undefined>;
  const childEnv = (env: Env): Env => ({
    ...process.env,
    PATH: `${join(root, "node_modules/.bin")}:${process.env.PATH}`,
    SIMULATOR: "off",
    DEMO_API_KEY: `sk_test_${"7".repeat(43)}`, // the key of the starts above, kept in the same local D1
    ...env,
  });
  /** Output collected, and the exit, of a child run in the project copy. */
  function run(cmd: string, args: string[], env: Env) {
    const child = spawn(cmd, args, { cwd: project, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
    const out = { stdout: "", stderr: "" };
    child.stdout!.on("data", (d) => (out.stdout += d));
    child.stderr!.on("data", (d) => (out.stderr += d));
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
      child.once("exit", (code, signal) => r({ code, signal })),
    );
    return { child, out, exit };
  }
  async function banner(r: ReturnType<typeof run>) {
    const deadline = Date.now() + 150_000;
    while (!r.out.stdout.includes("Sports data service running at")) {
      if (r.child.exitCode !== null || r.child.signalCode !== null || Date.now() > deadline)
        throw new Error(`no banner:\n${r.out.stdout}\n${r.out.stderr}`);
      await new Promise((res) => setTimeout(res, 250));
    }
  }
  const ps = () =>
    execFileSync("ps", ["-eo", "pid=,ppid=,pgid=,stat=,args="], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map((l) => {
        const [pid, ppid, pgid, stat, ...args] = l.trim().split(/\s+/);
        return { pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid), stat: stat!, args: args.join(" ") };
      });
  /** Every process below `pid`, and `pid`, with the process groups they lead (not this test's own group). */
  function everythingBelow(pid: number) {
    const rows = ps();
    const pids = new Set([pid]);
    for (let grew = true; grew;) {
      grew = false;
      for (const r of rows) if (pids.has(r.ppid) && !pids.has(r.pid)) (pids.add(r.pid), (grew = true));
    }
    const own = rows.find((r) => r.pid === process.pid)!.pgid;
    const groups = new Set(rows.filter((r) => pids.has(r.pid) && r.pgid !== own).map((r) => r.pgid));
    return { pids, groups };
  }
  /** Those still running (a zombie, state Z, has exited and holds nothing). */
  const left = ({ pids, groups }: ReturnType<typeof everythingBelow>) =>
    ps()
      .filter((r) => (pids.has(r.pid) || groups.has(r.pgid)) && !r.stat.startsWith("Z"))
      .map((r) => `${r.pid} ${r.args}`);
  /** Polls until nothing of `below` runs and the port takes a listener; how long that took, or what is left. */
  async function stoppedWithin(below: ReturnType<typeof everythingBelow>, port: number, since: number) {
    for (;;) {
      const running = left(below);
      const free = running.length === 0 && (await portIsFree(port));
      if (free) return { ms: Date.now() - since, running: [] as string[] };
      if (Date.now() - since > STOPPED_WITHIN_MS) return { ms: Date.now() - since, running, free };
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const serverFile = () => join(project, ".wrangler/local-server.json");

  it("SIGTERM to the start script's pid: everything stopped and the port free within 5 s; npm run import found it on its PORT meanwhile", async () => {
    const port = await freePort();
    const start = run(process.execPath, ["scripts/start.mjs"], childEnv({ PORT: String(port) }));
    await banner(start);
    // While it runs, it says where: `npm run import` in another terminal, without PORT, imports into it.
    expect(JSON.parse(readFileSync(serverFile(), "utf8"))).toEqual({
      pid: start.child.pid,
      port,
      url: `http://127.0.0.1:${port}`,
    });
    // INGEST_TOKEN from the copy's .dev.vars, as for a user; PORT only where said.
    const importer = (env: Env) =>
      run("npm", ["run", "import", "--", "data/openfootball"], {
        ...childEnv({ PORT: undefined, INGEST_TOKEN: undefined }),
        ...env,
      });
    // The script shows every request line from 1 s after its banner (before, the set-up's own are held back).
    await new Promise((r) => setTimeout(r, 2_000));
    const seen = start.out.stdout.length;
    const asPasted = importer({});
    expect(await within(asPasted.exit, 120_000, "npm run import")).toEqual({ code: 0, signal: null });
    expect(asPasted.out.stdout).toMatch(/nothing new: \d+ file\(s\) already imported|imported \d+ file\(s\)/);
    // It was this start that answered: its log shows the ledger read.
    await expect
      .poll(() => start.out.stdout.slice(seen), { timeout: 5_000 })
      .toMatch(/GET \/internal\/ingest\/imports 200/);
    // PORT, read as npm start reads it.
    const withPort = importer({ PORT: String(port) });
    expect(await within(withPort.exit, 120_000, "PORT=… npm run import")).toEqual({ code: 0, signal: null });
    const badPort = importer({ PORT: "http" });
    expect((await within(badPort.exit, 60_000, "PORT=http npm run import")).code).toBe(2);
    expect(badPort.out.stderr).toContain('PORT must be a port number (1–65535); got "http".');

    const below = everythingBelow(start.child.pid!);
    expect(left(below).some((l) => l.includes("workerd"))).toBe(true);
    const signalled = Date.now();
    start.child.kill("SIGTERM");
    const stopped = await stoppedWithin(below, port, signalled);
    expect(stopped.running).toEqual([]);
    expect(stopped.ms).toBeLessThan(STOPPED_WITHIN_MS);
    expect(await within(start.exit, 1_000, "exit")).toEqual({ code: 143, signal: null });
    expect(existsSync(serverFile())).toBe(false); // no stale address for the importer
  }, 400_000);

  // npm passes SIGINT and SIGTERM to its script's process: package.json's start is `exec node scripts/start.mjs`, so
  // that is the script itself (under a plain `node …` it would be the shell, which dies of SIGTERM without passing it
  // on, and defers SIGINT while its child runs: nothing would stop). SIGKILL to npm leaves the script orphaned: it
  // notices npm has gone and stops on its own.
  it.each(["SIGINT", "SIGTERM", "SIGKILL"] as const)(
    "%s to npm start's own pid: everything stopped and the port free within 5 s",
    async (signal) => {
      const port = await freePort();
      const npm = run("npm", ["start"], childEnv({ PORT: String(port) }));
      await banner(npm);
      const below = everythingBelow(npm.child.pid!);
      const script = ps().find((r) => below.pids.has(r.pid) && r.args.includes("scripts/start.mjs"));
      expect(script, "the start script runs below npm").toBeDefined();
      expect(left(below).some((l) => l.includes("workerd"))).toBe(true);
      const signalled = Date.now();
      npm.child.kill(signal);
      const stopped = await stoppedWithin(below, port, signalled);
      expect(stopped.running).toEqual([]);
      expect(stopped.ms).toBeLessThan(STOPPED_WITHIN_MS);
      if (signal === "SIGKILL") expect(npm.out.stderr).toContain("npm start: npm, which ran this script, has exited");
      expect(existsSync(serverFile())).toBe(false);
    },
    400_000,
  );
});

/**
 * History to browse (issue 49), on what the first start imported: a club absent from the current season answers
 * with its seasons; two clubs' every meeting the files hold; a past season as a match list; a tournament's scorers
 * from its timelines.
 */
async function historyToBrowse(port: number, key: string) {
  const get = async (path: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { "x-api-key": key } });
    expect(res.status, path).toBe(200);
    return (await res.json()) as any;
  };
  const leicester = await get("/v1/football/teams/tm_fb_leicester-city");
  expect(leicester.name).toBe("Leicester City");
  expect(leicester.seasons).toContainEqual({ league_id: "lg_fb_eng1", season: "2015/16" });
  // Every Arsenal–Chelsea league meeting in the bundled Premier League files.
  const files = readdirSync(join(root, "data/openfootball/football.json")).filter((d) => /^\d{4}-\d{2}$/.test(d));
  let meetings = 0;
  for (const season of files) {
    const path = join(root, "data/openfootball/football.json", season, "en.1.json");
    if (!existsSync(path)) continue;
    const file = JSON.parse(readFileSync(path, "utf8")) as {
      matches?: { team1: string; team2: string; score?: { ft?: number[] } }[];
    };
    for (const m of file.matches ?? [])
      if (m.score?.ft && [m.team1, m.team2].every((t) => /^(Arsenal|Chelsea)( FC)?$/.test(t)) && m.team1 !== m.team2)
        meetings++;
  }
  expect(meetings).toBeGreaterThanOrEqual(20);
  const h2h = await get("/v1/football/teams/tm_fb_arsenal/h2h?opponent=tm_fb_chelsea&limit=50");
  expect(h2h.summary.played).toBe(meetings);
  expect(h2h.matches).toHaveLength(meetings);
  const season = await get("/v1/football/matches?league_id=lg_fb_eng1&season=2015/16&limit=200");
  expect(season.total).toBe(380);
  const scorers = await get("/v1/football/leagues/lg_fb_wc/leaders?stat=goals&season=2022/23");
  expect(scorers.data[0]).toMatchObject({ rank: 1, player: "Kylian Mbappé", value: 8 });
}
