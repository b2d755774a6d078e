// Property-based fuzzing of the operator API's webhook routes: any body, any id, any method answers < 500 with
// problem+json on errors, and a rejected write changes nothing. Secrets never reach the logs or the tables in clear.
import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { admin } from "../../helpers/admin";
import { createWebhook, fakeReceivers, RECEIVER, waitFor, attempts } from "../../helpers/webhooks";

const receivers = fakeReceivers();
const lines: string[] = [];
beforeAll(() => {
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
      original(...args);
    });
  }
});
afterAll(() => (receivers.restore(), vi.restoreAllMocks()));

const { id: accountId } = (await (await admin("POST", "/accounts", { email: "wh-fuzz@example.com" })).json()) as {
  id: string;
};
const existing = await createWebhook(accountId, { url: `${RECEIVER}/fuzz` });

const fingerprint = async () =>
  JSON.stringify(
    await env.DB.prepare(
      "SELECT (SELECT count(*) FROM webhook_endpoints) n, (SELECT group_concat(id || url || coalesce(events, '') || enabled || coalesce(description, '') || secret) FROM webhook_endpoints) s",
    ).first(),
  );

const SEED = Number(env.FUZZ_SEED) || Date.now();
const json = fc.oneof(
  fc.record(
    {
      url: fc.oneof(
        fc.constantFrom(`${RECEIVER}/ok`, "https://example.com/x", "http://10.0.0.1/", "javascript:alert(1)", ""),
        fc.webUrl(),
        fc.string(),
      ),
      events: fc.oneof(
        fc.constant(null),
        fc.array(fc.constantFrom("match.finished", "standings.updated", "nope", "")),
        fc.string(),
      ),
      description: fc.oneof(fc.string({ maxLength: 300 }), fc.constant(null), fc.integer()),
      enabled: fc.oneof(fc.boolean(), fc.string(), fc.constant(null)),
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
);
const body = fc.oneof(
  json.map((x) => JSON.stringify(x) ?? "null"),
  fc.string(),
  fc.constant("x".repeat(100_000)),
);
const target = fc.oneof(
  fc.constant({ method: "POST", path: `/accounts/${accountId}/webhooks` }),
  // Not DELETE of the live endpoint: it would leave nothing for the rest of the run to change.
  fc.constantFrom("PATCH", "GET", "PUT").map((method) => ({ method, path: `/webhooks/${existing.id}` })),
  fc
    .tuple(
      fc.constantFrom("POST", "GET", "PATCH"),
      fc.string({ maxLength: 80 }),
      fc.constantFrom("", "/test", "/rotate-secret", "/attempts"),
    )
    .map(([method, id, tail]) => ({ method, path: `/webhooks/${encodeURIComponent(id)}${tail}` })),
  fc.string({ maxLength: 40 }).map((id) => ({ method: "POST", path: `/accounts/${encodeURIComponent(id)}/webhooks` })),
);

describe(`webhook admin API fuzzing (seed ${SEED})`, { timeout: 120_000 }, () => {
  it("bodies × ids × methods: < 500, problem+json on errors, a rejected write changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(target, body, async (t, b) => {
        const before = await fingerprint();
        const res = await exports.default.fetch(`http://127.0.0.1:8787/internal/admin${t.path}`, {
          method: t.method,
          headers: { authorization: `Bearer ${env.ADMIN_TOKEN}`, "content-type": "application/json" },
          body: t.method === "GET" ? undefined : b,
        });
        const what = `${t.method} ${t.path} ${b.slice(0, 120)} → ${res.status}`;
        expect(res.status, what).toBeLessThan(500);
        if (res.status >= 400) {
          expect(res.headers.get("content-type"), what).toContain("application/problem+json");
          await res.arrayBuffer();
          expect(await fingerprint(), what).toBe(before);
        } else await res.arrayBuffer();
      }),
      { seed: SEED, numRuns: 150, examples: [] },
    );
  });
});

describe("webhook secrets", () => {
  it("appear in no log line and in no stored value, through create, rotate, deliveries and failures", async () => {
    const made = await createWebhook(accountId, { url: `${RECEIVER}/secret` });
    const rotated = (await (await admin("POST", `/webhooks/${made.id}/rotate-secret`)).json()) as { secret: string };
    receivers.on("/secret", () => new Response("no", { status: 500 }));
    await admin("POST", `/webhooks/${made.id}/test`);
    await waitFor(
      () => attempts(made.id),
      (a) => a.length > 0,
    );
    const secrets = [made.secret, rotated.secret, existing.secret];
    for (const secret of secrets) {
      const body = secret.slice("whsec_".length);
      for (const l of lines) expect(l.includes(body), "a log line holds a secret").toBe(false);
      const tables = await env.DB.prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'webhook_%'",
      ).all<{ name: string }>();
      for (const { name } of tables.results) {
        const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>();
        for (const row of rows.results)
          for (const v of Object.values(row)) expect(String(v).includes(body), `${name} stores a secret`).toBe(false);
      }
    }
  });
});
