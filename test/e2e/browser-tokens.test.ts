// A customer's page on another origin, in headless Chromium, with a browser token its own server minted
// (docs/security-and-limits.md "Browser tokens"): it reads a match over REST (a CORS preflight for X-API-Key),
// follows it with EventSource and a WebSocket, and cannot call /v1/tokens itself.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable, launchChromium } from "./chromium";
import { startWorker, type RunningWorker } from "./worker";

let w: RunningWorker;
let browser: Browser;
let site: Server;
let origin: string;
const now = () => Math.floor(Date.now() / 1000);
const MATCH = "m_cross_origin";
const LIVE = {
  op: "match",
  id: MATCH,
  sport: "football",
  league_id: "lg_fb_eng1",
  home_team_id: "tm_fb_arsenal",
  away_team_id: "tm_fb_fulham",
  kickoff_ts: now() - 600,
  status_code: 2,
  period: 12,
  minute: 10,
};

/** The customer's site: one page, and the endpoint that mints tokens with the secret key (server side only). */
function customerSite(key: string) {
  return createServer(async (req, res) => {
    if (req.url === "/token") {
      const r = await fetch(`${w.base}/v1/tokens`, {
        method: "POST",
        headers: { "x-api-key": key, "content-type": "application/json" },
        body: JSON.stringify({ match_ids: [MATCH], scopes: ["read:matches", "stream:websocket"], ttl_seconds: 120 }),
      });
      res.writeHead(r.status, { "content-type": "application/json" }).end(await r.text());
      return;
    }
    res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>fans</title><p>scores</p>");
  });
}

describe.skipIf(!chromiumAvailable)("a page on another origin with a browser token", () => {
  beforeAll(async () => {
    w = await startWorker();
    const res = await w.ingest([LIVE]);
    expect(res.status).toBe(200);
    site = customerSite(w.demoKey);
    await new Promise<void>((r) => site.listen(0, "127.0.0.1", r));
    // "localhost" against the Worker's "127.0.0.1": another origin for the browser.
    origin = `http://localhost:${(site.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    site?.close();
    await w?.stop();
  });

  it("reads over REST, streams over SSE and WebSocket, and is refused /v1/tokens", async () => {
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto(`${origin}/`);
    const api = w.base;
    // In the page (a string: this file is type-checked without the DOM's types).
    const result = await page.evaluate<{
      status: number;
      detail: { seq: number };
      exposed: any;
      minted: string;
      other: number;
    }>(`(async () => {
      const api = ${JSON.stringify(api)}, match = ${JSON.stringify(MATCH)};
      const { token } = await (await fetch("/token")).json();
      // REST with the token in a header: a preflighted cross-origin read.
      const read = await fetch(api + "/v1/football/matches/" + match, { headers: { "x-api-key": token } });
      const detail = await read.json();
      const exposed = { etag: read.headers.get("etag"), remaining: read.headers.get("x-ratelimit-remaining") };
      // SSE and WebSocket from the seq the read reflects: each waits for the next score.
      const sse = new EventSource(api + "/v1/sse/match/" + match + "?api_key=" + token + "&since=" + detail.seq);
      const sseGot = new Promise((resolve, reject) => {
        sse.addEventListener("score_update", (e) => resolve(JSON.parse(e.data)));
        sse.onerror = () => reject(new Error("EventSource failed"));
      });
      const ws = new WebSocket(api.replace("http", "ws") + "/v1/ws/match/" + match + "?api_key=" + token + "&since=" + detail.seq);
      const wsGot = new Promise((resolve) => (ws.onmessage = (e) => resolve(JSON.parse(e.data))));
      await Promise.all([new Promise((r) => (sse.onopen = r)), new Promise((r) => (ws.onopen = r))]);
      window.streams = { sseGot, wsGot, sse, ws };
      // The page cannot mint tokens itself: the preflight of /v1/tokens is refused.
      const minted = await fetch(api + "/v1/tokens", {
        method: "POST",
        headers: { "x-api-key": token, "content-type": "application/json" },
        body: "{}",
      }).then((r) => "HTTP " + r.status, () => "blocked");
      // Another match than the token's: 404, readable from the page.
      const other = await fetch(api + "/v1/football/matches/m_other", { headers: { "x-api-key": token } });
      return { status: read.status, detail, exposed, minted, other: other.status };
    })()`);
    expect(result.status, JSON.stringify(result)).toBe(200);
    expect(result.exposed.etag).toBeTruthy();
    expect(Number(result.exposed.remaining)).toBeGreaterThan(0);
    expect(result.minted).toBe("blocked");
    expect(result.other).toBe(404);

    expect((await w.ingest([{ ...LIVE, home_score: 1, minute: 11 }])).status).toBe(200);
    const got = await page.evaluate<{ sse: any; ws: any }>(`(async () => {
      const s = window.streams;
      const [sse, ws] = await Promise.all([s.sseGot, s.wsGot]);
      s.sse.close();
      s.ws.close();
      return { sse, ws };
    })()`);
    expect(got.sse).toMatchObject({ type: "score_update", seq: result.detail.seq + 1, data: { home: 1 } });
    expect(got.ws).toEqual(got.sse);
    // The secret key never reached the browser: no request of the page carries it.
    expect(requests.some((u) => u.includes(w.demoKey))).toBe(false);
    await page.close();
  });
});
