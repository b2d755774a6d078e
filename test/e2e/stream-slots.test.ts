// A stream's slot comes back as soon as its client goes away, however it goes: an MCP listen closed by the official
// client (`subscription.close()`) or aborted, an SSE stream aborted by fetch or dropped with its TCP connection, a
// WebSocket closed. A trial account has two slots: one slot left taken locks half of its streaming out, two lock it
// out of every WebSocket, SSE stream and listen (docs/security-and-limits.md "Plans and rate limits").
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectModern, watch } from "../helpers/mcp-watch";
import { open, refusedStatus } from "./ws-client";
import { startWorker, type RunningWorker } from "./worker";

let w: RunningWorker;
const MATCH = "m_e2e_slots";

beforeAll(async () => {
  w = await startWorker();
  const res = await w.ingest([
    {
      op: "match",
      id: MATCH,
      sport: "football",
      league_id: "lg_fb_eng1",
      home_team_id: "tm_fb_arsenal",
      away_team_id: "tm_fb_everton",
      kickoff_ts: Math.floor(Date.now() / 1000) - 1200,
      status_code: 2,
      period: 12,
      minute: 20,
    },
  ]);
  expect(res.status).toBe(200);
});
afterAll(async () => w?.stop());

let accounts = 0;
/** A fresh trial account (two concurrent streams) tracking the match's league, and its key. */
async function trialKey() {
  const email = `slots-${++accounts}-${Date.now()}@example.com`;
  const acc = (await (await w.admin("POST", "/accounts", { email, plan: "trial" })).json()) as { id: string };
  await w.admin("PUT", `/accounts/${acc.id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
  const { key } = (await (await w.admin("POST", `/accounts/${acc.id}/keys`, { name: "slots" })).json()) as {
    key: string;
  };
  return key;
}

/** An SSE stream of the match, open until `abort()`; resolves once the first event (the state) has arrived. */
async function sse(key: string, query = "") {
  const ctl = new AbortController();
  const res = await fetch(`${w.base}/v1/sse/match/${MATCH}${query}`, {
    headers: { "x-api-key": key },
    signal: ctl.signal,
  });
  if (res.status !== 200) return { status: res.status, abort: () => ctl.abort(), first: "" };
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  return { status: 200, abort: () => ctl.abort(), first: new TextDecoder().decode(value), reader };
}

/** Polls until a new stream of `key` is admitted (or `ms` pass): how long the slot took to come back, or null. */
async function slotBackWithin(key: string, ms: number): Promise<number | null> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    const s = await sse(key);
    if (s.status === 200) {
      s.abort();
      return Date.now() - t0;
    }
    expect(s.status).toBe(429);
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

/** Fills the account's second slot with a WebSocket, so the next stream needs the slot under test back. */
async function fillSecond(key: string) {
  const ws = await open(`${w.ws}/v1/ws/match/${MATCH}?api_key=${key}`);
  expect(await refusedStatus(`${w.ws}/v1/ws/match/${MATCH}?api_key=${key}`)).toBe(429);
  return ws;
}

describe("an MCP listen gives its slot back when the client ends it", () => {
  it("subscription.close() from the official client frees the slot within 2 s", async () => {
    const key = await trialKey();
    const client = await connectModern(w.base, { "x-api-key": key });
    const watching = await watch(client, [`sports://football/matches/${MATCH}`]);
    const ws = await fillSecond(key);
    await watching.subscription.close();
    expect(await slotBackWithin(key, 2000)).not.toBeNull();
    ws.ws.close();
    await client.close();
  });

  it("aborting the listen request (the client's signal) frees the slot within 2 s", async () => {
    const key = await trialKey();
    const client = await connectModern(w.base, { "x-api-key": key });
    const ctl = new AbortController();
    const sub = await client.listen(
      { resourceSubscriptions: [`sports://football/matches/${MATCH}`] },
      { signal: ctl.signal },
    );
    const ws = await fillSecond(key);
    ctl.abort();
    await sub.closed.catch(() => {});
    expect(await slotBackWithin(key, 2000)).not.toBeNull();
    ws.ws.close();
    await client.close();
  });
});

describe("an SSE stream gives its slot back when the client goes away", () => {
  it("a fetch abort frees the slot within 2 s", async () => {
    const key = await trialKey();
    const stream = await sse(key);
    expect(stream.status).toBe(200);
    const ws = await fillSecond(key);
    stream.abort();
    expect(await slotBackWithin(key, 2000)).not.toBeNull();
    ws.ws.close();
  });

  it("a dropped connection (the socket destroyed, as curl exiting) frees the slot within 2 s", async () => {
    const key = await trialKey();
    const req = httpRequest(`${w.base}/v1/sse/match/${MATCH}`, { headers: { "x-api-key": key } });
    const first = new Promise<void>((resolve) => req.on("response", (res) => res.once("data", () => resolve())));
    req.end();
    await first;
    const ws = await fillSecond(key);
    req.destroy();
    expect(await slotBackWithin(key, 2000)).not.toBeNull();
    ws.ws.close();
  });
});

describe("since", () => {
  it("a since beyond the match's seq opens with a fresh state within 1 s, not silence", async () => {
    const key = await trialKey();
    const t0 = Date.now();
    const stream = await sse(key, "?since=999999");
    expect(stream.status).toBe(200);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(stream.first).toContain("event: state");
    stream.abort();
    const ws = await open(`${w.ws}/v1/ws/match/${MATCH}?api_key=${key}&since=999999`);
    const t1 = Date.now();
    while (ws.states.length === 0 && Date.now() - t1 < 1000) await new Promise((r) => setTimeout(r, 20));
    expect(ws.states.map((m) => m.match_id)).toEqual([MATCH]);
    ws.ws.close();
  });
});
