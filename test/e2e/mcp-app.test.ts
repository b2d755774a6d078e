// The MCP App "match centre" in Chromium, hosted the way a chat client hosts it: a page of its own origin whose MCP
// client (through its own server, which holds the key) makes a real `tools/call show_match`, reads the ui:// resource
// and renders it in a sandboxed iframe under the resource's CSP through ext-apps' AppBridge (test/e2e/app-host). The
// Worker's public address is a proxy in front of it, so a test can cut the app's connection as a network would.
import { build } from "esbuild";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable, launchChromium, reportCspViolations, SHOTS } from "./chromium";
import { tcpProxy, type TcpProxy } from "./tcp-proxy";
import { FOOTBALL, liveFootballMatch } from "./live-fixtures";
import { freePort, startWorker, type RunningWorker } from "./worker";

let w: RunningWorker;
let proxy: TcpProxy;
let host: Server;
let hostBase: string;
let browser: Browser;
const POLL = { timeout: 10_000, interval: 100 };

/** The host page's server: the page, its script, and /mcp forwarded to the Worker with the key (never in the page). */
async function startHost(): Promise<Server> {
  const js = (
    await build({
      entryPoints: [new URL("app-host/main.ts", import.meta.url).pathname],
      bundle: true,
      format: "iife",
      platform: "browser",
      target: "es2022",
      write: false,
      logLevel: "silent",
    })
  ).outputFiles[0]!.text;
  const page = `<!doctype html><html><head><meta charset="utf-8"><title>Test MCP host</title></head><body><script src="/host.js"></script></body></html>`;
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://host").pathname;
    if (path === "/") return res.writeHead(200, { "content-type": "text/html" }).end(page);
    if (path === "/host.js") return res.writeHead(200, { "content-type": "text/javascript" }).end(js);
    if (path !== "/mcp") return res.writeHead(404).end();
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers: Record<string, string> = { "x-api-key": w.demoKey };
    for (const h of ["content-type", "accept", "mcp-protocol-version", "mcp-session-id", "last-event-id"])
      if (typeof req.headers[h] === "string") headers[h] = req.headers[h] as string;
    const upstream = await fetch(`${w.base}/v1/mcp`, {
      method: req.method,
      headers,
      body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
    });
    const out: Record<string, string> = {};
    for (const h of ["content-type", "mcp-session-id", "www-authenticate"]) {
      const v = upstream.headers.get(h);
      if (v) out[h] = v;
    }
    res.writeHead(upstream.status, out);
    if (upstream.body) for await (const c of upstream.body) res.write(c);
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return server;
}

beforeAll(async () => {
  const port = await freePort();
  w = await startWorker({ vars: { PUBLIC_BASE_URL: `http://127.0.0.1:${port}` } });
  proxy = await tcpProxy(w.base, port);
  host = await startHost();
  hostBase = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  if (chromiumAvailable) browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => host?.close(r));
  await proxy?.close();
  await w?.stop();
});

const liveMatch = (id: string) => liveFootballMatch(w, id);

interface Watched {
  page: Page;
  /** Every request and WebSocket the page and its iframe made. */
  urls: string[];
  sockets: string[];
  consoleErrors: string[];
  host(): Promise<{ status: string; error: string; modelTools: string[]; appCalls: string[] }>;
}

async function openHost(matchId: string): Promise<Watched> {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  const urls: string[] = [];
  const sockets: string[] = [];
  const consoleErrors: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  page.on("websocket", (ws) => {
    urls.push(ws.url());
    sockets.push(ws.url());
  });
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  await reportCspViolations(page);
  await page.goto(`${hostBase}/?match=${matchId}`);
  const watched: Watched = {
    page,
    urls,
    sockets,
    consoleErrors,
    host: () => page.evaluate(() => (globalThis as any).host),
  };
  await expect.poll(async () => (await watched.host()).status, POLL).not.toBe("starting");
  const h = await watched.host();
  expect(h.status, h.error).toBe("rendered");
  return watched;
}

const app = (p: Page) => p.frameLocator("iframe");

describe.skipIf(!chromiumAvailable)("the match centre in an MCP Apps host (Chromium, AppBridge)", () => {
  it("renders the resource from a real show_match call; an ingest moves the scoreboard; nothing leaves our origins", async () => {
    await liveMatch("m_app_1");
    const v = await openHost("m_app_1");
    const frame = app(v.page);
    await frame.getByText("Following live.").waitFor({ timeout: 10_000 });
    expect(await frame.locator("#home").textContent()).toBe("Arsenal");
    expect(await frame.locator("#away").textContent()).toBe("Everton");
    expect(await frame.locator("#score").textContent()).toBe("1 – 0");
    expect(await frame.locator("#state").textContent()).toBe("1st Half · 20'");
    await frame.getByText("Goal: Bukayo Saka (Arsenal) – Header").waitFor();

    await w.ingest([
      {
        op: "events",
        match_id: "m_app_1",
        events: [{ id: "m_app_1_e3", type: "goal", minute: 24, team: "away", player: "Dwight McNeil" }],
      },
      { ...FOOTBALL, id: "m_app_1", away_score: 1, minute: 24 },
    ]);
    await expect.poll(() => frame.locator("#score").textContent(), POLL).toBe("1 – 1");
    await frame.getByText("Goal: Dwight McNeil (Everton)").waitFor();
    expect(await frame.locator("#state").textContent()).toBe("1st Half · 24'");
    await v.page.screenshot({ path: `${SHOTS}/mcp-app.png` });

    // The model is offered show_match; refresh_match_token is the app's alone.
    const h = await v.host();
    expect(h.modelTools).toContain("show_match");
    expect(h.modelTools).not.toContain("refresh_match_token");
    // The app streamed itself, from the seq it was handed, with its match token, from our origin.
    expect(v.sockets).toHaveLength(1);
    expect(v.sockets[0]).toMatch(
      new RegExp(`^ws://127\\.0\\.0\\.1:\\d+/v1/ws/match/m_app_1\\?api_key=tk_test_[\\w-]+&since=\\d+$`),
    );
    const ours = new Set([hostBase, proxy.base, proxy.base.replace("http", "ws")]);
    const elsewhere = v.urls.filter((u) => !ours.has(new URL(u).origin));
    expect(elsewhere).toEqual([]);
    // The app read the timeline over REST from our origin: the request reached the Worker through its public address.
    // (Counted at the proxy: a browser's request events for a cross-origin iframe can come late under load.)
    expect(proxy.requests).toContain("GET /v1/football/matches/m_app_1/events");
    expect(v.consoleErrors.filter((e) => /Content Security Policy/.test(e))).toEqual([]);
    await v.page.close();
  });

  it("after a drop it gets a fresh token through the host (the app-only tool) and resumes from ?since=", async () => {
    await liveMatch("m_app_2");
    const v = await openHost("m_app_2");
    const frame = app(v.page);
    await frame.getByText("Following live.").waitFor({ timeout: 10_000 });
    await proxy.cut();
    try {
      await frame.getByText(/The connection dropped\. Reconnecting in \d+ s…/).waitFor({ timeout: 10_000 });
      // While the app is cut off: a goal.
      await w.ingest([
        {
          op: "events",
          match_id: "m_app_2",
          events: [{ id: "m_app_2_e3", type: "goal", minute: 22, team: "home", player: "Declan Rice" }],
        },
        { ...FOOTBALL, id: "m_app_2", home_score: 2, minute: 22 },
      ]);
      await expect.poll(async () => (await v.host()).appCalls, POLL).toContain("refresh_match_token");
    } finally {
      await proxy.restore();
    }
    await expect.poll(() => frame.locator("#score").textContent(), { ...POLL, timeout: 40_000 }).toBe("2 – 0");
    await frame.getByText("Goal: Declan Rice (Arsenal)").waitFor();
    await frame.getByText("Following live again; missed updates were replayed.").waitFor();
    expect((await v.host()).appCalls.every((name) => name === "refresh_match_token")).toBe(true);
    const tokenOf = (u: string) => new URL(u).searchParams.get("api_key");
    const sinceOf = (u: string) => Number(new URL(u).searchParams.get("since"));
    const [first, last] = [v.sockets[0]!, v.sockets.at(-1)!];
    expect(tokenOf(last)).not.toBe(tokenOf(first));
    expect(sinceOf(last)).toBe(sinceOf(first));
    await v.page.close();
  });
});
