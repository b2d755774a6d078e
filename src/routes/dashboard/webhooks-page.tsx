/** @jsxImportSource hono/jsx */
// The "Webhooks" pages: the account's endpoints with a form to add one, and one endpoint with its actions, its
// events filter and its last 100 delivery attempts. A signing secret appears once, right after it was made.
import type { z } from "zod";
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENTS } from "../../domain/webhook-schemas";
import type { WebhookAttempt, WebhookEndpoint } from "../../domain/webhook-schemas";
import { Errors, Layout } from "./layout";

type Endpoint = z.infer<typeof WebhookEndpoint>;
type Attempt = z.infer<typeof WebhookAttempt>;
const when = (iso: string | null) => (iso ? iso.replace("T", " ").replace(/Z$/, " UTC") : "");
const eventsText = (e: Endpoint) => (e.events === null ? "all events" : e.events.join(", "));

const Hidden = (props: { csrf: string }) => <input type="hidden" name="_csrf" value={props.csrf} />;

function SecretOnce(props: { secret: string; url: string; rotated?: boolean }) {
  return (
    <section class="secret" aria-labelledby="new-secret">
      <h2 id="new-secret">
        {props.rotated ? "New signing secret" : "Signing secret"} for {props.url}
      </h2>
      <p>
        Copy it now: it is shown only this once.
        {props.rotated && " The previous secret keeps signing too for 24 hours, so you can switch your receiver over."}
      </p>
      <p>
        <code class="key" id="new-secret-value">
          {props.secret}
        </code>{" "}
        <button type="button" data-copy="new-secret-value" hidden>
          Copy
        </button>
      </p>
    </section>
  );
}

function EventBoxes(props: { selected: Endpoint["events"] }) {
  return (
    <fieldset>
      <legend>Events</legend>
      {WEBHOOK_EVENTS.map((e) => (
        <label>
          <input
            type="checkbox"
            name="events"
            value={e}
            checked={props.selected === null || props.selected.includes(e)}
          />{" "}
          <code>{e}</code> <span class="muted">{WEBHOOK_EVENT_DESCRIPTIONS[e]}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function WebhooksPage(props: {
  email: string;
  csrf: string;
  endpoints: Endpoint[];
  created?: { url: string; secret: string; id: string };
  errors?: string[];
  notice?: string;
  form?: { url: string; description: string };
}) {
  return (
    <Layout title="Webhooks" email={props.email} csrf={props.csrf}>
      <p>
        We POST match changes of your tracked leagues to these URLs, signed per{" "}
        <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> (verify with the <code>standardwebhooks</code>{" "}
        library). Failed deliveries are retried for about 18 hours.
      </p>
      <Errors messages={props.errors ?? []} />
      {props.notice && <p role="status">{props.notice}</p>}
      {props.created && <SecretOnce secret={props.created.secret} url={props.created.url} />}
      <table>
        <caption class="muted">Endpoints of this account</caption>
        <thead>
          <tr>
            <th scope="col">URL</th>
            <th scope="col">Events</th>
            <th scope="col">Status</th>
            <th scope="col"></th>
          </tr>
        </thead>
        <tbody>
          {props.endpoints.map((e) => (
            <tr data-webhook-id={e.id}>
              <td>
                <code>{e.url}</code>
                {e.description && <div class="muted">{e.description}</div>}
              </td>
              <td>{eventsText(e)}</td>
              <td class="status">{e.enabled ? "enabled" : `disabled: ${e.disabled_reason ?? ""}`}</td>
              <td>
                <a href={`/dashboard/webhooks/${e.id}`} aria-label={`Details of ${e.url}`}>
                  Details
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Add an endpoint</h2>
      <form method="post" action="/dashboard/webhooks">
        <Hidden csrf={props.csrf} />
        <label for="url">Endpoint URL</label>
        <input id="url" name="url" type="text" maxlength={2000} required value={props.form?.url ?? ""} />
        <label for="description">Description</label>
        <input id="description" name="description" type="text" maxlength={200} value={props.form?.description ?? ""} />
        <EventBoxes selected={null} />
        <button type="submit">Add endpoint</button>
      </form>
      <script src="/dashboard/assets/copy.js"></script>
    </Layout>
  );
}

const Action = (props: { csrf: string; action: string; label: string; aria?: string }) => (
  <form method="post" action={props.action} class="inline">
    <Hidden csrf={props.csrf} />
    <button type="submit" aria-label={props.aria}>
      {props.label}
    </button>
  </form>
);

export function WebhookPage(props: {
  email: string;
  csrf: string;
  endpoint: Endpoint;
  attempts: Attempt[];
  rotated?: { secret: string };
  notice?: string;
}) {
  const e = props.endpoint;
  const base = `/dashboard/webhooks/${e.id}`;
  return (
    <Layout title="Webhook endpoint" email={props.email} csrf={props.csrf}>
      <p>
        <a href="/dashboard/webhooks">← All endpoints</a>
      </p>
      {props.notice && <p role="status">{props.notice}</p>}
      {props.rotated && <SecretOnce secret={props.rotated.secret} url={e.url} rotated />}
      <dl>
        <dt>URL</dt>
        <dd>
          <code id="endpoint-url">{e.url}</code>
        </dd>
        {e.description && (
          <>
            <dt>Description</dt>
            <dd>{e.description}</dd>
          </>
        )}
        <dt>Status</dt>
        <dd id="endpoint-status">{e.enabled ? "enabled" : "disabled"}</dd>
        {!e.enabled && (
          <>
            <dt>Why disabled</dt>
            <dd id="disabled-reason">
              {e.disabled_reason} ({when(e.disabled_at)})
            </dd>
          </>
        )}
        {e.failing_since_at && (
          <>
            <dt>Failing since</dt>
            <dd>{when(e.failing_since_at)} (disabled after 3 days of failures)</dd>
          </>
        )}
        {e.previous_secret_expires_at && (
          <>
            <dt>Previous secret</dt>
            <dd>also signs until {when(e.previous_secret_expires_at)}</dd>
          </>
        )}
      </dl>
      <p>
        <Action csrf={props.csrf} action={`${base}/test`} label="Send test event" />{" "}
        {e.enabled ? (
          <Action csrf={props.csrf} action={`${base}/disable`} label="Disable" />
        ) : (
          <Action csrf={props.csrf} action={`${base}/enable`} label="Enable" />
        )}{" "}
        <Action csrf={props.csrf} action={`${base}/rotate`} label="Rotate secret" />{" "}
        <Action csrf={props.csrf} action={`${base}/delete`} label="Delete" aria={`Delete ${e.url}`} />
      </p>
      <h2>Events</h2>
      <form method="post" action={`${base}/events`}>
        <Hidden csrf={props.csrf} />
        <EventBoxes selected={e.events} />
        <button type="submit">Save events</button>
      </form>
      <h2>Recent deliveries</h2>
      <table id="attempts">
        <caption class="muted">The last 100 delivery attempts, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Event</th>
            <th scope="col">Attempt</th>
            <th scope="col">Result</th>
            <th scope="col">Status code</th>
            <th scope="col">Latency</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {props.attempts.map((a) => (
            <tr data-message-id={a.message_id}>
              <td>{when(a.created_at)}</td>
              <td class="event">{a.event_type}</td>
              <td class="attempt">{a.attempt}</td>
              <td class="outcome">
                {a.outcome === "retrying" ? `retrying in ${a.retry_in} s` : a.outcome.replace("_", " ")}
              </td>
              <td class="status-code">{a.response_status ?? "—"}</td>
              <td class="latency">{a.latency_ms === null ? "—" : `${a.latency_ms} ms`}</td>
              <td class="muted">{[a.error, a.response_excerpt].filter(Boolean).join(" · ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {props.attempts.length === 0 && <p class="muted">No deliveries yet.</p>}
      <script src="/dashboard/assets/copy.js"></script>
    </Layout>
  );
}
