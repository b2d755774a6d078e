// The Worker run directly by workerd through wrangler's createTestHarness (Miniflare underneath, no `wrangler dev`
// proxy in front): what benchmarks should measure. Same interface as test/e2e/worker.ts's startWorker().
import { readdirSync, readFileSync } from "node:fs";
import { createTestHarness, unstable_splitSqlQuery } from "wrangler";
import { demoClients } from "../e2e/worker.ts";

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
  const env = await server.getWorker().getEnv();
  for (const file of readdirSync("migrations")
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    for (const statement of unstable_splitSqlQuery(readFileSync(`migrations/${file}`, "utf8"))) {
      await env.DB.prepare(statement).run();
    }
  }
  return { ...(await demoClients(url.origin, adminToken, ingestToken, false)), stop: () => server.close() };
}
