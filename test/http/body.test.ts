// Unauthenticated bodies (dashboard forms, /oauth/*) are read only up to 64 KiB
// (docs/security-and-limits.md "Abuse limits").
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { capBody, UNAUTHENTICATED_BODY_MAX } from "../../src/http/body";
import { Agent } from "../helpers/browser";

const LIMIT = 64 * 1024;
const URL_BASE = "http://127.0.0.1:8787";
const form = { "content-type": "application/x-www-form-urlencoded", origin: URL_BASE };

/** A form body of exactly `bytes` bytes. */
const formOf = (bytes: number) => `a=${"x".repeat(bytes - 2)}`;

/** A body with no Content-Length (sent chunked): `bytes` bytes in 16 KiB chunks, or endless when `bytes` is Infinity. */
function chunked(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      const n = Math.min(16 * 1024, bytes - sent);
      if (n <= 0) return controller.close();
      controller.enqueue(new TextEncoder().encode((sent === 0 ? "a=" : "") + "x".repeat(sent === 0 ? n - 2 : n)));
      sent += n;
    },
  });
}

const post = (path: string, body: BodyInit, headers: Record<string, string> = form) =>
  exports.default.fetch(`${URL_BASE}${path}`, { method: "POST", headers, body, redirect: "manual" });

async function expect413(res: Response) {
  expect(res.status).toBe(413);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  expect(((await res.json()) as { detail: string }).detail).toContain(String(LIMIT));
}

describe("64 KiB cap with a declared Content-Length", () => {
  it.each(["/dashboard/sign-in", "/dashboard/sign-up", "/dashboard/keys", "/oauth/authorize", "/oauth/token"])(
    "%s: 64 KiB is read (the handler answers), 64 KiB + 1 → 413",
    async (path) => {
      const at = await post(path, formOf(LIMIT));
      expect(at.status).not.toBe(413);
      expect(at.status).toBeLessThan(500);
      await at.arrayBuffer();
      await expect413(await post(path, formOf(LIMIT + 1)));
    },
  );

  it("/oauth/register: 64 KiB of JSON is read, 64 KiB + 1 → 413", async () => {
    const json = (bytes: number) =>
      JSON.stringify({ client_name: "x", pad: "" }).replace('""', `"${"p".repeat(bytes - 28)}"`);
    expect(json(LIMIT)).toHaveLength(LIMIT);
    const headers = { "content-type": "application/json", "cf-connecting-ip": "203.0.113.99" };
    const at = await post("/oauth/register", json(LIMIT), headers);
    expect(at.status).not.toBe(413);
    await at.arrayBuffer();
    await expect413(await post("/oauth/register", json(LIMIT + 1), headers));
  });

  it("a 30 MB form is refused without being parsed", async () => {
    await expect413(await post("/dashboard/sign-in", formOf(30 * 1024 * 1024)));
  });

  it("the sign-in form still works under the cap", async () => {
    const a = new Agent();
    const _csrf = await a.csrf("/dashboard/sign-in");
    const res = await a.post("/dashboard/sign-in", { email: "nobody@example.com", password: "not the one", _csrf });
    expect(res.status).toBe(401);
  });
});

describe("64 KiB cap on a chunked body (no Content-Length): the stream is read up to the limit", () => {
  it("the test bodies really are sent without a Content-Length", () => {
    const req = new Request(`${URL_BASE}/dashboard/sign-in`, { method: "POST", body: chunked(10) });
    expect(req.headers.get("content-length")).toBeNull();
  });

  it.each(["/dashboard/sign-in", "/oauth/token", "/oauth/register"])(
    "%s: 64 KiB passes, 64 KiB + 1 → 413",
    async (path) => {
      const at = await post(path, chunked(LIMIT));
      expect(at.status).not.toBe(413);
      expect(at.status).toBeLessThan(500);
      await at.arrayBuffer();
      await expect413(await post(path, chunked(LIMIT + 1)));
    },
  );

  it("an endless body is cut at the limit", async () => {
    await expect413(await post("/dashboard/sign-up", chunked(Infinity)));
  });
});

describe("capBody", () => {
  it("hands on the same bytes; leaves requests without a body alone", async () => {
    const original = new Request("http://x/", { method: "POST", body: "a=1&b=%C3%A9" });
    const capped = (await capBody(original)) as Request;
    expect(await capped.text()).toBe("a=1&b=%C3%A9");
    const get = new Request("http://x/");
    expect(await capBody(get)).toBe(get);
    expect(UNAUTHENTICATED_BODY_MAX).toBe(LIMIT);
  });

  it("does not apply to other paths (the admin and ingest APIs have their own caps after authentication)", async () => {
    const res = await post("/internal/admin/accounts", formOf(LIMIT + 1), { "content-type": "application/json" });
    expect(res.status).toBe(401);
  });
});
