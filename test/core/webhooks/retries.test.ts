// The lane's decisions, message by message (docs/webhooks.md "Delivery"): retries with the contract's delays, the dead
// letters after the last attempt, disabling after 3 days of failures, redirects not followed, entitlements and filters
// re-checked at delivery, URL rules re-checked at delivery; and the queue consumer's hand-off to the lanes. Messages
// are handed to their endpoint's lane (workers/webhook-lane.ts) as the consumer does; a retry's delay is asserted on
// the lane's pending row, then made to pass by moving the row's due time and running the lane's alarm (never waited
// for: the test clock is not the runtime's).
import {
  createExecutionContext,
  createMessageBatch,
  getQueueResult,
  runDurableObjectAlarm,
  runInDurableObject,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import wranglerToml from "../../../wrangler.toml?raw";
import { webhookQueue as queue } from "../../../src/core/webhooks/consumer";
import { deliverOnce } from "../../../src/core/webhooks/deliver";
import { IN_FLIGHT, laneOf } from "../../../src/core/webhooks/lane";
import type { WebhookMessage } from "../../../src/core/webhooks/message";
import { MAX_ATTEMPTS, RETRY_DELAYS_S } from "../../../src/core/webhooks/retry";
import { sealSecret } from "../../../src/core/webhooks/secrets";
import { ROTATION_OVERLAP_S } from "../../../src/core/webhooks/service";
import { admin } from "../../helpers/admin";
import { seed } from "../../helpers/seed";
import { attempts, createWebhook, dbRow, fakeReceivers, RECEIVER, sleep, waitFor } from "../../helpers/webhooks";

await seed(["eng1"]);
const receivers = fakeReceivers();
afterAll(() => receivers.restore());
beforeEach(() => receivers.received.splice(0));

const { id: accountId } = (await (
  await admin("POST", "/accounts", { email: "wh-retries@example.com", plan: "growth" })
).json()) as { id: string };
await admin("PUT", `/accounts/${accountId}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });

let n = 0;
const message = (endpointId: string, extra: Partial<WebhookMessage> = {}): WebhookMessage => ({
  endpoint_id: endpointId,
  id: `msg_test_${++n}`,
  type: "match.score_updated",
  league_id: "lg_fb_eng1",
  body: JSON.stringify({ type: "match.score_updated", timestamp: "2026-11-23T12:00:00Z", data: { n } }),
  ...extra,
});

/** Hands messages to their endpoints' lanes, as the queue consumer does, and waits for the rounds due now. */
async function deliver(...messages: WebhookMessage[]) {
  for (const id of new Set(messages.map((m) => m.endpoint_id))) {
    const lane = laneOf(env, id);
    await lane.accept(messages.filter((m) => m.endpoint_id === id));
    await lane.idle();
  }
}

/** What a lane still holds: each message's attempts so far and the seconds until its next one. */
async function pending(endpointId: string) {
  const now = Date.now();
  return (await laneOf(env, endpointId).pending()).map((p) => ({
    id: p.id,
    attempts: p.attempts,
    in: Math.round((p.due_at - now) / 1000),
  }));
}

/** Lets a lane's retry delays pass: its pending rows become due and its alarm runs. */
async function elapse(endpointId: string) {
  const lane = laneOf(env, endpointId);
  await runInDurableObject(lane, (_lane, state) => void state.storage.sql.exec("UPDATE pending SET due_at = 0"));
  expect(await runDurableObjectAlarm(lane), "the lane had an alarm set").toBe(true);
  await lane.idle();
}

/**
 * Runs the Worker's queue handler on one batch; returns each message's fate. The pool's getQueueResult lists retried
 * messages but not the delay each asked for, so each message's retry() is observed here too.
 */
async function consume(
  messages: { body: WebhookMessage; attempts?: number }[],
  queueName = "sports-data-webhooks",
  withEnv: Env = env,
) {
  const batch = createMessageBatch<WebhookMessage>(
    queueName,
    messages.map((m, i) => ({ id: `q${i}`, timestamp: new Date(), attempts: m.attempts ?? 1, body: m.body })),
  );
  const delays = new Map<string, number | undefined>();
  for (const m of batch.messages) {
    const retry = m.retry.bind(m);
    m.retry = (options?: QueueRetryOptions) => (delays.set(m.id, options?.delaySeconds), retry(options));
  }
  const ctx = createExecutionContext();
  await queue(batch as MessageBatch, withEnv);
  const result = await getQueueResult(batch, ctx);
  const fate = (i: number) => {
    if (result.retryMessages.some((r) => r.msgId === `q${i}`))
      return { retried: true, delaySeconds: delays.get(`q${i}`) };
    return { retried: false, acked: result.explicitAcks.includes(`q${i}`) || result.ackAll };
  };
  return { result, fate };
}

const endpoint = async (path: string, extra: Record<string, unknown> = {}) =>
  (await createWebhook(accountId, { url: `${RECEIVER}${path}`, ...extra })).id;

describe("retries follow the contract's schedule", () => {
  it("wrangler.toml binds the lanes and keeps the hand-off's retries and dead-letter queues in every environment", () => {
    const consumers = [...wranglerToml.matchAll(/\[\[(?:env\.(\w+)\.)?queues\.consumers\]\]\n([^[]*)/g)];
    const main = consumers.filter((c) => !/^queue = "[^"]*-dlq"/m.test(c[2]!));
    expect(main.map((c) => c[1] ?? "local")).toEqual(["local", "staging", "production"]);
    for (const [, envName, body] of main) {
      expect(body, envName).toContain(`max_retries = ${RETRY_DELAYS_S.length}`);
      const q = /queue = "([^"]+)"/.exec(body!)![1];
      expect(body, envName).toContain(`dead_letter_queue = "${q}-dlq"`);
    }
    const lanes = [
      ...wranglerToml.matchAll(/\[\[(?:env\.(\w+)\.)?durable_objects\.bindings\]\]\nname = "WEBHOOK_LANE"/g),
    ];
    expect(lanes.map((l) => l[1] ?? "local")).toEqual(["local", "staging", "production"]);
    expect(RETRY_DELAYS_S).toEqual([5, 30, 120, 600, 1800, 7200, 18_000, 36_000]);
  });

  it(`a failed attempt n comes again after the n-th delay; after the ${MAX_ATTEMPTS}th it is a dead letter`, async () => {
    const wid = await endpoint("/down");
    receivers.on("/down", () => new Response("unavailable", { status: 503 }));
    const m = message(wid);
    await deliver(m);
    for (const [i, delay] of RETRY_DELAYS_S.entries()) {
      expect(await pending(wid), `after attempt ${i + 1}`).toEqual([{ id: m.id, attempts: i + 1, in: delay }]);
      await elapse(wid);
    }
    expect(await pending(wid), "nothing left after the last attempt").toEqual([]);
    expect(receivers.at("/down")).toHaveLength(MAX_ATTEMPTS);
    expect(new Set(receivers.at("/down").map((r) => r.headers["webhook-id"]))).toEqual(new Set([m.id]));

    const log = await attempts(wid);
    expect(log.map((a) => [a.attempt, a.outcome, a.retry_in, a.response_status]).sort((a, b) => a[0] - b[0])).toEqual([
      ...RETRY_DELAYS_S.map((d, i) => [i + 1, "retrying", d, 503]),
      [MAX_ATTEMPTS, "dead_lettered", null, 503],
    ]);
    expect(log[0].error).toBe("HTTP 503");
    expect(await dbRow("SELECT * FROM webhook_dead_letters WHERE message_id = ?", m.id)).toMatchObject({
      endpoint_id: wid,
      event_type: "match.score_updated",
      body: m.body,
      attempts: MAX_ATTEMPTS,
    });
    const listed = (await (await admin("GET", `/webhooks/${wid}/dead-letters`)).json()) as any;
    expect(listed.data).toEqual([expect.objectContaining({ message_id: m.id, attempts: MAX_ATTEMPTS, body: m.body })]);
  });

  it("the real queue hands a message to its lane; a failed attempt comes again under the same webhook-id", async () => {
    const wid = await endpoint("/flaky", { events: ["match.finished"] });
    let calls = 0;
    receivers.on("/flaky", () => new Response(null, { status: ++calls === 1 ? 500 : 204 }));
    const m = message(wid, { type: "match.finished" });
    await env.WEBHOOK_QUEUE.send(m, { contentType: "json" });
    await waitFor(
      () => pending(wid),
      (p) => p[0]?.attempts === 1,
    );
    expect(await pending(wid)).toEqual([{ id: m.id, attempts: 1, in: RETRY_DELAYS_S[0] }]);
    await elapse(wid);
    const got = receivers.at("/flaky");
    expect(got).toHaveLength(2);
    expect(got[1]!.headers["webhook-id"]).toBe(got[0]!.headers["webhook-id"]);
    expect(got[1]!.body).toBe(got[0]!.body);
    expect((await attempts(wid)).map((a) => [a.attempt, a.outcome])).toEqual([
      [2, "delivered"],
      [1, "retrying"],
    ]);
    expect(await pending(wid)).toEqual([]);
  });
});

describe("the hand-off from the queue to the lanes", () => {
  it("a message is acked once its lane holds it; the same message handed over twice is delivered once", async () => {
    const wid = await endpoint("/handoff");
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    receivers.on("/handoff", async () => (await held, new Response("ok")));
    const m = message(wid);
    const first = await consume([{ body: m }]);
    expect(first.fate(0)).toEqual({ retried: false, acked: true });
    expect((await pending(wid)).map((p) => p.id)).toEqual([m.id]);
    const again = await consume([{ body: m, attempts: 2 }]);
    expect(again.fate(0)).toEqual({ retried: false, acked: true });
    release();
    await laneOf(env, wid).idle();
    expect(receivers.at("/handoff")).toHaveLength(1);
    expect(await pending(wid)).toEqual([]);
  });

  it("a lane that cannot take a message: the queue tries again on the schedule, then its dead-letter queue", async () => {
    const down = {
      idFromName: () => {
        throw new Error("lane unavailable");
      },
    } as unknown as Env["WEBHOOK_LANE"];
    const wid = await endpoint("/unreached");
    const msgs = [...RETRY_DELAYS_S, null].map((_, i) => ({ body: message(wid), attempts: i + 1 }));
    const { fate } = await consume(msgs, "sports-data-webhooks", { ...env, WEBHOOK_LANE: down });
    RETRY_DELAYS_S.forEach((delay, i) =>
      expect(fate(i), `try ${i + 1}`).toEqual({ retried: true, delaySeconds: delay }),
    );
    // A plain retry() with max_retries spent: Queues moves it to the dead-letter queue (wrangler.toml).
    expect(fate(RETRY_DELAYS_S.length)).toEqual({ retried: true, delaySeconds: undefined });

    const m = msgs.at(-1)!.body;
    const dlq = await consume([{ body: m }], "sports-data-webhooks-dlq");
    expect(dlq.result.ackAll || dlq.fate(0).acked).toBe(true);
    expect(await dbRow("SELECT * FROM webhook_dead_letters WHERE message_id = ?", m.id)).toMatchObject({
      endpoint_id: wid,
      body: m.body,
      attempts: 0,
    });
    // At least once: the same dead letter twice is kept once.
    await consume([{ body: m }], "sports-data-webhooks-dlq");
    expect((await dbRow("SELECT count(*) AS n FROM webhook_dead_letters WHERE message_id = ?", m.id)).n).toBe(1);
    expect(receivers.at("/unreached")).toEqual([]);
  });

  it(`a lane has at most ${IN_FLIGHT} requests open to its endpoint; the rest wait for an answer`, async () => {
    const wid = await endpoint("/busy");
    let open = 0;
    let most = 0;
    receivers.on("/busy", async () => {
      most = Math.max(most, ++open);
      await sleep(30);
      open--;
      return new Response("ok");
    });
    await deliver(...Array.from({ length: IN_FLIGHT * 3 }, () => message(wid)));
    expect(receivers.at("/busy")).toHaveLength(IN_FLIGHT * 3);
    expect(most).toBe(IN_FLIGHT);
  });
});

describe("what a delivery counts as", () => {
  it("a redirect is not followed: it is a failed attempt, retried, and the Location is never requested", async () => {
    const wid = await endpoint("/moved");
    receivers.on("/moved", () => new Response(null, { status: 307, headers: { location: `${RECEIVER}/target` } }));
    const m = message(wid);
    await deliver(m);
    expect(await pending(wid)).toEqual([{ id: m.id, attempts: 1, in: 5 }]);
    expect(receivers.at("/moved")[0]!.redirect).toBe("manual");
    expect(receivers.at("/target")).toEqual([]);
    expect((await attempts(wid))[0]).toMatchObject({ response_status: 307, error: "redirect not followed" });
  });

  it("any 2xx is success; the stored excerpt of an answer is at most 200 characters", async () => {
    const wid = await endpoint("/chatty");
    receivers.on("/chatty", () => new Response("x".repeat(5000) + "\n\u0000tail", { status: 202 }));
    await deliver(message(wid));
    expect(await pending(wid)).toEqual([]);
    const [a] = await attempts(wid);
    expect(a).toMatchObject({ outcome: "delivered", response_status: 202 });
    expect(a.response_excerpt).toBe("x".repeat(200));
  });

  it("no answer within the timeout is a failure", async () => {
    receivers.on("/hang", (_r, signal) => sleep(60_000, signal).then(() => new Response("late")));
    const r = await deliverOnce(new URL(`${RECEIVER}/hang`), { id: "msg_t", body: "{}" }, ["whsec_AAAA"], 200);
    expect(r).toMatchObject({ ok: false, status: null, error: "no answer within 0.2 s" });
    expect(r.latencyMs).toBeGreaterThanOrEqual(150);
  });

  it("a URL the rules refuse is refused at delivery too (never requested, not retried)", async () => {
    const id = "wh_private_target";
    await env.DB.prepare(
      "INSERT INTO webhook_endpoints (id, account_id, url, secret, created_at) VALUES (?, ?, 'http://10.0.0.7/hook', ?, '2026-01-01T00:00:00Z')",
    )
      .bind(id, accountId, await sealSecret(env, id, "whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="))
      .run();
    await deliver(message(id));
    expect(await pending(id)).toEqual([]);
    expect(receivers.outside).toEqual([]);
    expect((await attempts(id))[0]).toMatchObject({ outcome: "failed", error: expect.stringContaining("URL refused") });
  });

  it("the targets a review found accepted are refused at delivery too (stored before the rules closed them)", async () => {
    // This file runs as "local", where loopback is a receiver one may test with: `localhost..` becomes a private name.
    const urls = [
      "https://[::ffff:0:127.0.0.1]/",
      "https://printer.local../",
      "https://kubernetes.default.svc/",
      "https://foo.localhost.direct/",
      "https://x.traefik.me/",
    ];
    for (const [i, url] of urls.entries()) {
      const id = `wh_review_target_${i}`;
      await env.DB.prepare(
        "INSERT INTO webhook_endpoints (id, account_id, url, secret, created_at) VALUES (?, ?, ?, ?, '2026-01-01T00:00:00Z')",
      )
        .bind(id, accountId, url, await sealSecret(env, id, "whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="))
        .run();
      await deliver(message(id));
      expect(await pending(id), url).toEqual([]);
      expect((await attempts(id))[0], url).toMatchObject({
        outcome: "failed",
        error: expect.stringContaining("URL refused"),
      });
    }
    expect(receivers.outside).toEqual([]);
  });
});

describe("entitlements and filters at delivery time", () => {
  it("a message of a league the account stopped tracking is dropped without a request", async () => {
    const wid = await endpoint("/ent");
    await deliver(message(wid, { league_id: "lg_fb_ucl" }));
    expect(await pending(wid)).toEqual([]);
    expect(receivers.at("/ent")).toEqual([]);
    expect(await attempts(wid)).toEqual([]);
  });

  it("a message of a type the endpoint no longer subscribes to is dropped; a deleted endpoint's too", async () => {
    // Each lane has delivered once (and holds its endpoint as it read it); the API's change applies to the next message.
    const wid = await endpoint("/filter");
    const gone = await endpoint("/gone");
    await deliver(message(wid), message(gone));
    expect(receivers.received).toHaveLength(2);
    receivers.received.splice(0);
    await admin("PATCH", `/webhooks/${wid}`, { events: ["match.finished"] });
    await admin("DELETE", `/webhooks/${gone}`);
    await deliver(message(wid), message(gone));
    expect([await pending(wid), await pending(gone)]).toEqual([[], []]);
    expect(receivers.received).toEqual([]);
  });

  it("a test event reaches even a disabled endpoint, once: a failed one is not retried", async () => {
    const wid = await endpoint("/test-only");
    await admin("PATCH", `/webhooks/${wid}`, { enabled: false });
    receivers.on("/test-only", () => new Response("no", { status: 500 }));
    const test = message(wid, { type: "webhook.test", league_id: null });
    await deliver(test, message(wid));
    expect(await pending(wid)).toEqual([]);
    expect(receivers.at("/test-only").map((r) => r.headers["webhook-id"])).toEqual([test.id]);
    expect((await attempts(wid))[0]).toMatchObject({ event_type: "webhook.test", outcome: "failed" });
  });
});

describe("an endpoint failing 3 days in a row is disabled", () => {
  const failingSince = (id: string) => dbRow("SELECT failing_since, enabled FROM webhook_endpoints WHERE id = ?", id);

  it("a failure starts the streak, a success ends it", async () => {
    const wid = await endpoint("/streak");
    receivers.on("/streak", () => new Response(null, { status: 500 }));
    await deliver(message(wid));
    const started = (await failingSince(wid)).failing_since;
    expect(Math.abs(started - Date.now() / 1000)).toBeLessThan(60);
    await deliver(message(wid));
    expect((await failingSince(wid)).failing_since).toBe(started);
    receivers.on("/streak", () => new Response("ok"));
    await deliver(message(wid));
    expect(await failingSince(wid)).toEqual({ failing_since: null, enabled: 1 });
  });

  it("a failure 3 days after the streak began disables the endpoint, and says why", async () => {
    const wid = await endpoint("/dying");
    receivers.on("/dying", () => new Response(null, { status: 500 }));
    const threeDaysAgo = Math.floor(Date.now() / 1000) - 3 * 86_400 - 60;
    await env.DB.prepare("UPDATE webhook_endpoints SET failing_since = ? WHERE id = ?").bind(threeDaysAgo, wid).run();
    const m = message(wid);
    await deliver(m);
    expect(await pending(wid)).toEqual([{ id: m.id, attempts: 1, in: 5 }]);
    const ep = (await (await admin("GET", `/webhooks/${wid}`)).json()) as any;
    expect(ep.enabled).toBe(false);
    expect(ep.disabled_reason).toContain("every delivery failed for 3 days");
    expect(ep.disabled_reason).toContain("HTTP 500");
    expect(ep.disabled_at).toMatch(/Z$/);
    // Its pending message is no longer delivered when its retry comes.
    receivers.received.splice(0);
    await elapse(wid);
    expect(await pending(wid)).toEqual([]);
    expect(receivers.received).toEqual([]);
    // Enabling again starts afresh.
    const on = (await (await admin("PATCH", `/webhooks/${wid}`, { enabled: true })).json()) as any;
    expect(on).toMatchObject({ enabled: true, disabled_reason: null, failing_since_at: null });
  });
});

describe("rotation overlap", () => {
  it("both secrets sign for 24 h after a rotation; afterwards only the new one", async () => {
    const wid = await endpoint("/rot");
    await admin("POST", `/webhooks/${wid}/rotate-secret`);
    await deliver(message(wid));
    expect(receivers.at("/rot")[0]!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    // 24 h and a second later (the clock every Date in this isolate reads, the lane's too).
    vi.setSystemTime(Date.now() + ROTATION_OVERLAP_S * 1000 + 1000);
    await deliver(message(wid));
    expect(receivers.at("/rot")[1]!.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
  });
});
