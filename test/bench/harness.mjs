// The Worker run directly by workerd through wrangler's createTestHarness (Miniflare underneath, no `wrangler dev`
// proxy in front): what benchmarks should measure. Same interface as test/e2e/worker.ts's startWorker().
import { readdirSync, readFileSync } from "node:fs";
import { createTestHarness, unstable_splitSqlQuery } from "wrangler";

export async function startHarness(opts = {}) {
  const adminToken = `admin-${crypto.randomUUID()}`;
  const ingestToken = `ingest-${crypto.randomUUID()}`;
  const server = createTestHarness({
    workers: [
      {
        configPath: "./wrangler.toml",
        secrets: { ADMIN_TOKEN: adminToken, INGEST_TOKEN: ingestToken, FEED_TOKEN: "" },
        vars: { ...(opts.vars ?? {}) },
      },
    ],
  });
  const { url } = await server.listen();
  const base = url.origin;
  const env = await server.getWorker().getEnv();
  for (const file of readdirSync("migrations")
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    for (const statement of unstable_splitSqlQuery(readFileSync(`migrations/${file}`, "utf8"))) {
      await env.DB.prepare(statement).run();
    }
  }
  const admin = (method, path, body) =>
    fetch(`${base}/internal/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const demoKey = `sk_test_${"0".repeat(11)}${crypto.randomUUID().replace(/-/g, "")}`;
  const seeded = await admin("POST", "/demo", { demo_api_key: demoKey });
  if (!seeded.ok) throw new Error(`seeding failed: ${seeded.status} ${await seeded.text()}`);
  await admin("PUT", "/simulator", { running: false });
  return {
    base,
    ws: base.replace("http", "ws"),
    demoKey,
    admin,
    ingest: (ops) =>
      fetch(`${base}/internal/ingest`, {
        method: "POST",
        headers: { authorization: `Bearer ${ingestToken}`, "content-type": "application/json" },
        body: JSON.stringify({ ops }),
      }),
    stop: () => server.close(),
  };
}
