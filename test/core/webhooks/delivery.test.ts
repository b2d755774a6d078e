// Webhook delivery end to end inside the Workers pool: ingest → queue → consumer → receiver (docs/webhooks.md).
// Every event type, signed (verified with the standardwebhooks library), with the match stream's seq; filters and
// tracked leagues decide who gets what; a slow, failing endpoint does not delay another, and a hanging one holds only
// its own lane (workers/webhook-lane.ts), here in the local runtime too.
import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebhookPayloads } from "../../../src/core/domain/webhook-schemas";
import { admin, createKey } from "../../helpers/admin";
import { connect, ingestOps } from "../../helpers/live";
import { goalOp, liveMatchOp, matchOp } from "../../helpers/ops";
import { seed } from "../../helpers/seed";
import { attempts, createWebhook, fakeReceivers, RECEIVER, sleep, waitFor } from "../../helpers/webhooks";

await seed(["eng1", "euroleague"]);
const receivers = fakeReceivers();
afterAll(() => receivers.restore());

async function account(email: string, leagues: string[]) {
  const { id } = (await (await admin("POST", "/accounts", { email, plan: "growth" })).json()) as { id: string };
  await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: leagues });
  return id;
}
const liveMatch = (id: string, home = "tm_fb_arsenal", away = "tm_fb_liverpool") =>
  liveMatchOp({ id, home_team_id: home, away_team_id: away, period: 13, minute: 50 });

describe("a match played through ingest", () => {
  const ALL = [
    "match.score_updated",
    "match.event_added",
    "match.status_changed",
    "match.finished",
    "standings.updated",
  ];
  let tracker: string;
  let all: { id: string; secret: string };
  let finishedOnly: { id: string; secret: string };

  beforeAll(async () => {
    tracker = await account("wh-tracker@example.com", ["lg_fb_eng1"]);
    const elsewhere = await account("wh-elsewhere@example.com", ["lg_bb_euroleague"]);
    all = await createWebhook(tracker, { url: `${RECEIVER}/all` });
    finishedOnly = await createWebhook(tracker, { url: `${RECEIVER}/finished`, events: ["match.finished"] });
    await createWebhook(elsewhere, { url: `${RECEIVER}/untracked` });
    await ingestOps([liveMatch("m_wh_1")]);
    await ingestOps([matchOp({ id: "m_wh_1", home_score: 1, minute: 52 })]);
    await ingestOps([goalOp("m_wh_1", "ev_wh_1", 52)]);
    await ingestOps([matchOp({ id: "m_wh_1", status_code: 3 })]);
    await waitFor(
      () => receivers.at("/all"),
      (r) => new Set(r.map((x) => x.json.type)).size === ALL.length,
    );
  });

  it("every event type reaches an endpoint subscribed to all, signed so the library verifies it", async () => {
    const got = receivers.at("/all");
    expect(new Set(got.map((r) => r.json.type))).toEqual(new Set(ALL));
    for (const r of got) {
      expect(r.headers["content-type"]).toBe("application/json");
      expect(r.headers["webhook-id"]).toMatch(/^msg_/);
      expect(Number(r.headers["webhook-timestamp"])).toBeCloseTo(Date.now() / 1000, -2);
      expect(new Webhook(all.secret).verify(r.body, r.headers)).toEqual(r.json);
    }
    expect(new Set(got.map((r) => r.headers["webhook-id"])).size).toBe(got.length);
  });

  it("each body matches its documented schema and carries the match stream's seq", async () => {
    const key = await createKey(tracker);
    const replay = await connect("/v1/ws/match/m_wh_1?since=0", { "x-api-key": key.key });
    const frames = await replay.socket!.next(4);
    const seqOf = (type: string) => frames.find((f) => f.type === type)!.seq;
    const body = (type: string) => receivers.at("/all").find((r) => r.json.type === type)!.json;
    for (const r of receivers.at("/all")) {
      const schema = WebhookPayloads[r.json.type as keyof typeof WebhookPayloads];
      expect(schema.safeParse(r.json).error, r.json.type).toBeUndefined();
      expect(r.json.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
    expect(body("match.event_added").data).toMatchObject({
      match_id: "m_wh_1",
      sport: "football",
      league_id: "lg_fb_eng1",
      seq: seqOf("event_added"),
      id: "ev_wh_1",
      type: "goal",
      event_seq: 1,
    });
    expect(body("match.status_changed").data).toMatchObject({ seq: seqOf("status_change"), from: 2, to: 3 });
    expect(body("match.finished").data).toMatchObject({ seq: seqOf("status_change"), to: 3, home: 1, away: 0 });
    expect(body("match.score_updated").data).toMatchObject({ match_id: "m_wh_1", home: 1, away: 0 });
    const table = body("standings.updated").data;
    expect(table).toMatchObject({ match_id: "m_wh_1", league_id: "lg_fb_eng1", seq: seqOf("status_change") });
    expect(table.standings.find((row: any) => row.team_id === "tm_fb_arsenal")).toBeDefined();
    replay.socket!.ws.close();
  });

  it("an events filter is honoured: the match.finished endpoint got that one event only", async () => {
    const got = receivers.at("/finished");
    expect(got.map((r) => r.json.type)).toEqual(["match.finished"]);
    expect(new Webhook(finishedOnly.secret).verify(got[0]!.body, got[0]!.headers)).toBeTruthy();
  });

  it("an account that does not track the league gets nothing", async () => {
    await sleep(300);
    expect(receivers.at("/untracked")).toEqual([]);
  });

  it("every attempt is listed with event, status, latency and attempt number", async () => {
    const res = await admin("GET", `/webhooks/${all.id}/attempts`);
    const log = ((await res.json()) as any).data;
    expect(log.length).toBeGreaterThanOrEqual(ALL.length);
    for (const a of log) {
      expect(a).toMatchObject({ attempt: 1, outcome: "delivered", response_status: 200, response_excerpt: "ok" });
      expect(ALL).toContain(a.event_type);
      expect(a.latency_ms).toBeGreaterThanOrEqual(0);
    }
  });
});

describe("isolation between endpoints", () => {
  it("a slow, failing endpoint does not delay another endpoint of the same event", async () => {
    const acc = await account("wh-slow@example.com", ["lg_fb_eng1"]);
    let slowDone = 0;
    receivers.on("/slow", async (_r, signal) => {
      await sleep(4000, signal);
      slowDone = performance.now();
      return new Response("busy", { status: 503 });
    });
    await createWebhook(acc, { url: `${RECEIVER}/slow`, events: ["match.score_updated"] });
    await createWebhook(acc, { url: `${RECEIVER}/fast`, events: ["match.score_updated"] });
    await ingestOps([liveMatch("m_wh_slow", "tm_fb_chelsea", "tm_fb_everton")]);
    const start = performance.now();
    await ingestOps([matchOp({ id: "m_wh_slow", home_score: 1, minute: 60 })]);
    const [fast] = await waitFor(
      () => receivers.at("/fast"),
      (r) => r.length > 0,
    );
    expect(fast, "the fast endpoint got its message").toBeDefined();
    expect(fast!.at - start).toBeLessThan(1500);
    // However the two lanes were scheduled, the slow endpoint got the same event and the fast one did not wait for
    // its answer (4 s): it arrived before the slow endpoint answered.
    await waitFor(
      () => slowDone,
      (t) => t > 0,
      8000,
    );
    expect(receivers.at("/slow")).toHaveLength(1);
    expect(fast!.at, "the fast endpoint's delivery came before the slow endpoint answered").toBeLessThan(slowDone);
  });

  it("a hanging endpoint holds only its own lane: another endpoint's next event arrives within 1 s", async () => {
    // Before lanes, the local runtime's one-batch-at-a-time consumer held the next event's batch behind a hanging
    // request for the whole 10 s timeout.
    const acc = await account("wh-hang@example.com", ["lg_fb_eng1"]);
    receivers.on("/hang", (_r, signal) => sleep(60_000, signal).then(() => new Response("late")));
    const hang = await createWebhook(acc, { url: `${RECEIVER}/hang`, events: ["match.score_updated"] });
    await createWebhook(acc, { url: `${RECEIVER}/steady`, events: ["match.score_updated"] });
    await ingestOps([liveMatch("m_wh_hang", "tm_fb_fulham", "tm_fb_burnley")]);
    await ingestOps([matchOp({ id: "m_wh_hang", home_score: 1, minute: 61 })]);
    await waitFor(
      () => receivers.at("/steady").length + receivers.at("/hang").length,
      (n) => n >= 2,
    );
    expect(receivers.at("/hang"), "the hanging request is open").toHaveLength(1);
    // The receiver recovers; the request already open still hangs until the 10 s timeout.
    receivers.on("/hang", () => new Response("ok"));

    const start = performance.now();
    await ingestOps([matchOp({ id: "m_wh_hang", home_score: 2, minute: 62 })]);
    const steady = await waitFor(
      () => receivers.at("/steady"),
      (r) => r.length >= 2,
      3000,
    );
    expect(steady, "the other endpoint got the next event").toHaveLength(2);
    expect(steady[1]!.at - start).toBeLessThan(1000);
    expect(receivers.at("/hang"), "the lane sends its endpoint nothing more while a request is open").toHaveLength(1);

    const log = await waitFor(
      () => attempts(hang.id),
      (a) => a.length >= 2,
      15_000,
    );
    expect(log.map((a) => [a.attempt, a.outcome, a.error])).toEqual([
      [1, "delivered", null],
      [1, "retrying", "no answer within 10 s"],
    ]);
  }, 30_000);
});
