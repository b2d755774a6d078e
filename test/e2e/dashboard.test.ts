// The dashboard in headless Chromium: sign up, create a key, read it off the page, use it, revoke it; change
// tracked leagues and see the API follow.
import type { Browser, Page } from "playwright-core";
import { chromiumAvailable, launchChromium } from "./chromium";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type RunningWorker } from "./worker";

let w: RunningWorker;
let browser: Browser;
let page: Page;

const api = (path: string, key: string) => fetch(`${w.base}${path}`, { headers: { "x-api-key": key } });

describe.skipIf(!chromiumAvailable)("dashboard in headless Chromium", () => {
  beforeAll(async () => {
    w = await startWorker();
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await w?.stop();
  });

  it("sign up → create key → use it → revoke → 401", async () => {
    await page.goto(`${w.base}/dashboard`);
    await page.getByRole("link", { name: "Sign up" }).click();
    await page.getByLabel("Email").fill("browser@example.com");
    await page.getByLabel(/Password/).fill("a long enough password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => page.url()).toContain("/dashboard/keys");
    await page.getByText("Signed in as browser@example.com").waitFor();

    await page.getByLabel("Name").fill("My app");
    await page.getByRole("button", { name: "Create key" }).click();
    const key = (await page.locator("#new-key-value").textContent())!.trim();
    expect(key).toMatch(/^sk_test_[0-9A-Za-z]{43}$/);
    // The copy button is shown by the page's script once it has loaded: wait for it (fails after the timeout).
    await page.getByRole("button", { name: "Copy" }).waitFor({ state: "visible", timeout: 5000 });
    const row = page.locator("tbody tr", { hasText: "My app" });
    expect(await row.locator("code").textContent()).toBe(`sk_test_…${key.slice(-4)}`);

    expect((await api("/v1/football/leagues", key)).status).toBe(200);
    await page.getByRole("button", { name: "Revoke My app" }).click();
    await page
      .locator("tbody tr", { hasText: "My app" })
      .getByText(/revoked/)
      .waitFor();
    expect((await api("/v1/football/leagues", key)).status).toBe(401);

    await page.reload();
    expect(await page.locator("#new-key-value").count()).toBe(0);
  });

  it("tracked leagues change what /v1/football/leagues returns", async () => {
    await page.goto(`${w.base}/dashboard/keys`);
    await page.getByLabel("Name").fill("Leagues check");
    await page.getByRole("button", { name: "Create key" }).click();
    const key = (await page.locator("#new-key-value").textContent())!.trim();
    const before = ((await (await api("/v1/football/leagues", key)).json()) as any).data.map((l: any) => l.name);
    expect(before).toContain("Premier League");

    await page.getByRole("link", { name: "Tracked leagues" }).click();
    const premier = page.getByLabel("Premier League (England)");
    expect(await premier.isChecked()).toBe(true);
    await premier.uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved.").waitFor();
    expect(await page.getByLabel("Premier League (England)").isChecked()).toBe(false);
    const after = ((await (await api("/v1/football/leagues", key)).json()) as any).data.map((l: any) => l.name);
    expect(after).not.toContain("Premier League");
    expect(after.length).toBe(before.length - 1);

    await page.getByRole("link", { name: "Plan & usage" }).click();
    expect(await page.locator("#plan").textContent()).toBe("trial");
    expect(await page.locator("#limit-rest").textContent()).toBe("60");
  });
});
