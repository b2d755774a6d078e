// Starts the real Worker with `wrangler dev` on loopback (fresh local state, test secrets) for Node clients.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RunningWorker {
  base: string;
  ws: string;
  adminToken: string;
  ingestToken: string;
  demoKey: string;
  admin(method: string, path: string, body?: unknown): Promise<Response>;
  ingest(ops: unknown[]): Promise<Response>;
  stop(): Promise<void>;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });

export async function startWorker(
  opts: { simulator?: boolean; vars?: Record<string, string> } = {},
): Promise<RunningWorker> {
  const dir = mkdtempSync(join(tmpdir(), "sports-e2e-"));
  const adminToken = `admin-${crypto.randomUUID()}`;
  const ingestToken = `ingest-${crypto.randomUUID()}`;
  const envFile = join(dir, "test.env");
  writeFileSync(
    envFile,
    `ADMIN_TOKEN=${adminToken}\nINGEST_TOKEN=${ingestToken}\nFEED_TOKEN=\nWEBHOOK_SECRETS_KEY=e2e-${crypto.randomUUID()}\nTOKEN_SEALING_KEY=e2e-${crypto.randomUUID()}\n`,
  );
  const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true" };
  const migrate = spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", dir], {
    env,
    encoding: "utf8",
  });
  if (migrate.status !== 0) throw new Error(`migrations failed: ${migrate.stderr}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      dir,
      "--env-file",
      envFile,
      // Its own address unless a test puts something in front (`vars.PUBLIC_BASE_URL`, e.g. a proxy it can cut).
      ...Object.entries({ PUBLIC_BASE_URL: base, ...opts.vars }).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
      "--show-interactive-dev-session=false",
      "--inspector-port",
      "0",
    ],
    { env, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  // E2E_LOG=1: the Worker's own output on this process's stderr, to debug a test.
  if (process.env.E2E_LOG)
    for (const out of [child.stdout!, child.stderr!]) out.on("data", (d) => process.stderr.write(d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`worker did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const clients = await demoClients(base, adminToken, ingestToken, opts.simulator ?? false);
  return {
    ...clients,
    async stop() {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {}
      await new Promise((r) => setTimeout(r, 300));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Admin and ingest clients for a running Worker, after seeding the demo (with a known key) and setting the
 * simulator. Shared by the e2e tests (wrangler dev) and the benchmarks (workerd via createTestHarness).
 */
export async function demoClients(
  base: string,
  adminToken: string,
  ingestToken: string,
  simulator: boolean,
  scale: "demo" | "bench" = "demo",
) {
  const admin = (method: string, path: string, body?: unknown) =>
    fetch(`${base}/internal/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const demoKey = `sk_test_${"0".repeat(11)}${crypto.randomUUID().replace(/-/g, "")}`;
  const seeded = await admin("POST", "/demo", { demo_api_key: demoKey, scale });
  if (!seeded.ok) throw new Error(`seeding failed: ${seeded.status} ${await seeded.text()}`);
  const { account_id: demoAccountId, matches } = (await seeded.json()) as { account_id: string; matches: number };
  await admin("PUT", "/simulator", { running: simulator });
  return {
    base,
    ws: base.replace("http", "ws"),
    adminToken,
    ingestToken,
    demoKey,
    demoAccountId,
    /** Matches written by this run's seeding (null when today's data was already there). */
    matches,
    admin,
    ingest: (ops: unknown[]) =>
      fetch(`${base}/internal/ingest`, {
        method: "POST",
        headers: { authorization: `Bearer ${ingestToken}`, "content-type": "application/json" },
        body: JSON.stringify({ ops }),
      }),
  };
}
