// Webhooks against the real Worker (wrangler dev: local Queues, D1, fetch) and a real receiver on loopback: the
// dashboard flow in headless Chromium, ingest → signed POST verified with standardwebhooks, redirects not followed,
// a slow endpoint not delaying another, and a message its lane walks to the dead letters (WEBHOOK_RETRY_DELAYS makes
// the retry delays 0 s here; the contract's delays are asserted in test/core/webhooks/retries.test.ts), and a test
// event's result shown under its button, pending and then delivered, by the page's own poll.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Browser, Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable, launchChromium, reportCspViolations } from "./chromium";
import { startWorker, type RunningWorker } from "./worker";

interface Hit {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/** A webhook receiver on 127.0.0.1: records every request; `routes` decide the answers (default 200). */
async function startReceiver(routes: Record<string, (res: ServerResponse, hit: Hit) => void>) {
  const hits: Hit[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const hit = { path: req.url ?? "", headers: req.headers as Record<string, string>, body, at: performance.now() };
      hits.push(hit);
      const route = routes[hit.path];
      if (route) route(res, hit);
      else res.writeHead(200, { "content-type": "text/plain" }).end("thanks");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    base,
    hits,
    at: (path: string) => hits.filter((h) => h.path === path),
    async waitFor(path: string, n: number, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (hits.filter((h) => h.path === path).length < n && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 25));
      return hits.filter((h) => h.path === path);
    },
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

let w: RunningWorker;
let rx: Awaited<ReturnType<typeof startReceiver>>;
const kickoff = Math.floor(Date.now() / 1000) - 1200;
const match = (id: string, extra: Record<string, unknown>) => ({
  op: "match",
  id,
  sport: "football",
  league_id: "lg_fb_eng1",
  ...extra,
});

beforeAll(async () => {
  rx = await startReceiver({
    "/redirect": (res) => res.writeHead(307, { location: `${rx.base}/target` }).end(),
    "/fail": (res) => res.writeHead(500).end("broken"),
    "/slow": (res) => setTimeout(() => res.writeHead(200).end("late"), 6000),
    // Answers after 1.5 s, so the dashboard shows a test event as pending before its result.
    "/browser": (res) => setTimeout(() => res.writeHead(200, { "content-type": "text/plain" }).end("thanks"), 1500),
  });
  w = await startWorker({ vars: { WEBHOOK_RETRY_DELAYS: "0,0,0,0,0,0,0,0" } });
  const created = await w.ingest([
    match("m_e2e_wh", {
      home_team_id: "tm_fb_arsenal",
      away_team_id: "tm_fb_everton",
      kickoff_ts: kickoff,
      status_code: 2,
      period: 12,
      minute: 20,
    }),
  ]);
  expect(created.status).toBe(200);
});
afterAll(async () => {
  await w?.stop();
  await rx?.close();
});

async function account(email: string) {
  const { id } = (await (await w.admin("POST", "/accounts", { email, plan: "growth" })).json()) as { id: string };
  await w.admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
  return id;
}
async function webhook(accountId: string, path: string, events?: string[]) {
  const res = await w.admin("POST", `/accounts/${accountId}/webhooks`, { url: `${rx.base}${path}`, events });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; secret: string };
}
const attempts = async (id: string) =>
  ((await (await w.admin("GET", `/webhooks/${id}/attempts`)).json()) as { data: any[] }).data;
let goals = 0;
const score = () => w.ingest([match("m_e2e_wh", { home_score: ++goals, minute: 20 + goals })]);

describe("webhooks over the real runtime", () => {
  it("an ingest commit reaches the receiver as a signed POST the library verifies", async () => {
    const acc = await account("e2e-wh-signed@example.com");
    const wh = await webhook(acc, "/signed", ["match.score_updated"]);
    expect((await score()).status).toBe(200);
    const [hit] = await rx.waitFor("/signed", 1);
    expect(hit, "delivered").toBeDefined();
    const payload = new Webhook(wh.secret).verify(hit!.body, hit!.headers) as any;
    expect(payload).toMatchObject({
      type: "match.score_updated",
      data: { match_id: "m_e2e_wh", league_id: "lg_fb_eng1", sport: "football", home: goals },
    });
    expect(hit!.headers["user-agent"]).toBe("sports-data-webhooks/1");
  });

  it("a redirect is not followed: the attempt fails with its status and the Location is never requested", async () => {
    const acc = await account("e2e-wh-redirect@example.com");
    const wh = await webhook(acc, "/redirect", ["match.score_updated"]);
    await score();
    await rx.waitFor("/redirect", 1);
    const log = await attempts(wh.id);
    expect(log.at(-1)).toMatchObject({ attempt: 1, response_status: 307, error: "redirect not followed" });
    await w.admin("PATCH", `/webhooks/${wh.id}`, { enabled: false });
    expect(rx.at("/target")).toEqual([]);
  });

  it("a slow endpoint does not delay another endpoint of the same event", async () => {
    const acc = await account("e2e-wh-slow@example.com");
    await webhook(acc, "/slow", ["match.score_updated"]);
    await webhook(acc, "/fast", ["match.score_updated"]);
    const start = performance.now();
    await score();
    const [fast] = await rx.waitFor("/fast", 1, 5000);
    expect(fast, "the fast endpoint got its message").toBeDefined();
    expect(fast!.at - start).toBeLessThan(2000);
    expect(rx.at("/slow")).toHaveLength(1);
  });

  it("after the last attempt the message is a dead letter, recorded and listed", async () => {
    const acc = await account("e2e-wh-dead@example.com");
    const wh = await webhook(acc, "/fail", ["match.score_updated"]);
    await score();
    const hits = await rx.waitFor("/fail", 9, 30_000);
    expect(hits).toHaveLength(9);
    expect(new Set(hits.map((h) => h.headers["webhook-id"])).size).toBe(1);
    const dead = async () =>
      ((await (await w.admin("GET", `/webhooks/${wh.id}/dead-letters`)).json()) as { data: any[] }).data;
    const deadline = Date.now() + 10_000;
    while ((await dead()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await dead()).toEqual([
      expect.objectContaining({
        message_id: hits[0]!.headers["webhook-id"],
        attempts: 9,
        event_type: "match.score_updated",
      }),
    ]);
    const log = await attempts(wh.id);
    expect(log.map((a) => a.attempt)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(log[0].outcome).toBe("dead_lettered");
    expect(log.slice(1).every((a) => a.outcome === "retrying" && a.response_status === 500)).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(rx.at("/fail")).toHaveLength(9);
  }, 60_000);
});

describe.skipIf(!chromiumAvailable)("the Webhooks page in headless Chromium", () => {
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
    await reportCspViolations(page);
    page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  });
  afterAll(async () => browser?.close());

  /**
   * Sends a test event and reads its result where the button is: pending first (the receiver takes 1.5 s), then put
   * in place by the page's poll, in the same document (no reload). Returns the box's webhook-id.
   */
  const sendTest = async () => {
    await page.getByRole("button", { name: "Send test event" }).click();
    await page.locator("#test-result.pending").waitFor();
    await page.evaluate("window.sameDocument = true");
    await page.locator("#test-result.ok").waitFor({ timeout: 15_000 });
    expect(await page.evaluate("window.sameDocument")).toBe(true);
    return (await page.locator("#test-result").getAttribute("data-message-id"))!;
  };

  it("add an endpoint (secret shown once) → send a test event → see the attempt → rotate → disable → enable → delete", async () => {
    await page.goto(`${w.base}/dashboard/sign-up`);
    await page.getByLabel("Email").fill("hooks-browser@example.com");
    await page.getByLabel(/Password/).fill("a long enough password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => page.url()).toContain("/dashboard/keys");

    await page.getByRole("link", { name: "Webhooks" }).click();
    const url = `${rx.base}/browser`;
    await page.getByLabel("Endpoint URL").fill(url);
    await page.getByLabel("Description").fill("My receiver");
    // A new endpoint starts with a match's start and end; more are ticked by hand.
    const checked = await page.locator('input[name="events"]:checked').all();
    const ticked = await Promise.all(checked.map((box) => box.getAttribute("value")));
    expect(ticked).toEqual(["match.status_changed", "match.finished"]);
    await page.getByRole("checkbox", { name: /^match\.score_updated\b/ }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await page.locator("#new-secret-value").textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await page.getByRole("button", { name: "Copy" }).waitFor({ state: "visible", timeout: 5000 });
    const row = page.locator("tbody tr", { hasText: url });
    expect(await row.textContent()).toContain("My receiver");
    expect(await row.locator("td").nth(1).textContent()).toBe(
      "match.status_changed, match.score_updated, match.finished",
    );
    await page.goto(`${w.base}/dashboard/webhooks`);
    expect(await page.locator("#new-secret-value").count()).toBe(0);
    expect(await page.content()).not.toContain(secret);

    await page.getByRole("link", { name: `Details of ${url}` }).click();
    const firstId = await sendTest();
    const [first] = await rx.waitFor("/browser", 1);
    expect(new Webhook(secret).verify(first!.body, first!.headers)).toMatchObject({ type: "webhook.test" });
    expect(first!.headers["webhook-id"]).toBe(firstId);
    const result = page.locator("#test-result");
    expect(await result.locator("strong").textContent()).toBe("Test event delivered");
    expect(await result.locator(".result").textContent()).toBe("HTTP 200");
    expect(await result.textContent()).toMatch(/in \d+ ms at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    expect(await result.locator("code").textContent()).toBe(firstId);
    expect(await result.textContent()).toContain("answer: “thanks”");
    await expect
      .poll(async () => {
        await page.reload();
        return page.locator("#attempts tbody tr").count();
      })
      .toBe(1);
    const attempt = page.locator("#attempts tbody tr").first();
    expect(await attempt.locator(".event").textContent()).toBe("webhook.test");
    expect(await attempt.locator(".attempt").textContent()).toBe("1");
    expect(await attempt.locator(".outcome").textContent()).toBe("delivered");
    expect(await attempt.locator(".status-code").textContent()).toBe("200");
    expect(await attempt.locator(".latency").textContent()).toMatch(/^\d+ ms$/);

    await page.getByRole("button", { name: "Rotate secret" }).click();
    const rotated = (await page.locator("#new-secret-value").textContent())!.trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    const secondId = await sendTest();
    const [, second] = await rx.waitFor("/browser", 2);
    expect(second!.headers["webhook-id"]).toBe(secondId);
    // During the 24 h overlap both signatures are on the request: receivers with either secret verify it.
    expect(second!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    for (const s of [secret, rotated]) expect(new Webhook(s).verify(second!.body, second!.headers)).toBeTruthy();

    await page.getByRole("button", { name: "Disable" }).click();
    expect(await page.locator("#endpoint-status").textContent()).toBe("disabled");
    expect(await page.locator("#disabled-reason").textContent()).toContain("disabled by the account (dashboard)");
    await page.getByRole("button", { name: "Enable" }).click();
    expect(await page.locator("#endpoint-status").textContent()).toBe("enabled");
    expect(await page.locator("#disabled-reason").count()).toBe(0);

    await page.getByRole("checkbox", { name: /^match\.score_updated\b/ }).uncheck();
    await page.getByRole("button", { name: "Save events" }).click();
    await page.getByText("Events saved.").waitFor();
    expect(await page.getByRole("checkbox", { name: /^match\.score_updated\b/ }).isChecked()).toBe(false);
    expect(await page.getByRole("checkbox", { name: /^match\.finished\b/ }).isChecked()).toBe(true);

    await page.getByRole("button", { name: `Delete ${url}` }).click();
    await page.getByText("Endpoint deleted.").waitFor();
    expect(await page.locator("tbody tr", { hasText: url }).count()).toBe(0);
    expect(consoleErrors, "no CSP violation, no script error").toEqual([]);
  });
});
