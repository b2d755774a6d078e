// The dashboard's "Webhooks" pages, server side: CSRF on every form, the secret shown once, another account's
// endpoint unreachable, bad input re-rendered with a message (the browser flow is test/e2e/webhooks.test.ts).
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

    await a.post(`${page}/test`, { _csrf });
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
});
