// The /live scoreboard in headless Chromium against `wrangler dev`: names and grouping, the score flash, a timeline on
// click, resuming after the network drops (?since= on the match stream), reconciling by seq after a reconnect, a goal
// VAR disallows, refusals and closes in words, 390 px.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable, launchChromium } from "./chromium";
import { tcpProxy } from "./tcp-proxy";
import { open as openSocket } from "./ws-client";
import { FOOTBALL, liveFootballMatch } from "./live-fixtures";
import { startWorker, type RunningWorker } from "./worker";

let w: RunningWorker;
let browser: Browser;
const now = () => Math.floor(Date.now() / 1000);

const basketball = { op: "match", sport: "basketball", league_id: "lg_bb_nba" };
const footballMatch = (id: string) => liveFootballMatch(w, id);

async function accountKey(email: string, opts: { plan?: string; scopes?: string[] } = {}) {
  const acc = (await (await w.admin("POST", "/accounts", { email, plan: opts.plan ?? "growth" })).json()) as {
    id: string;
  };
  await w.admin("PUT", `/accounts/${acc.id}/tracked-leagues`, { league_ids: ["lg_fb_eng1", "lg_bb_nba"] });
  const body = opts.scopes ? { name: "live page", scopes: opts.scopes } : { name: "live page" };
  return (await (await w.admin("POST", `/accounts/${acc.id}/keys`, body)).json()) as { id: string; key: string };
}

async function connectPage(key: string, opts: { base?: string; width?: number } = {}) {
  const page = await browser.newPage({ viewport: { width: opts.width ?? 1280, height: 900 } });
  const sockets: string[] = [];
  page.on("websocket", (ws) => sockets.push(ws.url()));
  await page.goto(`${opts.base ?? w.base}/live`);
  await page.getByPlaceholder("sk_test_…").fill(key);
  await page.getByRole("button", { name: "Connect" }).click();
  return { page, sockets };
}
/** Frames arrive within ~100 ms of an ingest; room for a busy machine. */
const POLL = { timeout: 5000 };
const status = (page: Page) => page.getByRole("status");
const row = (page: Page, id: string) => page.locator(`li[data-match="${id}"]`);

describe.skipIf(!chromiumAvailable)("the /live scoreboard in headless Chromium", () => {
  beforeAll(async () => {
    w = await startWorker();
    const res = await w.ingest([
      {
        ...basketball,
        id: "m_browser",
        home_team_id: "tm_bb_boston-celtics",
        away_team_id: "tm_bb_miami-heat",
        kickoff_ts: now() - 600,
        status_code: 2,
        period: 22,
        game_clock_secs: 400,
      },
    ]);
    expect(res.status).toBe(200);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await w?.stop();
  });

  it("groups live matches by sport and league, with team names, the clock in words, and flashes a new score", async () => {
    const { page, sockets } = await connectPage(w.demoKey);
    await status(page)
      .getByText(/^Connected: \d+ live matches\.$/)
      .waitFor();
    // The page streams with a browser token it minted: the key itself never travels in a WebSocket URL.
    expect(sockets[0]).toMatch(/\/v1\/ws\/live\?api_key=tk_test_[\w-]{40,}$/);
    expect(sockets.some((u) => u.includes(w.demoKey))).toBe(false);
    const nba = page
      .locator("section.sport", { has: page.locator("h2", { hasText: "Basketball" }) })
      .locator("section.league", { has: page.locator("h3", { hasText: "NBA" }) });
    const r = nba.locator('li[data-match="m_browser"]');
    expect(await r.locator(".home").textContent()).toBe("Boston Celtics");
    expect(await r.locator(".away").textContent()).toBe("Miami Heat");
    // The list has no period or clock: the page reads them from each match's detail (the board is busy until then).
    await page.locator('#board[aria-busy="false"]').waitFor();
    expect(await r.locator(".state").textContent()).toBe("Q1 · 6:40");
    expect(await page.locator("h2").allTextContents()).toEqual(["Football", "Basketball"]);
    const leagues = await page.locator("section.league h3 > span:first-child").allTextContents();
    expect(leagues).toContain("Premier League");
    // The simulator's leagues say their results are invented (League.simulated).
    expect(await nba.locator("h3 .simulated").textContent()).toBe("Simulated: invented matches for trying the service");
    // Words, not codes: no raw match id or status number anywhere on the board.
    const text = await page.locator("#board").innerText();
    expect(text).not.toMatch(/m_[a-z0-9_]+|status \d/i);

    expect(await r.locator(".score.flash").count()).toBe(0);
    const res = await w.ingest([
      { ...basketball, id: "m_browser", home_score: 12, away_score: 9, game_clock_secs: 310 },
    ]);
    expect(res.status).toBe(200);
    await expect.poll(() => r.locator(".score").textContent(), POLL).toBe("12 – 9");
    await r.locator(".score.flash").waitFor({ timeout: 1000 });
    expect(await r.locator(".state").textContent()).toBe("Q1 · 5:10");
    // The flash fades: the class goes once the animation is over.
    await r.locator(".score.flash").waitFor({ state: "detached", timeout: 5000 });
    await page.close();
  });

  it("a click opens the match's timeline, which follows /v1/ws/match/{id} and says when the match is over", async () => {
    await footballMatch("m_timeline");
    const { page, sockets } = await connectPage(w.demoKey);
    await status(page)
      .getByText(/^Connected/)
      .waitFor();
    const r = row(page, "m_timeline");
    await page.locator('#board[aria-busy="false"]').waitFor();
    expect(await r.locator(".last").textContent()).toBe("17' Yellow card: James Tarkowski (Everton)");
    await r.getByRole("button").click();
    expect(await r.getByRole("button").getAttribute("aria-expanded")).toBe("true");
    const timeline = r.locator(".timeline");
    await timeline.getByText("Following live.").waitFor();
    expect(await timeline.locator("li .at").allTextContents()).toEqual(["17'", "12'"]);
    expect(await timeline.locator("li .what").allTextContents()).toEqual([
      "Yellow card: James Tarkowski (Everton)",
      "Goal: Bukayo Saka (Arsenal) – Header",
    ]);
    // The stream starts after the timeline it read: two events and a score were three messages (seq 3).
    expect(sockets.find((u) => u.includes("/v1/ws/match/m_timeline"))).toMatch(/\?api_key=tk_test_[\w-]+&since=3$/);

    await w.ingest([
      {
        op: "events",
        match_id: "m_timeline",
        events: [{ id: "m_timeline_e3", type: "goal", minute: 25, team: "away", player: "Dwight McNeil" }],
      },
      { ...FOOTBALL, id: "m_timeline", away_score: 1, minute: 25 },
    ]);
    await timeline.getByText("Goal: Dwight McNeil (Everton)").waitFor();
    await expect.poll(() => r.locator(".score").textContent(), POLL).toBe("1 – 1");
    expect(await r.locator(".last").textContent()).toBe("25' Goal: Dwight McNeil (Everton)");

    await w.ingest([{ ...FOOTBALL, id: "m_timeline", status_code: 3 }]);
    await timeline.getByText("Full time: this match has finished, so its stream has ended.").waitFor();
    await expect.poll(() => r.locator(".state").textContent(), POLL).toBe("Full time");
    // A second click closes it.
    await r.getByRole("button").click();
    expect(await r.locator(".timeline").count()).toBe(0);
    await page.close();
  });

  it("resumes after the network drops: the board catches up from REST, the timeline replays from ?since=", async () => {
    await footballMatch("m_resume");
    const proxy = await tcpProxy(w.base);
    try {
      const { page, sockets } = await connectPage(w.demoKey, { base: proxy.base });
      await status(page)
        .getByText(/^Connected/)
        .waitFor();
      const r = row(page, "m_resume");
      await r.getByRole("button").click();
      await r.getByText("Following live.").waitFor();
      await w.ingest([{ ...FOOTBALL, id: "m_resume", minute: 22 }]);
      await expect.poll(() => r.locator(".state").textContent(), POLL).toBe("1st Half · 22'");

      await proxy.cut();
      await status(page)
        .getByText(/The live connection dropped\. Reconnecting in \d+ s…/)
        .waitFor();
      // While the page is cut off: a goal and its event.
      await w.ingest([
        {
          op: "events",
          match_id: "m_resume",
          events: [{ id: "m_resume_e3", type: "goal", minute: 23, team: "home", player: "Declan Rice" }],
        },
        { ...FOOTBALL, id: "m_resume", home_score: 2, minute: 23 },
      ]);
      // Trying meanwhile, the page finds nothing listening and says so.
      await status(page)
        .getByText(/The server cannot be reached\. Reconnecting in \d+ s…/)
        .waitFor({ timeout: 10_000 });
      await proxy.restore();

      await status(page)
        .getByText(/^Reconnected: \d+ live matches, up to date\.$/)
        .waitFor({ timeout: 20_000 });
      await expect.poll(() => r.locator(".score").textContent(), POLL).toBe("2 – 0");
      await r.locator(".timeline").getByText("Goal: Declan Rice (Arsenal)").waitFor({ timeout: 20_000 });
      await r.getByText("Following live again; missed events were replayed.").waitFor();
      const matchSockets = sockets.filter((u) => u.includes("/v1/ws/match/m_resume"));
      expect(matchSockets[0]).toMatch(/&since=3$/);
      const resumedFrom = Number(/&since=(\d+)$/.exec(matchSockets.at(-1)!)![1]);
      expect(resumedFrom).toBeGreaterThan(0);
      await page.close();
    } finally {
      await proxy.close();
    }
  });

  it("a match that finishes while the page is cut off shows as finished after the reconnect (seq, not clocks)", async () => {
    await footballMatch("m_final_away");
    const proxy = await tcpProxy(w.base);
    try {
      const { page } = await connectPage(w.demoKey, { base: proxy.base });
      await status(page)
        .getByText(/^Connected/)
        .waitFor();
      const r = row(page, "m_final_away");
      await expect.poll(() => r.locator(".state").textContent(), POLL).toBe("1st Half · 20'");
      await proxy.cut();
      await status(page)
        .getByText(/The live connection dropped\. Reconnecting in \d+ s…/)
        .waitFor();
      // The last tick and the final whistle in the same second, while nothing reaches the page.
      await w.ingest([{ ...FOOTBALL, id: "m_final_away", minute: 21 }]);
      await w.ingest([{ ...FOOTBALL, id: "m_final_away", status_code: 3 }]);
      await proxy.restore();
      await status(page)
        .getByText(/^Reconnected: \d+ live match(es)?, up to date\.$/)
        .waitFor({ timeout: 20_000 });
      await expect.poll(() => r.locator(".state").textContent(), POLL).toBe("Full time");
      // And it stays so: nothing older overwrites it.
      await page.waitForTimeout(1500);
      expect(await r.locator(".state").textContent()).toBe("Full time");
      await page.close();
    } finally {
      await proxy.close();
    }
  });

  it("a goal VAR disallows: the score goes back, the goal leaves the timeline, the row says so", async () => {
    await footballMatch("m_var");
    const { page } = await connectPage(w.demoKey);
    await status(page)
      .getByText(/^Connected/)
      .waitFor();
    const r = row(page, "m_var");
    await r.getByRole("button").click();
    const timeline = r.locator(".timeline");
    await timeline.getByText("Following live.").waitFor();
    await w.ingest([
      {
        op: "events",
        match_id: "m_var",
        events: [{ id: "m_var_e3", type: "goal", minute: 24, team: "home", player: "Kai Havertz" }],
      },
      { ...FOOTBALL, id: "m_var", home_score: 2, minute: 24 },
    ]);
    await timeline.getByText("Goal: Kai Havertz (Arsenal)").waitFor();
    await expect.poll(() => r.locator(".score").textContent(), POLL).toBe("2 – 0");
    await w.ingest([
      { op: "remove_events", match_id: "m_var", event_ids: ["m_var_e3"] },
      { ...FOOTBALL, id: "m_var", home_score: 1, minute: 25 },
    ]);
    await expect.poll(() => r.locator(".score").textContent(), POLL).toBe("1 – 0");
    await expect.poll(() => r.locator(".last").textContent(), POLL).toBe("VAR: goal disallowed");
    await expect.poll(() => timeline.getByText("Goal: Kai Havertz (Arsenal)").count(), POLL).toBe(0);
    // The first goal stands.
    expect(await timeline.getByText("Goal: Bukayo Saka (Arsenal) – Header").count()).toBe(1);
    await page.close();
  });

  it("a wrong key is refused in words, not a close code", async () => {
    const { page } = await connectPage(`sk_test_${"x".repeat(43)}`);
    await status(page)
      .getByText("This API key was not accepted: check that it is complete and has not been revoked.")
      .waitFor();
    expect(await status(page).getAttribute("class")).toBe("error");
    expect(await page.locator("li.match").count()).toBe(0);
    await page.close();
  });

  it("a key without stream:websocket, and a key whose plan's connections are all open, are told why", async () => {
    const readOnly = await accountKey("live-read-only@example.com", { scopes: ["read:matches", "read:leagues"] });
    const a = await connectPage(readOnly.key);
    await status(a.page).getByText("This API key lacks the stream:websocket scope the scoreboard needs.").waitFor();
    await a.page.close();

    const trial = await accountKey("live-trial@example.com", { plan: "trial" });
    const held = [
      await openSocket(`${w.ws}/v1/ws/live?api_key=${trial.key}`),
      await openSocket(`${w.ws}/v1/ws/live?api_key=${trial.key}`),
    ];
    const b = await connectPage(trial.key);
    await status(b.page)
      .getByText(
        /already has as many live connections open as its plan allows\. Close another tab or client using it\. Reconnecting in \d+ s…/,
      )
      .waitFor();
    // A slot frees up: the page gets in on a later attempt.
    held[0]!.ws.close();
    await status(b.page)
      .getByText(/^Connected: \d+ live match/)
      .waitFor({ timeout: 20_000 });
    held[1]!.ws.close();
    await b.page.close();
  });

  it("a key revoked while watching: the page says so and stops", async () => {
    const k = await accountKey("live-revoked@example.com");
    const { page } = await connectPage(k.key);
    await status(page)
      .getByText(/^Connected/)
      .waitFor();
    // Watching: the board has loaded, so the socket's close (not a REST 401 during the load) tells the page.
    await page.locator('#board[aria-busy="false"]').waitFor();
    expect((await w.admin("DELETE", `/keys/${k.id}`)).status).toBe(204);
    await status(page).getByText("This API key was revoked.").waitFor({ timeout: 10_000 });
    await page.close();
  });

  it("fits 390 px without sideways scrolling, with a timeline open (screenshots at 390 and 1280 px)", async () => {
    await footballMatch("m_narrow");
    const dir = process.env.SCREENSHOT_DIR ?? mkdtempSync(join(tmpdir(), "live-page-"));
    for (const width of [390, 1280]) {
      const { page } = await connectPage(w.demoKey, { width });
      await status(page)
        .getByText(/^Connected/)
        .waitFor();
      await row(page, "m_narrow").getByRole("button").click();
      await row(page, "m_narrow").getByText("Following live.").waitFor();
      // Every match's period, clock and latest event read (the board is busy until then).
      const t0 = Date.now();
      await page.locator('#board[aria-busy="false"]').waitFor();
      console.log(`${width} px: details of every live match in ${Date.now() - t0} ms after the timeline opened`);
      await page.screenshot({ path: join(dir, `live-${width}.png`), fullPage: true });
      expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(width);
      await page.close();
    }
    console.log(`live page screenshots: ${dir}`);
  });
});
