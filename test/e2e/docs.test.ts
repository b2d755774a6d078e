// /docs in headless Chromium against `wrangler dev`: the reference renders the operations of /v1/openapi.json, and
// every request the page makes (scripts, the document, anything the renderer might fetch) goes to our own origin.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable, launchChromium, measure, reportCspViolations, SHOTS } from "./chromium";
import { startWorker, type RunningWorker } from "./worker";

let w: RunningWorker;
let browser: Browser;

describe.skipIf(!chromiumAvailable)("/docs in headless Chromium", () => {
  beforeAll(async () => {
    w = await startWorker();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await w?.stop();
  });

  for (const width of [1280, 390]) {
    it(`renders the operations from /v1/openapi.json with no request leaving the origin (${width} px)`, async () => {
      const doc = (await (await fetch(`${w.base}/v1/openapi.json`)).json()) as {
        paths: Record<string, Record<string, { summary?: string }>>;
      };
      const [path, ops] = Object.entries(doc.paths).find(([p]) => p.endsWith("/matches"))!;
      const summary = ops.get!.summary!;

      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const requests: string[] = [];
      const violations: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      page.on("websocket", (s) => requests.push(s.url()));
      // A request the CSP blocks never reaches the network, so it would not show above: count those too.
      // (zod inside the renderer probes for `Function("")` to pick its JIT and falls back when the CSP says no: that
      // refusal is expected and loads nothing.)
      page.on("console", (m) => {
        if (/Content Security Policy|Refused to/.test(m.text()) && !/Refused to load eval\b/.test(m.text()))
          violations.push(m.text());
      });
      await reportCspViolations(page);
      await page.goto(`${w.base}/docs`);
      // The navigation lists every operation by its summary; following its link renders that operation with its path.
      const link = page.locator("a[href^='#']", { hasText: summary }).first();
      await link.waitFor({ state: "attached", timeout: 20_000 });
      await page.goto(`${w.base}/docs${await link.getAttribute("href")}`);
      await page.getByRole("heading", { name: summary }).waitFor();
      await page.getByText(path, { exact: true }).first().waitFor();
      await page.waitForLoadState("networkidle");
      // The operator API (ADMIN_TOKEN) is in the document for operators, not in the customers' reference.
      const text = await page.locator("body").innerText();
      expect(text).not.toContain("/internal/admin");
      expect(text).not.toContain("operator API");
      expect(text).toContain("dashboard's Webhooks page");

      const outside = requests.filter((u) => !u.startsWith(`${w.base}/`) && !u.startsWith("data:"));
      expect(outside).toEqual([]);
      expect(violations).toEqual([]);
      expect(requests).toContain(`${w.base}/docs/assets/scalar.js`);
      expect(requests).toContain(`${w.base}/v1/openapi.json`);
      const m = await measure(page);
      expect(m.mode).toBe("CSS1Compat");
      expect(m.scrollWidth).toBeLessThanOrEqual(width);
      expect(m.icon).toBeGreaterThan(0);
      await page.screenshot({ path: `${SHOTS}/docs-${width}.png` });
      await page.close();
    });
  }
});
