// A real browser: headless Debian Chromium opens /live, connects with ?api_key= and shows a score change.
import type { Browser } from "playwright-core";
import { chromiumAvailable, launchChromium } from "./chromium";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type RunningWorker } from "./worker";

let w: RunningWorker;
let browser: Browser;

describe.skipIf(!chromiumAvailable)("live page in headless Chromium", () => {
  beforeAll(async () => {
    w = await startWorker();
    await w.ingest([
      {
        op: "match",
        id: "m_browser",
        sport: "basketball",
        league_id: "lg_bb_nba",
        home_team_id: "tm_bb_boston-celtics",
        away_team_id: "tm_bb_miami-heat",
        kickoff_ts: Math.floor(Date.now() / 1000) - 600,
        status_code: 2,
        period: 22,
        game_clock_secs: 400,
      },
    ]);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await w?.stop();
  });

  it("connects with ?api_key= and shows the new score", async () => {
    const page = await browser.newPage();
    const wsUrls: string[] = [];
    page.on("websocket", (ws) => wsUrls.push(ws.url()));
    await page.goto(`${w.base}/live`);
    await page.getByPlaceholder("sk_test_…").fill(w.demoKey);
    await page.getByRole("button", { name: "Connect" }).click();
    await page.getByText("Connected.").waitFor();
    expect(wsUrls[0]).toContain("/v1/ws/live?api_key=");
    const res = await w.ingest([
      {
        op: "match",
        id: "m_browser",
        sport: "basketball",
        league_id: "lg_bb_nba",
        home_score: 12,
        away_score: 9,
        game_clock_secs: 310,
      },
    ]);
    expect(res.status).toBe(200);
    const row = page.locator('tr[data-match="m_browser"]');
    await expect
      .poll(
        async () =>
          await row
            .locator("td.score")
            .textContent({ timeout: 5000 })
            .catch(() => null),
      )
      .toBe("12 – 9");
    expect(await row.locator("td.clock").textContent()).toBe("5:10");
  });

  it("a wrong key shows the socket refused", async () => {
    const page = await browser.newPage();
    await page.goto(`${w.base}/live`);
    await page.getByPlaceholder("sk_test_…").fill(`sk_test_${"x".repeat(43)}`);
    await page.getByRole("button", { name: "Connect" }).click();
    await page.getByText(/Closed \(\d+\)\./).waitFor();
  });
});
