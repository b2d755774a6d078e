// GET /docs (src/web/docs.ts) and the site icon: the page, its settings script, the renderer from Workers static
// assets (wrangler.toml [assets]) through the Worker, and nothing that points a browser at another origin.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { get } from "../helpers/seed";

describe("/docs", () => {
  it("serves the page in standards mode with a CSP that keeps every request on our origin", async () => {
    const res = await get("/docs");
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy")!;
    for (const d of ["default-src 'none'", "script-src 'self'", "connect-src 'self'", "font-src 'self'"])
      expect(csp).toContain(d);
    expect(csp).not.toMatch(/https?:|\*/);
    const html = await res.text();
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain('<script src="/docs/assets/scalar.js"></script>');
    expect(html).toContain('<link rel="icon" href="/favicon.svg"');
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it("configures the renderer from /v1/openapi.json with fonts, telemetry and cloud features off", async () => {
    const res = await get("/docs/init.js");
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const js = await res.text();
    expect(js).toContain('url: "/v1/openapi.json"');
    for (const off of ["withDefaultFonts: false", "telemetry: false", "agent: { disabled: true }"])
      expect(js).toContain(off);
    expect(js).not.toMatch(/https?:\/\//);
  });

  it("serves the renderer from static assets through the Worker", async () => {
    const res = await get("/docs/assets/scalar.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    expect(res.headers.get("x-request-id")).toBeTruthy(); // it went through the app, not around it
    const js = await res.text();
    expect(js).toContain("createApiReference");
    expect(js).not.toContain("sourceMappingURL");
  });

  it("answers the renderer only for our own host (host allowlist before the assets)", async () => {
    const res = await exports.default.fetch("http://attacker.example/docs/assets/scalar.js");
    expect(res.status).toBe(421);
  });
});

describe("site icon", () => {
  it("is an SVG; /favicon.ico points at it", async () => {
    const svg = await get("/favicon.svg");
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(await svg.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const ico = await exports.default.fetch("http://127.0.0.1:8787/favicon.ico", { redirect: "manual" });
    expect(ico.status).toBe(301);
    expect(ico.headers.get("location")).toBe("/favicon.svg");
  });
});
