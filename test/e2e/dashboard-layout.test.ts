// Every dashboard page (and sign-in/up and the OAuth consent page) in headless Chromium at a phone's 390 px and a
// desktop's 1280 px, with data in its tables: standards mode, no sideways scrolling, the icon loads, and no element
// anywhere clips or hides its content or sticks out of its box (a table wider than its card, a word past its cell).
// Each page is screenshotted into test/e2e/screenshots/ (gitignored) for a person to look at after a layout change.
// Long names, URLs and answers on purpose.
import { createServer, type Server } from "node:http";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable, launchChromium, measure, SHOTS } from "./chromium";
import { startWorker, type RunningWorker } from "./worker";

const REDIRECT = "http://127.0.0.1:5998/callback"; // never reached: the browser's navigation to it is intercepted

let w: RunningWorker;
let browser: Browser;
let page: Page;
let receiver: Server;
let receiverBase: string;
/** Whether the receiver answers 500 with FAILURE (a long unbroken word, as its excerpt shows in the deliveries). */
let failing = false;
const FAILURE = JSON.stringify({ error: "upstream_unavailable", trace: `req_${"7f3a9c".repeat(40)}` });

/**
 * Every element and every piece of text of the page, measured in the page: what an element with `overflow` other than
 * visible hides (its scrollWidth/scrollHeight past its clientWidth/clientHeight: clipped, or behind a scroll bar, or cut
 * by `text-overflow`), and what sticks out of its box (an element's or a text's rectangle past the left or right edge of
 * the nearest enclosing element that is not inline, and so, box by box, past its card). Form fields scroll their own
 * value and are left out of the first check. Empty when everything fits.
 */
const unfit = (p: Page) =>
  p.evaluate<string[]>(`(() => {
    const problems = [];
    const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
      (typeof el.className === "string" && el.className.trim() ? "." + el.className.trim().split(/\\s+/).join(".") : "");
    const where = (el) => {
      const parts = [];
      for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement) parts.unshift(name(e));
      return parts.join(" > ");
    };
    const words = (t) => '"' + (t || "").trim().replace(/\\s+/g, " ").slice(0, 50) + '"';
    const block = (node) => {
      for (let p = node.parentElement; p; p = p.parentElement) {
        const d = getComputedStyle(p).display;
        if (d !== "inline" && d !== "contents") return p;
      }
      return null;
    };
    const outside = (r, q) => r.left < q.left - 1 || r.right > q.right + 1 || r.top < q.top - 1 || r.bottom > q.bottom + 1;
    const shown = (r) => r.width > 0 || r.height > 0;
    for (const el of document.body.querySelectorAll("*")) {
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      if (s.display === "none" || !shown(r)) continue;
      if (!/^(input|textarea|select)$/i.test(el.tagName)) {
        if (s.overflowX !== "visible" && el.scrollWidth > el.clientWidth + 1)
          problems.push(where(el) + " hides " + (el.scrollWidth - el.clientWidth) + " px of its content sideways (overflow-x: " + s.overflowX + "): " + words(el.textContent));
        if (s.overflowY !== "visible" && el.scrollHeight > el.clientHeight + 1)
          problems.push(where(el) + " hides " + (el.scrollHeight - el.clientHeight) + " px of its content below (overflow-y: " + s.overflowY + "): " + words(el.textContent));
      }
      const box = block(el);
      if (box && s.position !== "fixed" && s.position !== "absolute" && outside(r, box.getBoundingClientRect()))
        problems.push(where(el) + " sticks out of " + where(box) + ": " + words(el.textContent));
    }
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let t = texts.nextNode(); t; t = texts.nextNode()) {
      if (!t.textContent.trim() || !t.parentElement || /^(script|style)$/i.test(t.parentElement.tagName)) continue;
      range.selectNodeContents(t);
      const r = range.getBoundingClientRect();
      const box = block(t);
      if (box && shown(r) && outside(r, box.getBoundingClientRect()))
        problems.push("text " + words(t.textContent) + " sticks out of " + where(box));
    }
    return problems;
  })()`);

/** Asserts the page's layout at both widths and screenshots it as `<name>-<width>.png`. */
async function check(name: string) {
  // The page's elements can be found before its stylesheet has loaded (a click's navigation, then a locator): measured
  // then, a page is laid out unstyled. `load` waits for the stylesheet (and the icon).
  await page.waitForLoadState("load");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => page.evaluate<number>("innerWidth")).toBe(width); // the resize arrives asynchronously
    const m = await measure(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    expect(m.mode, `${name} at ${width} px`).toBe("CSS1Compat");
    expect(m.scrollWidth, `${name} at ${width} px: ${m.overflowing.join(", ")}`).toBeLessThanOrEqual(width);
    expect(m.icon, `${name}: icon`).toBeGreaterThan(0);
    expect.soft(await unfit(page), `${name} at ${width} px: nothing clipped, nothing out of its box`).toEqual([]);
  }
}

describe.skipIf(!chromiumAvailable)("dashboard layout at 390 and 1280 px", () => {
  beforeAll(async () => {
    w = await startWorker();
    receiver = createServer((req, res) => {
      req.resume();
      req.on("end", () =>
        failing
          ? res.writeHead(500, { "content-type": "application/json" }).end(FAILURE)
          : res.writeHead(200, { "content-type": "text/plain" }).end("ok"),
      );
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    receiverBase = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    receiver?.closeAllConnections();
    receiver?.close();
    await w?.stop();
  });

  it("sign-in, sign-up and its error", async () => {
    await page.goto(`${w.base}/dashboard/sign-in`);
    await check("sign-in");
    await page.getByRole("link", { name: "Sign up" }).click();
    await check("sign-up");
    await page.getByLabel("Email").fill("a-rather-long-address.for-layout@subdomain.example.com");
    await page.getByLabel(/Password/).fill("password12");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("alert").waitFor();
    await check("sign-up-error");
  });

  it("API keys: empty with getting started, a new key shown once, the list with a revoked key", async () => {
    await page.getByLabel(/Password/).fill("a long enough password");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/dashboard\/keys$/);
    await page.getByRole("heading", { name: "Getting started" }).waitFor();
    await check("keys-empty");

    await page.getByLabel("Name").fill("Staging smoke tests (ci-eu-west-1.staging.internal.example.com)");
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByRole("button", { name: "Revoke Staging smoke tests" }).click();
    await page.getByLabel("Name").fill("Production backend for the mobile scoreboard app");
    await page.getByRole("button", { name: "Create key" }).click();
    const key = (await page.locator("#new-key-value").textContent())!.trim();
    expect(await page.locator("#first-call").textContent()).toContain(key);
    await check("keys-created");
    await page.goto(`${w.base}/dashboard/keys`);
    await page
      .locator("tbody tr", { hasText: "Staging smoke tests" })
      .getByText(/revoked/)
      .waitFor();
    expect((await fetch(`${w.base}/v1/football/leagues`, { headers: { "x-api-key": key } })).status).toBe(200);
    await check("keys-list");
  });

  it("tracked leagues and plan & usage", async () => {
    await page.getByRole("link", { name: "Tracked leagues" }).click();
    await check("leagues");
    await page.getByRole("link", { name: "Plan & usage" }).click();
    await check("plan");
  });

  it("webhooks: empty, a new endpoint's secret, an endpoint with its test results and failing deliveries", async () => {
    await page.getByRole("link", { name: "Webhooks" }).click();
    await check("webhooks-empty");
    const url = `${receiverBase}/hooks/sports-data/production/a-long-path-to-check-wrapping?tenant=acme-corporation`;
    await page.getByLabel("Endpoint URL").fill(url);
    await page.getByLabel("Description").fill("Pushes goals to the newsroom's Slack channel");
    await page.getByRole("checkbox", { name: /^match\.score_updated\b/ }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.locator("#new-secret-value").waitFor();
    await check("webhooks-created");
    await page.getByRole("link", { name: `Details of ${url}` }).click();
    await page.getByRole("button", { name: "Send test event" }).click();
    await page.locator("#test-result.ok").waitFor();
    await check("webhook-test-delivered");

    // Failures with the receiver's long answer: a failed test event, and match events being retried.
    failing = true;
    const match = { op: "match", id: "m_layout_wh", sport: "football", league_id: "lg_fb_eng1" };
    const teams = { home_team_id: "tm_fb_arsenal", away_team_id: "tm_fb_everton" };
    const kickoff = Math.floor(Date.now() / 1000) - 600;
    for (const ops of [
      [{ ...match, ...teams, kickoff_ts: kickoff, status_code: 1 }],
      [{ ...match, status_code: 2, period: 12, minute: 10, home_score: 0, away_score: 0 }],
      [{ ...match, home_score: 1, minute: 11 }],
      [{ ...match, status_code: 3, period: 13, minute: 90 }],
    ])
      expect((await w.ingest(ops)).status).toBe(200);
    await page.getByRole("button", { name: "Send test event" }).click();
    await page.locator("#test-result.bad").waitFor();
    await expect
      .poll(async () => {
        await page.reload();
        return page.locator("#attempts tbody tr").count();
      })
      .toBeGreaterThanOrEqual(6);
    await check("webhook-detail");
  });

  it("connected apps: empty, the OAuth consent page, then the approved app", async () => {
    await page.goto(`${w.base}/dashboard/apps`);
    await check("apps-empty");
    const reg = await fetch(`${w.base}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client_name: "Claude Desktop on the newsroom laptop",
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: "none",
      }),
    });
    expect(reg.status).toBe(201);
    const { client_id } = (await reg.json()) as { client_id: string };
    const authorize = new URL(`${w.base}/oauth/authorize`);
    for (const [k, v] of Object.entries({
      response_type: "code",
      client_id,
      redirect_uri: REDIRECT,
      scope: "mcp:invoke",
      state: "layout",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    }))
      authorize.searchParams.set(k, v);
    await page.goto(authorize.toString());
    await page.getByRole("button", { name: "Approve" }).waitFor();
    await check("consent");
    await page.route(`${REDIRECT}**`, (route) => route.fulfill({ status: 200, body: "back in the app" }));
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(`${REDIRECT}**`);
    await page.goto(`${w.base}/dashboard/apps`);
    await page.getByRole("button", { name: "Revoke Claude Desktop on the newsroom laptop" }).waitFor();
    await check("apps");
  });
});
