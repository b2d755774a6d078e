// The TypeScript SDK (sdk/) against the Worker under `wrangler dev`: typed REST calls, a token provider, and the live
// helpers surviving a cut network (a TCP proxy that drops every connection and refuses new ones) without losing or
// repeating a message. Plus the generated-code check: the committed types match what this Worker serves.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { DOCUMENTS, render, FILES } from "../../sdk/scripts/codegen.mjs";
import {
  createSportsClient,
  ReplayError,
  type MatchDetail,
  type SportsClient,
  type StreamMessage,
} from "../../sdk/src/index";
import { liveMatchOp, matchOp } from "../helpers/ops";
import { recorder } from "./sdk-recorder";
import { tcpProxy, type TcpProxy } from "./tcp-proxy";
import { startWorker, type RunningWorker } from "./worker";
import { readFileSync } from "node:fs";

let w: RunningWorker;
beforeAll(async () => {
  w = await startWorker();
});
afterAll(async () => w?.stop());

async function ingestOk(ops: unknown[]) {
  const res = await w.ingest(ops);
  expect(res.status, await res.clone().text()).toBe(200);
}
const score = (id: string, home: number, minute: number) => matchOp({ id, home_score: home, minute });

describe("REST calls typed by the OpenAPI document", () => {
  it("lists today's football matches and reads one in detail, with a key", async () => {
    const sports = createSportsClient({ baseUrl: w.base, apiKey: w.demoKey });
    const today = new Date().toISOString().slice(0, 10);
    const list = await sports.GET("/v1/football/matches", { params: { query: { date: today, limit: 5 } } });
    expect(list.response.status).toBe(200);
    expect(list.error).toBeUndefined();
    const page = list.data!;
    expect(page.limit).toBe(5);
    expect(page.data.length).toBeGreaterThan(0);
    const first = page.data[0]!;
    expectTypeOf(first.seq).toEqualTypeOf<number>();
    expectTypeOf(first.status_code).toEqualTypeOf<1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10>();

    const detail = await sports.GET("/v1/football/matches/{id}", { params: { path: { id: first.id } } });
    expect(detail.response.status).toBe(200);
    expectTypeOf(detail.data).toEqualTypeOf<MatchDetail | undefined>();
    expect(detail.data).toMatchObject({
      id: first.id,
      sport: "football",
      seq: first.seq,
      home_team: first.home_team,
      league: { id: first.league_id },
    });
  });

  it("answers a refusal as the typed problem", async () => {
    const sports = createSportsClient({ baseUrl: w.base, apiKey: w.demoKey });
    const res = await sports.GET("/v1/basketball/matches/{id}", { params: { path: { id: "m_nope" } } });
    expect(res.response.status).toBe(404);
    expect(res.data).toBeUndefined();
    expect(res.error).toMatchObject({ code: "not_found", status: 404 });
  });

  it("takes a token provider: a refused token is renewed once and the call repeated; a good one is reused", async () => {
    const handed: string[] = [];
    const bogus = `sk_test_${"1".repeat(32)}`;
    // Keys and browser tokens travel the same way, so the demo key stands in for a token minted by POST /v1/tokens.
    const sports = createSportsClient({
      baseUrl: w.base,
      token: async () => {
        const token = handed.length === 0 ? bogus : w.demoKey;
        handed.push(token);
        return { token, expires_at: new Date(Date.now() + 600_000).toISOString() };
      },
    });
    const first = await sports.GET("/v1/football/leagues");
    expect(first.response.status).toBe(200);
    expect(first.data!.data.map((l) => l.id)).toContain("lg_fb_eng1");
    expect((await sports.GET("/v1/basketball/leagues")).response.status).toBe(200);
    expect(handed).toEqual([bogus, w.demoKey]);
  });
});

describe("with real browser tokens from POST /v1/tokens", () => {
  it("a provider minting match-scoped tokens reads and streams that match over SSE", async () => {
    const id = "m_sdk_token";
    await ingestOk([liveMatchOp({ id, minute: 20 })]);
    let mints = 0;
    // What a customer's server endpoint does, inlined: the key stays on this side.
    const provider = async () => {
      mints++;
      const res = await fetch(`${w.base}/v1/tokens`, {
        method: "POST",
        headers: { "x-api-key": w.demoKey, "content-type": "application/json" },
        body: JSON.stringify({ match_ids: [id], ttl_seconds: 120 }),
      });
      expect(res.status).toBe(201);
      return (await res.json()) as { token: string; expires_at: string };
    };
    const sports = createSportsClient({ baseUrl: w.base, token: provider });
    const detail = await sports.GET("/v1/football/matches/{id}", { params: { path: { id } } });
    expect(detail.data).toMatchObject({ id, minute: 20 });
    const other = await sports.GET("/v1/football/matches", { params: { query: { status: "live" } } });
    expect(other.response.status).toBe(403);
    expect(other.error).toMatchObject({ code: "token_restricted" });
    const r = recorder();
    const sub = sports.match(id, { transport: "sse", since: detail.data!.seq, ...r });
    await ingestOk([score(id, 1, 21)]);
    await r.until("the update", () => r.messages.length > 0);
    expect(r.messages[0]).toMatchObject({ type: "score_update", seq: detail.data!.seq + 1, data: { home: 1 } });
    // One token served the reads and the stream: 120 s of life is far from the refresh margin.
    expect(mints).toBe(1);
    sub.close();
  });
});

// Never called: the compiler checks that wrong paths, parameters and fields are refused.
export function typeErrors(sports: SportsClient) {
  // @ts-expect-error not a path of the API
  void sports.GET("/v1/cricket/matches");
  // @ts-expect-error the detail needs its path parameter
  void sports.GET("/v1/football/matches/{id}", {});
  // @ts-expect-error `status` takes scheduled, live or finished
  void sports.GET("/v1/football/matches", { params: { query: { status: "paused" } } });
  void sports.GET("/v1/football/matches").then(({ data }) => {
    // @ts-expect-error list items have no `colour`
    void data?.data[0]?.colour;
  });
}

describe.each(["websocket", "sse"] as const)("match() over %s", (transport) => {
  let proxy: TcpProxy;
  beforeAll(async () => {
    proxy = await tcpProxy(w.base);
  });
  afterAll(async () => proxy?.close());

  it("survives a forced disconnect: every seq once, in order, the gap replayed with ?since=", async () => {
    const id = `m_sdk_${transport}`;
    await ingestOk([liveMatchOp({ id, minute: 10 })]);
    const sports = createSportsClient({ baseUrl: proxy.base, apiKey: w.demoKey });
    const r = recorder();
    const last = () => r.messages.at(-1)?.seq ?? -1;
    const sub = sports.match(id, { transport, ...r, reconnect: { initialDelayMs: 50, maxDelayMs: 400 } });

    await r.until("the state message", () => r.messages.length > 0);
    const state = r.messages[0]!;
    expect(state).toMatchObject({ type: "state", match_id: id, data: { id, home_score: 0, status_code: 2 } });
    const s = state.seq;
    await ingestOk([score(id, 1, 11)]);
    await ingestOk([score(id, 2, 12)]);
    await r.until("two updates", () => last() === s + 2);

    await proxy.cut();
    await r.until("the helper to notice the drop", () => r.statuses.includes("reconnecting"));
    for (let i = 3; i <= 5; i++) await ingestOk([score(id, i, 10 + i)]);
    await proxy.restore();
    await r.until("the gap, replayed", () => last() === s + 5);
    await ingestOk([score(id, 6, 16)]);
    await r.until("an update after the reconnect", () => last() === s + 6);

    expect(r.seqs(id)).toEqual([s, s + 1, s + 2, s + 3, s + 4, s + 5, s + 6]);
    expect(r.messages.slice(1).map((m) => (m.type === "score_update" ? m.data.home : null))).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    expect(sub.seqs.get(id)).toBe(s + 6);
    expect(sub.matches.get(id)).toMatchObject({ home_score: 6, minute: 16, seq: s + 6 });
    const rest = await sports.GET("/v1/football/matches/{id}", { params: { path: { id } } });
    expect(rest.data).toMatchObject({ home_score: 6, seq: s + 6 });
    expect(r.errors.every((e) => !e.fatal)).toBe(true);

    // The final whistle ends the stream for good: no reconnect after 1000.
    await ingestOk([matchOp({ id, status_code: 3 })]);
    await expect(sub.done).resolves.toMatchObject({ kind: "finished" });
    expect(r.messages.at(-1)).toMatchObject({ type: "status_change", data: { from: 2, to: 3 } });
    expect(r.statuses.at(-1)).toBe("ended");
  });
  it("ends with a fatal error when reconnecting cannot help: a refused key, an unknown match", async () => {
    const badKey = createSportsClient({ baseUrl: w.base, apiKey: `sk_test_${"2".repeat(32)}` });
    const refused = await badKey.match("m_sdk_websocket", { transport, onMessage: () => {} }).done;
    expect(refused).toMatchObject({ kind: "failed", error: { fatal: true, detail: { kind: "refused", status: 401 } } });
    const sports = createSportsClient({ baseUrl: w.base, apiKey: w.demoKey });
    const unknown = await sports.match("m_sdk_nope", { transport, onMessage: () => {} }).done;
    expect(unknown).toMatchObject({ kind: "failed", error: { detail: { kind: "refused", status: 404 } } });
  });
});

describe("live()", () => {
  it("applies the fresh state of each live match after a reconnect (no replay on the live stream)", async () => {
    const id = "m_sdk_live";
    await ingestOk([liveMatchOp({ id, minute: 5 })]);
    const proxy = await tcpProxy(w.base);
    try {
      const sports = createSportsClient({ baseUrl: proxy.base, apiKey: w.demoKey });
      const r = recorder();
      const ours = () => r.messages.filter((m) => m.match_id === id);
      const sub = sports.live({ ...r, reconnect: { initialDelayMs: 50, maxDelayMs: 400 } });
      await r.until("our match's state", () => ours().length > 0);
      expect(ours()[0]).toMatchObject({ type: "state", data: { id, home_score: 0 } });

      await proxy.cut();
      await r.until("the helper to notice the drop", () => r.statuses.includes("reconnecting"));
      await ingestOk([score(id, 1, 6)]);
      await ingestOk([score(id, 2, 7)]);
      await proxy.restore();
      await r.until("the new state", () => ours().length > 1);
      const again = ours()[1] as Extract<StreamMessage, { type: "state" }>;
      expect(again).toMatchObject({ type: "state", seq: ours()[0]!.seq + 2, data: { home_score: 2, minute: 7 } });
      expect(sub.matches.get(id)).toMatchObject({ home_score: 2, seq: again.seq });
      // Other live matches' states on the reconnect are not repeats either: each match's seqs only grow.
      for (const match of new Set(r.messages.map((m) => m.match_id))) {
        const seqs = r.seqs(match);
        expect(
          seqs.every((seq, i) => i === 0 || seq > seqs[i - 1]!),
          `${match}: ${seqs}`,
        ).toBe(true);
      }
      sub.close();
      await expect(sub.done).resolves.toEqual({ kind: "closed" });
    } finally {
      await proxy.close();
    }
  });
});

describe("the SDK's generated code", () => {
  it("replays: plays a finished match as a new one and follows it from its first message to the final whistle", async () => {
    const sports = createSportsClient({ baseUrl: w.base, apiKey: w.demoKey });
    // A finished demo match with a timeline.
    const finished = await sports.GET("/v1/football/matches", { params: { query: { status: "finished", limit: 20 } } });
    let source = "";
    for (const m of finished.data!.data) {
      const ev = await sports.GET("/v1/football/matches/{id}/events", { params: { path: { id: m.id } } });
      if ((ev.data?.data.length ?? 0) > 0) {
        source = m.id;
        break;
      }
    }
    expect(source).not.toBe("");
    const messages: StreamMessage[] = [];
    const { replay, subscription } = await sports.replays.play(
      { match_id: source, speed: 600 },
      { onMessage: (m) => void messages.push(m) },
    );
    expect(replay).toMatchObject({ source_match_id: source, speed: 600, status: "playing" });
    expect(await subscription.done).toMatchObject({ kind: "finished" });
    expect(messages.map((m) => m.seq)).toEqual(messages.map((_, i) => i + 1));
    expect(messages.some((m) => m.type === "event_added")).toBe(true);
    expect((await sports.replays.list()).find((r) => r.id === replay.id)).toMatchObject({ status: "finished" });
    await sports.replays.stop(replay.id);
    // A refusal is the API's problem.
    const refused = await sports.replays
      .play({ match_id: source, speed: 601 }, { onMessage: () => {} })
      .catch((e) => e);
    expect(refused).toBeInstanceOf(ReplayError);
    expect(refused).toMatchObject({ status: 400, problem: { code: "invalid_request" } });
    expect(refused.message).toContain("`speed`");
  });

  it("matches this Worker's /v1/openapi.json and /v1/asyncapi.json (else: npm run sdk:generate)", async () => {
    const read = async (path: string) => (await fetch(`${w.base}${path}`)).json() as Promise<object>;
    const rendered = await render({ openapi: await read(DOCUMENTS.openapi), asyncapi: await read(DOCUMENTS.asyncapi) });
    for (const key of Object.keys(FILES) as (keyof typeof FILES)[]) {
      const committed = readFileSync(FILES[key], "utf8");
      expect(committed === rendered[key], `${FILES[key]} is stale: run npm run sdk:generate`).toBe(true);
    }
  });
});
