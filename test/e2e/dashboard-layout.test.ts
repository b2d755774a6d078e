// Every dashboard page (and sign-in/up and the OAuth consent page) in headless Chromium at a phone's 390 px and a
// desktop's 1280 px: standards mode, no sideways scrolling, the icon loads. Each page is screenshotted into
// test/e2e/screenshots/ (gitignored) for a person to look at after a layout change. Long names and URLs on purpose.
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
  }
}

describe.skipIf(!chromiumAvailable)("dashboard layout at 390 and 1280 px", () => {
  beforeAll(async () => {
    w = await startWorker();
    receiver = createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(200, { "content-type": "text/plain" }).end("ok"));
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

    await page.getByLabel("Name").fill("Staging smoke tests");
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

  it("webhooks: empty, a new endpoint's secret, an endpoint with a delivery", async () => {
    await page.getByRole("link", { name: "Webhooks" }).click();
    await check("webhooks-empty");
    const url = `${receiverBase}/hooks/sports-data/production/a-long-path-to-check-wrapping?tenant=acme-corporation`;
    await page.getByLabel("Endpoint URL").fill(url);
    await page.getByLabel("Description").fill("Pushes goals to the newsroom's Slack channel");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.locator("#new-secret-value").waitFor();
    await check("webhooks-created");
    await page.getByRole("link", { name: `Details of ${url}` }).click();
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect
      .poll(async () => {
        await page.reload();
        return page.locator("#attempts tbody tr").count();
      })
      .toBe(1);
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
