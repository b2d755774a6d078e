// The dashboard's "Webhooks" pages, server side: CSRF on every form, the secret shown once, another account's
// endpoint unreachable, bad input re-rendered with a message, the form's starting events, a test event's result under
// its button (the browser flow is test/e2e/webhooks.test.ts).
import { afterAll, describe, expect, it } from "vitest";
import { Agent, signedUp } from "../../helpers/browser";
import { attempts, dbRow, fakeReceivers, RECEIVER, waitFor } from "../../helpers/webhooks";

const receivers = fakeReceivers();
afterAll(() => receivers.restore());

async function addEndpoint(a: Agent, url: string, events?: string[]) {
  const _csrf = await a.csrf("/dashboard/webhooks");
  const res = await a.post("/dashboard/webhooks", {
    _csrf,
    url,
    description: "",
    events: events ?? [
      "match.status_changed",
      "match.score_updated",
      "match.event_added",
      "match.finished",
      "standings.updated",
    ],
  });
  // Post/redirect/get: the secret is on the page the POST redirects to, once.
  const html = res.status === 303 ? await (await a.get(res.headers.get("location")!)).text() : await res.text();
  return {
    res,
    html,
    secret: /id="new-secret-value">(whsec_[A-Za-z0-9+/=]+)</.exec(html)?.[1],
    id: /data-webhook-id="(wh_[A-Za-z0-9]+)"/.exec(html)?.[1],
  };
}

describe("dashboard: Webhooks", () => {
  it("needs a session; the page is linked from the navigation", async () => {
    expect((await new Agent().get("/dashboard/webhooks")).headers.get("location")).toBe("/dashboard/sign-in");
    const a = await signedUp("dash-hooks-nav@example.com");
    expect(await (await a.get("/dashboard/keys")).text()).toContain('href="/dashboard/webhooks"');
  });

  it("adds an endpoint and shows its secret once; the list and details never show it again", async () => {
    const a = await signedUp("dash-hooks-add@example.com");
    const made = await addEndpoint(a, `${RECEIVER}/dash`, ["match.finished"]);
    expect(made.res.status).toBe(303);
    expect(made.res.headers.get("location")).toBe("/dashboard/webhooks");
    expect(made.secret).toMatch(/^whsec_/);
    const list = await (await a.get("/dashboard/webhooks")).text();
    expect(list).toContain(`${RECEIVER}/dash`);
    expect(list).toContain("match.finished");
    expect(list).not.toContain(made.secret!);
    const detail = await (await a.get(`/dashboard/webhooks/${made.id}`)).text();
    expect(detail).not.toContain(made.secret!);
  });

  it("a refused URL or no event re-renders the form with a message and writes nothing", async () => {
    const a = await signedUp("dash-hooks-bad@example.com");
    const before = (await dbRow("SELECT count(*) AS n FROM webhook_endpoints")).n;
    const bad = await addEndpoint(a, "http://10.0.0.1/hook");
    expect(bad.res.status).toBe(400);
    expect(bad.html).toContain("The URL points to a private address");
    expect(bad.html).toContain('value="http://10.0.0.1/hook"');
    const none = await addEndpoint(a, `${RECEIVER}/none`, []);
    expect(none.res.status).toBe(400);
    expect(none.html).toContain("Choose at least one event.");
    expect((await dbRow("SELECT count(*) AS n FROM webhook_endpoints")).n).toBe(before);
  });

  it("every action needs the CSRF token", async () => {
    const a = await signedUp("dash-hooks-csrf@example.com");
    const { id } = await addEndpoint(a, `${RECEIVER}/csrf`);
    for (const action of ["test", "disable", "rotate", "delete", "events"]) {
      const res = await a.post(`/dashboard/webhooks/${id}/${action}`, { _csrf: "forged" });
      expect(res.status, action).toBe(403);
    }
    expect((await a.post("/dashboard/webhooks", { url: `${RECEIVER}/x`, events: ["match.finished"] })).status).toBe(
      403,
    );
    expect((await dbRow("SELECT enabled FROM webhook_endpoints WHERE id = ?", id)).enabled).toBe(1);
  });

  it("another account's endpoint is not found, for reading and for every action", async () => {
    const owner = await signedUp("dash-hooks-owner@example.com");
    const { id } = await addEndpoint(owner, `${RECEIVER}/owned`);
    const other = await signedUp("dash-hooks-other@example.com");
    expect((await other.get(`/dashboard/webhooks/${id}`)).status).toBe(404);
    const _csrf = await other.csrf("/dashboard/webhooks");
    for (const action of ["test", "disable", "rotate", "delete"])
      expect((await other.post(`/dashboard/webhooks/${id}/${action}`, { _csrf })).status, action).toBe(404);
    expect(await dbRow("SELECT enabled FROM webhook_endpoints WHERE id = ?", id)).toEqual({ enabled: 1 });
  });

  it("disable shows why, enable clears it; test lands in Recent deliveries; rotate shows the new secret once; delete", async () => {
    const a = await signedUp("dash-hooks-flow@example.com");
    const { id } = await addEndpoint(a, `${RECEIVER}/flow`);
    const page = `/dashboard/webhooks/${id}`;
    const _csrf = await a.csrf(page);
    expect((await a.post(`${page}/disable`, { _csrf })).headers.get("location")).toBe(`${page}?done=disabled`);
    const disabled = await (await a.get(page)).text();
    expect(disabled).toContain("disabled by the account (dashboard)");
    await a.post(`${page}/enable`, { _csrf });
    expect(await (await a.get(page)).text()).not.toContain("Why disabled");

    const sent = await a.post(`${page}/test`, { _csrf });
    expect(sent.headers.get("location")).toMatch(new RegExp(`^${page}\\?test=msg_[0-9A-Za-z]{22}$`));
    await waitFor(
      () => attempts(id!),
      (l) => l.length > 0,
    );
    const withAttempt = await (await a.get(page)).text();
    expect(withAttempt).toMatch(
      /<td class="event" data-label="Event">webhook.test<\/td><td class="attempt num" data-label="Attempt">1<\/td><td class="outcome" data-label="Result">delivered/,
    );
    expect(receivers.at("/flow")).toHaveLength(1);

    const rotating = await a.post(`${page}/rotate`, { _csrf });
    expect(rotating.status).toBe(303);
    const rotated = await (await a.get(rotating.headers.get("location")!)).text();
    const secret = /id="new-secret-value">(whsec_[^<]+)</.exec(rotated)?.[1];
    expect(secret).toMatch(/^whsec_/);
    expect(rotated).toContain("previous secret keeps signing too for 24 hours");
    expect(await (await a.get(page)).text()).not.toContain(secret!);

    await a.post(`${page}/events`, { _csrf, events: ["match.finished", "standings.updated"] });
    expect(await dbRow("SELECT events FROM webhook_endpoints WHERE id = ?", id)).toEqual({
      events: "match.finished standings.updated",
    });
    expect((await a.post(`${page}/events`, { _csrf })).headers.get("location")).toBe(`${page}?done=unchanged`);

    expect((await a.post(`${page}/delete`, { _csrf })).headers.get("location")).toBe(
      "/dashboard/webhooks?done=deleted",
    );
    expect((await a.get(page)).status).toBe(404);
  });
  it("a new endpoint's form starts with the match's start and end ticked, says what each type sends, and keeps a choice the form refused", async () => {
    const a = await signedUp("dash-hooks-defaults@example.com");
    const html = await (await a.get("/dashboard/webhooks")).text();
    const ticked = [...html.matchAll(/<input type="checkbox" name="events" value="([a-z._]+)"( checked="")?/g)];
    expect(ticked.filter((m) => m[2]).map((m) => m[1])).toEqual(["match.status_changed", "match.finished"]);
    expect(ticked).toHaveLength(7);
    expect(html).toContain("about 3 deliveries a match of your tracked leagues");
    expect(html).toContain("about 100 a football match");

    const refused = await addEndpoint(a, "http://10.0.0.1/hook", ["match.score_updated", "standings.updated"]);
    expect(refused.res.status).toBe(400);
    const kept = [...refused.html.matchAll(/<input type="checkbox" name="events" value="([a-z._]+)" checked=""/g)];
    expect(kept.map((m) => m[1])).toEqual(["match.score_updated", "standings.updated"]);
  });

  it("a test event's result is shown under its button: pending, then its status, time and webhook-id", async () => {
    const a = await signedUp("dash-hooks-test-result@example.com");
    receivers.on("/result-fail", () => new Response("receiver is down for maintenance", { status: 503 }));
    const { id } = await addEndpoint(a, `${RECEIVER}/result-fail`);
    const page = `/dashboard/webhooks/${id}`;
    const _csrf = await a.csrf(page);
    expect(await (await a.get(page)).text()).not.toContain('id="test-result"');

    // A message not delivered yet (any well-formed id: none has an attempt) is pending, with the fragment to poll.
    const waiting = "msg_" + "A".repeat(22);
    const pending = await (await a.get(`${page}?test=${waiting}`)).text();
    expect(pending).toContain(`data-poll="${page}/tests/${waiting}"`);
    expect(pending).toContain("Test event queued");
    expect(pending).toContain('<script src="/dashboard/assets/test-result.js"></script>');
    const fragment = await a.get(`${page}/tests/${waiting}`);
    expect(fragment.status).toBe(200);
    expect(await fragment.text()).toMatch(/^<div id="test-result" class="test-result pending"/);
    // A malformed id in the query is ignored; in the fragment's path it is not found.
    expect(await (await a.get(`${page}?test=<b>`)).text()).not.toContain('id="test-result"');
    expect((await a.get(`${page}/tests/nope`)).status).toBe(404);

    const location = (await a.post(`${page}/test`, { _csrf })).headers.get("location")!;
    const messageId = new URL(location, "http://x").searchParams.get("test")!;
    await waitFor(
      () => attempts(id!),
      (l) => l.length > 0,
    );
    const done = await (await a.get(location)).text();
    const box = /<div id="test-result"[\s\S]*?<\/div>/.exec(done)![0];
    expect(box).toContain('class="test-result bad"');
    expect(box).not.toContain("data-poll");
    expect(box).toContain("Test event failed");
    expect(box).toMatch(
      /HTTP 503<\/span> in \d+ ms at <time datetime="[^"]+">\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC<\/time>/,
    );
    expect(box).toContain(`<code>${messageId}</code>`);
    expect(box).toContain("receiver is down for maintenance");
    expect(receivers.at("/result-fail")[0]!.headers["webhook-id"]).toBe(messageId);
    // The fragment the page polls says the same; without ?test= the page shows the newest test as the last one.
    expect(await (await a.get(`${page}/tests/${messageId}`)).text()).toContain("Test event failed");
    expect(await (await a.get(page)).text()).toContain("Last test event failed");

    const other = await signedUp("dash-hooks-test-result-other@example.com");
    expect((await other.get(`${page}/tests/${messageId}`)).status).toBe(404);
  });
});
