// GET /live and /live.js (src/web/live/route.ts): the page in standards mode with its CSP, and the bundled script.
import { describe, expect, it } from "vitest";
import { get } from "../../helpers/seed";

describe("/live", () => {
  it("serves the page in standards mode, scripts only from our origin", async () => {
    const res = await get("/live");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self' ws://127.0.0.1:8787;");
    const html = await res.text();
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain('<script src="/live.js"></script>');
  });

  it("serves the bundled script: one classic script, no imports left", async () => {
    const res = await get("/live.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const js = await res.text();
    expect(js).toContain("/v1/ws/live");
    expect(js).not.toMatch(/^\s*(import|export)\s/m);
  });
});
