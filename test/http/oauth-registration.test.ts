// POST /oauth/register (RFC 7591) limits, checked in front of the OAuth provider
// (docs/security-and-limits.md "Abuse limits").
import { describe, expect, it } from "vitest";
import { testIp } from "../helpers/browser";
import { call, REDIRECT } from "../helpers/oauth";

async function registerWith(metadata: Record<string, unknown>, ip = testIp()) {
  const res = await call("/oauth/register", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip },
    body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", ...metadata }),
  });
  return { res, body: (await res.json()) as any };
}

/** A loopback redirect URI of exactly `length` characters. */
const uriOf = (length: number) => `${REDIRECT}?p=`.padEnd(length, "x");
const uris = (n: number) => Array.from({ length: n }, (_, i) => `${REDIRECT}/${i}`);

describe("metadata sizes (RFC 7591 §3.2.2 errors)", () => {
  it("10 redirect URIs are accepted, 11 → 400 invalid_redirect_uri", async () => {
    const ten = await registerWith({ redirect_uris: uris(10) });
    expect(ten.res.status).toBe(201);
    expect(ten.body.redirect_uris).toHaveLength(10);
    const eleven = await registerWith({ redirect_uris: uris(11) });
    expect(eleven.res.status).toBe(400);
    expect(eleven.res.headers.get("content-type")).toContain("application/json");
    expect(eleven.body.error).toBe("invalid_redirect_uri");
    expect(eleven.body.error_description).toContain("10");
  });

  it("a redirect URI of 2,000 characters is accepted, 2,001 → 400 invalid_redirect_uri", async () => {
    expect(uriOf(2000)).toHaveLength(2000);
    expect((await registerWith({ redirect_uris: [uriOf(2000)] })).res.status).toBe(201);
    const long = await registerWith({ redirect_uris: [REDIRECT, uriOf(2001)] });
    expect(long.res.status).toBe(400);
    expect(long.body.error).toBe("invalid_redirect_uri");
  });

  it("a client_name of 200 characters is accepted, 201 → 400 invalid_client_metadata", async () => {
    const ok = await registerWith({ client_name: "n".repeat(200) });
    expect(ok.res.status).toBe(201);
    expect(ok.body.client_name).toHaveLength(200);
    const long = await registerWith({ client_name: "n".repeat(201) });
    expect(long.res.status).toBe(400);
    expect(long.body).toEqual({ error: "invalid_client_metadata", error_description: expect.stringContaining("200") });
  });

  it("what the provider itself refuses still gets its answer (not JSON, wrong types)", async () => {
    const notJson = await call("/oauth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": testIp() },
      body: "{not json",
    });
    expect(notJson.status).toBe(400);
    expect((await registerWith({ redirect_uris: "http://127.0.0.1:9999/cb" })).res.status).toBe(400);
  });
});

describe("registrations per client IP: 20 per hour", () => {
  it("the 20th registration from one address is accepted, the 21st → 429 with Retry-After; another address is not affected", async () => {
    const ip = "203.0.113.20";
    for (let i = 1; i <= 20; i++)
      expect((await registerWith({ client_name: `c${i}` }, ip)).res.status, `#${i}`).toBe(201);
    const over = await registerWith({ client_name: "c21" }, ip);
    expect(over.res.status).toBe(429);
    expect(over.res.headers.get("content-type")).toContain("application/problem+json");
    expect(over.body.code).toBe("rate_limited");
    expect(over.body.client_id).toBeUndefined();
    const retry = Number(over.res.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(3600);
    expect((await registerWith({ client_name: "elsewhere" }, "203.0.113.21")).res.status).toBe(201);
  });

  it("refused oversized metadata does not use the budget", async () => {
    const ip = "203.0.113.22";
    for (let i = 0; i < 25; i++) expect((await registerWith({ redirect_uris: uris(11) }, ip)).res.status).toBe(400);
    expect((await registerWith({}, ip)).res.status).toBe(201);
  });
});
