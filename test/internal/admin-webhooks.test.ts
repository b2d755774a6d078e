// The operator API for webhook endpoints (docs/webhooks.md "Managing endpoints"): create with the secret shown once,
// list, change, delete, rotate, test; bad input is a 400 naming the parameter and writes nothing.
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_ENDPOINTS_PER_ACCOUNT } from "../../src/core/domain/webhook-schemas";
import { laneOf } from "../../src/core/webhooks/lane";
import { admin } from "../helpers/admin";
import { attempts, createWebhook, dbRow, fakeReceivers, RECEIVER, waitFor } from "../helpers/webhooks";

const receivers = fakeReceivers();
afterAll(() => receivers.restore());

async function account(email: string) {
  const res = await admin("POST", "/accounts", { email });
  return ((await res.json()) as { id: string }).id;
}
const endpointCount = async () => (await dbRow("SELECT count(*) AS n FROM webhook_endpoints")).n as number;

describe("POST /internal/admin/accounts/{id}/webhooks", () => {
  it("creates an endpoint: 201 with a whsec_ secret that is never shown again", async () => {
    const acc = await account("hooks-create@example.com");
    const res = await admin("POST", `/accounts/${acc}/webhooks`, {
      url: `${RECEIVER}/create`,
      events: ["match.finished", "match.score_updated", "match.finished"],
      description: "scores",
    });
    expect(res.status).toBe(201);
    const made = (await res.json()) as any;
    expect(made.id).toMatch(/^wh_/);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(made).toMatchObject({
      url: `${RECEIVER}/create`,
      events: ["match.score_updated", "match.finished"],
      description: "scores",
      enabled: true,
      disabled_reason: null,
    });
    const list = (await (await admin("GET", `/accounts/${acc}/webhooks`)).json()) as any;
    expect(list.data.map((e: any) => e.id)).toEqual([made.id]);
    expect(JSON.stringify(list)).not.toContain(made.secret);
    expect(JSON.stringify(await (await admin("GET", `/webhooks/${made.id}`)).json())).not.toContain(made.secret);
    // Stored sealed: no column holds the secret or its base64 body.
    const row = await dbRow("SELECT * FROM webhook_endpoints WHERE id = ?", made.id);
    expect(JSON.stringify(row)).not.toContain(made.secret.slice(6));
  });

  it("events omitted, or all of them listed, mean every type (types added later too)", async () => {
    const acc = await account("hooks-all@example.com");
    expect((await createWebhook(acc, { url: `${RECEIVER}/a` })).events).toBeNull();
    const all = [
      "match.status_changed",
      "match.score_updated",
      "match.event_added",
      "match.event_updated",
      "match.event_removed",
      "match.finished",
      "standings.updated",
    ];
    expect((await createWebhook(acc, { url: `${RECEIVER}/b`, events: all })).events).toBeNull();
  });

  it.each([
    [{ url: "http://example.com/x" }, "url", "https"],
    [{ url: "http://10.0.0.1/x" }, "url", "private"],
    [{ url: "http://169.254.169.254/latest" }, "url", "link-local"],
    [{ url: "" }, "url", "required"],
    [{ url: `${RECEIVER}/${"x".repeat(2001)}` }, "url", "2000"],
    [{}, "url", ""],
    [{ url: `${RECEIVER}/x`, events: [] }, "events", "at least one"],
    [{ url: `${RECEIVER}/x`, events: ["match.goal"] }, "events.0", ""],
    [{ url: `${RECEIVER}/x`, events: "match.finished" }, "events", ""],
    [{ url: `${RECEIVER}/x`, description: "d".repeat(201) }, "description", "200"],
  ])("400 for %j, naming `%s`, writing nothing", async (body, param, why) => {
    const acc = await account(`hooks-bad-${Math.random()}@example.com`);
    const before = await endpointCount();
    const res = await admin("POST", `/accounts/${acc}/webhooks`, body);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const p = (await res.json()) as any;
    expect(p.code).toBe("invalid_request");
    expect(p.detail).toContain(`\`${param}\``);
    expect(p.detail).toContain(why);
    expect(await endpointCount()).toBe(before);
  });

  it("400 for a body that is not JSON; 404 for an unknown account; 401 without the admin token", async () => {
    const raw = await exports_fetch("/accounts/acc_x/webhooks", "{nope");
    expect(raw.status).toBe(400);
    expect((await admin("POST", "/accounts/acc_nobody/webhooks", { url: `${RECEIVER}/x` })).status).toBe(404);
    expect((await admin("POST", "/accounts/acc_x/webhooks", { url: `${RECEIVER}/x` }, "wrong")).status).toBe(401);
    expect((await admin("GET", "/webhooks/wh_x/attempts", undefined, "wrong")).status).toBe(401);
    expect((await admin("DELETE", "/webhooks/wh_x", undefined, "")).status).toBe(401);
  });

  it(`an account has at most ${MAX_ENDPOINTS_PER_ACCOUNT} endpoints (409 past it)`, async () => {
    const acc = await account("hooks-max@example.com");
    for (let i = 0; i < MAX_ENDPOINTS_PER_ACCOUNT; i++) await createWebhook(acc, { url: `${RECEIVER}/m${i}` });
    const res = await admin("POST", `/accounts/${acc}/webhooks`, { url: `${RECEIVER}/over` });
    expect(res.status).toBe(409);
    expect(((await (await admin("GET", `/accounts/${acc}/webhooks`)).json()) as any).data).toHaveLength(
      MAX_ENDPOINTS_PER_ACCOUNT,
    );
  });
});

describe("changing, rotating, testing and deleting an endpoint", () => {
  it("PATCH disables with a reason, re-enables, edits the filter; bad values are 400s", async () => {
    const acc = await account("hooks-patch@example.com");
    const wh = await createWebhook(acc, { url: `${RECEIVER}/patch` });
    const patch = (body: unknown) => admin("PATCH", `/webhooks/${wh.id}`, body);
    const off = (await (await patch({ enabled: false })).json()) as any;
    expect(off).toMatchObject({ enabled: false, disabled_reason: "disabled by the admin API" });
    expect(off.disabled_at).toMatch(/Z$/);
    const on = (await (await patch({ enabled: true, events: ["match.finished"] })).json()) as any;
    expect(on).toMatchObject({ enabled: true, disabled_reason: null, events: ["match.finished"] });
    expect(((await (await patch({ events: null })).json()) as any).events).toBeNull();
    for (const [body, param] of [
      [{}, "value"],
      [{ enabled: "no" }, "enabled"],
      [{ events: ["nope"] }, "events.0"],
    ] as const) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as any).detail).toContain(`\`${param}\``);
    }
    expect((await admin("PATCH", "/webhooks/wh_missing", { enabled: false })).status).toBe(404);
    expect((await admin("PATCH", "/webhooks/bad id!", { enabled: false })).status).toBe(400);
  });

  it("rotate-secret returns a new secret; test sends a webhook.test both secrets verify during the overlap", async () => {
    const acc = await account("hooks-rotate@example.com");
    const wh = await createWebhook(acc, { url: `${RECEIVER}/rotate` });
    const res = await admin("POST", `/webhooks/${wh.id}/rotate-secret`);
    expect(res.status).toBe(200);
    const rotated = (await res.json()) as any;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(wh.secret);
    const expires = Date.parse(rotated.previous_secret_expires_at);
    expect(Math.abs(expires - Date.now() - 24 * 3600_000)).toBeLessThan(10_000);

    const sent = await admin("POST", `/webhooks/${wh.id}/test`);
    expect(sent.status).toBe(202);
    const { message_id } = (await sent.json()) as any;
    const [got] = await waitFor(
      () => receivers.at("/rotate"),
      (r) => r.length > 0,
    );
    expect(got!.headers["webhook-id"]).toBe(message_id);
    expect(got!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    for (const secret of [wh.secret, rotated.secret])
      expect(new Webhook(secret).verify(got!.body, got!.headers)).toMatchObject({
        type: "webhook.test",
        data: { endpoint_id: wh.id },
      });
    const log = await waitFor(
      () => attempts(wh.id),
      (a) => a.length > 0,
    );
    expect(log[0]).toMatchObject({
      event_type: "webhook.test",
      attempt: 1,
      outcome: "delivered",
      response_status: 200,
    });
  });

  it("test events are bounded: 5 per endpoint per minute, then 429 with Retry-After; another endpoint is unaffected", async () => {
    const acc = await account("hooks-test-budget@example.com");
    const wh = await createWebhook(acc, { url: `${RECEIVER}/budget` });
    const other = await createWebhook(acc, { url: `${RECEIVER}/budget-other` });
    const sends = await Promise.all(Array.from({ length: 8 }, () => admin("POST", `/webhooks/${wh.id}/test`)));
    expect(sends.filter((r) => r.status === 202)).toHaveLength(5);
    const refused = sends.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(((await r.json()) as any).detail).toBe("at most 5 test events per endpoint per minute");
    }
    expect((await admin("POST", `/webhooks/${other.id}/test`)).status).toBe(202);
  });

  it("DELETE removes the endpoint, its attempt log and its pending messages: 204, then 404", async () => {
    const acc = await account("hooks-delete@example.com");
    const wh = await createWebhook(acc, { url: `${RECEIVER}/delete` });
    receivers.on("/delete", () => new Response(null, { status: 500 }));
    const lane = laneOf(env, wh.id);
    await lane.accept([
      { endpoint_id: wh.id, id: "msg_del", type: "webhook.test", league_id: null, body: "{}" },
      { endpoint_id: wh.id, id: "msg_del_2", type: "match.finished", league_id: "lg_x", body: "{}" },
    ]);
    await lane.idle();
    // A message waiting for its retry, as a failed attempt leaves it.
    const later = { endpoint_id: wh.id, id: "msg_later", type: "match.finished", league_id: "lg_fb_eng1", body: "{}" };
    await runInDurableObject(lane, (_l, state) => {
      state.storage.sql.exec(
        "INSERT INTO pending (id, message, attempts, due_at) VALUES (?, ?, 1, ?)",
        later.id,
        JSON.stringify(later),
        Date.now() + 600_000,
      );
    });
    expect(await lane.attempts()).toHaveLength(1);
    expect(await lane.pending()).toHaveLength(1);
    expect((await admin("DELETE", `/webhooks/${wh.id}`)).status).toBe(204);
    expect((await admin("DELETE", `/webhooks/${wh.id}`)).status).toBe(404);
    expect((await admin("GET", `/webhooks/${wh.id}`)).status).toBe(404);
    expect((await admin("POST", `/webhooks/${wh.id}/test`)).status).toBe(404);
    expect(await lane.attempts()).toEqual([]);
    expect(await lane.pending()).toEqual([]);
  });
});

function exports_fetch(path: string, body: string) {
  return exports.default.fetch(`http://127.0.0.1:8787/internal/admin${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${env.ADMIN_TOKEN}`, "content-type": "application/json" },
    body,
  });
}
