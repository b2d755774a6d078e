/** @jsxImportSource hono/jsx */
// /dashboard/webhooks: the signed-in account's endpoints, through the same service functions as the admin API
// (src/core/webhooks/service.ts), with the session's account as owner (another account's endpoint is "not found").
import { Hono, type Context } from "hono";
import { z } from "zod";
import { IdParam } from "../../core/domain/schemas";
import { TEST_EVENT, WEBHOOK_EVENTS, WebhookUrl } from "../../core/domain/webhook-schemas";
import { ApiError } from "../../core/errors";
import {
  accountEndpoints,
  changeEndpoint,
  createEndpoint,
  endpointAttempts,
  getEndpoint,
  removeEndpoint,
  rotateSecret,
  sendTestEvent,
} from "../../core/webhooks/service";
import { setFlash, takeFlash } from "../sessions";
import { form, requireSession, type DashEnv } from "./guard";
import { WebhookPage, WebhooksPage } from "./pages/webhooks";
import { MESSAGE_ID, TestResult, type TestState } from "./components/test-result";

const CreateForm = z.object({
  url: WebhookUrl,
  description: z.string().trim().max(200, "The description is at most 200 characters."),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, "Choose at least one event."),
});

const NOTICES: Record<string, string> = {
  deleted: "Endpoint deleted.",
  throttled: "At most 5 test events per endpoint per minute: try again in a minute.",
  saved: "Events saved.",
  unchanged: "Choose at least one event: the filter was not changed.",
  enabled: "Endpoint enabled.",
  disabled: "Endpoint disabled: nothing is delivered to it until you enable it again.",
};
const notice = (c: Context) => NOTICES[c.req.query("done") ?? ""];

/** The :id of the path, or a 404 for one that cannot be an id. */
function idOf(c: Context): string {
  const id = IdParam.safeParse(c.req.param("id"));
  if (!id.success) throw new ApiError(404, "not_found", "webhook endpoint not found");
  return id.data;
}

async function renderList(
  c: Context<DashEnv>,
  extra: Partial<Parameters<typeof WebhooksPage>[0]> = {},
  status: 200 | 400 | 409 = 200,
) {
  const s = c.get("session");
  const endpoints = await accountEndpoints(c.env, s.accountId);
  return c.html(
    <WebhooksPage email={s.email} csrf={s.csrfToken} endpoints={endpoints} notice={notice(c)} {...extra} />,
    status,
  );
}

/** The test event to show: the one named by `?test=` (pending until its attempt is in the log), else the newest. */
function testState(
  attempts: Awaited<ReturnType<typeof endpointAttempts>>,
  sent: string | undefined,
): TestState | undefined {
  const id = sent && MESSAGE_ID.test(sent) ? sent : undefined;
  const attempt = id ? attempts.find((a) => a.message_id === id) : attempts.find((a) => a.event_type === TEST_EVENT);
  if (attempt) return { kind: "done", attempt, latest: !id };
  return id ? { kind: "pending", messageId: id } : undefined;
}

async function renderOne(c: Context<DashEnv>, id: string, rotated?: { secret: string }) {
  const s = c.get("session");
  const [endpoint, attempts] = await Promise.all([
    getEndpoint(c.env, id, s.accountId),
    endpointAttempts(c.env, id, s.accountId),
  ]);
  return c.html(
    <WebhookPage
      email={s.email}
      csrf={s.csrfToken}
      endpoint={endpoint}
      attempts={attempts}
      rotated={rotated}
      notice={notice(c)}
      test={testState(attempts, c.req.query("test"))}
    />,
  );
}

const back = (c: Context, id: string, done: string) => c.redirect(`/dashboard/webhooks/${id}?done=${done}`, 303);
const by = "the account (dashboard)";

export const webhookPages = new Hono<DashEnv>()
  .use(requireSession)
  .get("/", (c) => {
    const f = takeFlash(c);
    return renderList(
      c,
      f?.kind === "webhook" && f.secret ? { created: { id: f.id!, url: f.url!, secret: f.secret } } : {},
    );
  })
  .post("/", async (c) => {
    const { str, list } = await form(c);
    const events = WEBHOOK_EVENTS.filter((e) => list("events").includes(e));
    const input = { url: str("url"), description: str("description"), events };
    const parsed = CreateForm.safeParse(input);
    if (!parsed.success) return renderList(c, { errors: parsed.error.issues.map((i) => i.message), form: input }, 400);
    try {
      const made = await createEndpoint(c.env, c.get("session").accountId, parsed.data);
      // Post/redirect/get: the secret is shown once by the page the browser is sent to (src/web/sessions.ts).
      setFlash(c, { kind: "webhook", id: made.id, url: made.url, secret: made.secret });
      return c.redirect("/dashboard/webhooks", 303);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 409))
        return renderList(c, { errors: [err.detail.replace(/^invalid `url`: /, "The URL ")], form: input }, err.status);
      throw err;
    }
  })
  .get("/:id", (c) => {
    const id = idOf(c);
    const f = takeFlash(c);
    return renderOne(c, id, f?.kind === "rotated" && f.id === id && f.secret ? { secret: f.secret } : undefined);
  })
  .post("/:id/test", async (c) => {
    const id = idOf(c);
    let sent: { message_id: string };
    try {
      sent = await sendTestEvent(c.env, id, c.get("session").accountId);
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) return back(c, id, "throttled");
      throw err;
    }
    // The page shows this message's result under the button: pending, then its attempt (components/test-result.tsx).
    return c.redirect(`/dashboard/webhooks/${id}?test=${sent.message_id}`, 303);
  })
  // The result box alone, for the page's script to put in place while the delivery is pending.
  .get("/:id/tests/:message", async (c) => {
    const id = idOf(c);
    const message = c.req.param("message");
    if (!MESSAGE_ID.test(message)) throw new ApiError(404, "not_found", "test event not found");
    const attempts = await endpointAttempts(c.env, id, c.get("session").accountId);
    return c.html(<TestResult endpointId={id} state={testState(attempts, message)!} />);
  })
  .post("/:id/enable", async (c) => {
    const id = idOf(c);
    await changeEndpoint(c.env, id, { enabled: true }, c.get("session").accountId, by);
    return back(c, id, "enabled");
  })
  .post("/:id/disable", async (c) => {
    const id = idOf(c);
    await changeEndpoint(c.env, id, { enabled: false }, c.get("session").accountId, by);
    return back(c, id, "disabled");
  })
  .post("/:id/events", async (c) => {
    const id = idOf(c);
    const { list } = await form(c);
    const events = z.array(z.enum(WEBHOOK_EVENTS)).safeParse(list("events"));
    // Nothing ticked keeps the filter as it was: an endpoint receives at least one event type.
    if (!events.success || events.data.length === 0) return back(c, id, "unchanged");
    await changeEndpoint(c.env, id, { events: events.data }, c.get("session").accountId, by);
    return back(c, id, "saved");
  })
  .post("/:id/rotate", async (c) => {
    const id = idOf(c);
    const { secret } = await rotateSecret(c.env, id, c.get("session").accountId);
    setFlash(c, { kind: "rotated", id, secret });
    return c.redirect(`/dashboard/webhooks/${id}`, 303);
  })
  .post("/:id/delete", async (c) => {
    await removeEndpoint(c.env, idOf(c), c.get("session").accountId);
    return c.redirect("/dashboard/webhooks?done=deleted", 303);
  });
