// Secrets never leak: every log line the Worker writes while keys, passwords, OAuth tokens and the shared secrets
// are used (valid, invalid, in headers and in ?api_key=) and every text value stored in D1 and KV are searched for them.
import { env, exports } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { generateKey } from "../../src/core/auth/keys";
import { admin, createKey } from "../helpers/admin";
import { Agent, signedUp } from "../helpers/browser";
import { tokensFor } from "../helpers/oauth";
import { get, seed } from "../helpers/seed";

const lines: string[] = [];
const PASSWORD = "leak-test correct horse";
const secrets: string[] = [env.ADMIN_TOKEN, env.INGEST_TOKEN, PASSWORD];

beforeAll(() => {
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
      original(...args);
    });
  }
});
afterAll(() => vi.restoreAllMocks());

describe("secrets in logs and storage", () => {
  it("no raw key, password, token or shared secret appears in any log line or D1 value", async () => {
    const s = await seed(["eng1"]);
    const made = await createKey(s.accountId, undefined, "leak test");
    const revoked = await createKey(s.accountId, undefined, "revoked");
    await admin("DELETE", `/keys/${revoked.id}`);
    const unknown = generateKey("sk_test_");
    secrets.push(s.key, made.key, revoked.key, unknown);

    // The key transports, valid and not, on routes that succeed, fail and crash into validation.
    for (const key of [s.key, made.key, revoked.key, unknown, "sk_test_short"]) {
      await get("/v1/football/matches?limit=5", key);
      await get("/v1/football/matches?limit=0", key);
      await exports.default.fetch(`http://127.0.0.1:8787/v1/football/leagues?api_key=${key}`);
      await exports.default.fetch("http://127.0.0.1:8787/v1/football/leagues", {
        headers: { authorization: `Bearer ${key}` },
      });
      await exports.default.fetch(`http://127.0.0.1:8787/v1/ws/live?api_key=${key}`, {
        headers: { upgrade: "websocket" },
      });
      await exports.default.fetch("http://127.0.0.1:8787/v1/mcp", {
        method: "POST",
        headers: {
          "x-api-key": key,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
    }
    // Shared secrets, right and wrong.
    await exports.default.fetch("http://127.0.0.1:8787/internal/ingest", {
      method: "POST",
      headers: { authorization: `Bearer ${env.INGEST_TOKEN}`, "content-type": "application/json" },
      body: "{not json",
    });
    await admin("POST", "/accounts", { email: "x" }, `${env.ADMIN_TOKEN}x`);

    // A dashboard account (password) and an OAuth grant (access and refresh tokens), then a wrong password.
    const tokens = await tokensFor(await signedUp("leak@example.com", PASSWORD));
    secrets.push(tokens.access_token, tokens.refresh_token);
    await exports.default.fetch("http://127.0.0.1:8787/v1/mcp", {
      method: "POST",
      headers: {
        authorization: `Bearer ${tokens.access_token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    await new Agent().signIn("leak@example.com", `${PASSWORD}!`);

    expect(lines.length).toBeGreaterThan(20); // the request log ran
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      const hits = lines.filter((l) => l.includes(secret));
      expect(hits, `a log line contains a secret (${secret.slice(0, 8)}…)`).toEqual([]);
    }

    // Every text value of every table.
    const tables = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    ).all<{ name: string }>();
    let values = 0;
    for (const { name } of tables.results) {
      const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>();
      for (const row of rows.results) {
        for (const v of Object.values(row)) {
          if (typeof v !== "string") continue;
          values++;
          for (const secret of secrets) expect(v.includes(secret), `${name} stores a secret`).toBe(false);
        }
      }
    }
    expect(values).toBeGreaterThan(1000);

    // The OAuth provider's KV (grants, tokens, clients): names and values.
    const listed = await env.OAUTH_KV.list();
    expect(listed.keys.length).toBeGreaterThan(0);
    for (const { name } of listed.keys) {
      const value = (await env.OAUTH_KV.get(name)) ?? "";
      for (const secret of secrets) expect(name.includes(secret) || value.includes(secret), `KV ${name}`).toBe(false);
    }
  }, 120_000); // seeds the demo and drives every surface: slow on a loaded 2-core machine, not a hang
});
