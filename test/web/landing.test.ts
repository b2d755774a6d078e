// GET / (src/web/landing.ts): a small page linking /docs, /live and /dashboard for a browser; an API client asking
// for JSON only keeps the JSON 404 it had.
import { describe, expect, it } from "vitest";
import { get } from "../helpers/seed";

describe("/", () => {
  it("is a server-rendered page with a title, what the service is, and links to /docs, /live and /dashboard", async () => {
    const res = await get("/", undefined, { accept: "text/html,application/xhtml+xml,*/*;q=0.8" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html; charset=utf-8/i);
    expect(res.headers.get("vary")).toMatch(/accept/i);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("script-src"); // no script at all
    const html = await res.text();
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toMatch(/<title>Sports data<\/title>/);
    expect(html).toMatch(/Football and basketball data .* over REST, WebSockets and MCP\./);
    const links = [...html.matchAll(/<a href="([^"]+)">/g)].map((m) => m[1]);
    expect(links).toEqual(["/docs", "/live", "/dashboard"]);
    expect(html).not.toMatch(/<script|(src|href)="(https?:)?\/\//);
  });

  it("each page it links to is there", async () => {
    for (const path of ["/docs", "/live", "/dashboard"]) {
      const res = await get(path, undefined, { accept: "text/html" });
      expect(res.status, path).toBeLessThan(400); // the dashboard redirects to its sign-in
      await res.body?.cancel();
    }
  });

  it("without an Accept header (curl's */*) it is the page too", async () => {
    for (const accept of [undefined, "*/*"]) {
      const res = await get("/", undefined, accept ? { accept } : {});
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      await res.body?.cancel();
    }
  });

  it("an API client asking for JSON only gets the JSON 404, as before", async () => {
    for (const accept of ["application/json", "application/problem+json, application/json;q=0.9"]) {
      const res = await get("/", undefined, { accept });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(res.headers.get("vary")).toMatch(/accept/i);
      const body = (await res.json()) as { code: string; detail: string };
      expect(body).toMatchObject({ code: "not_found", detail: "no route for GET /" });
    }
  });

  it("other methods on / are still no route", async () => {
    const { exports } = await import("cloudflare:workers");
    const res = await exports.default.fetch("http://127.0.0.1:8787/", { method: "POST" });
    expect(res.status).toBe(404);
    await res.body?.cancel();
  });
});
