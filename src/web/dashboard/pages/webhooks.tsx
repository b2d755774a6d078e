/** @jsxImportSource hono/jsx */
// The "Webhooks" pages: the account's endpoints with a form to add one, and one endpoint with its actions, its
// events filter, the result of its test event and its last 100 delivery attempts. A signing secret appears once,
// right after it was made.
import type { z } from "zod";
import type { WebhookAttempt, WebhookEndpoint, WebhookEventType } from "../../../core/domain/webhook-schemas";
import { EventBoxes, STARTER_EVENTS } from "../components/event-boxes";
import { PostButton, PostForm } from "../components/forms";
import { Errors, Layout, Notice, When } from "../components/layout";
import { ShownOnce } from "../components/shown-once";
import { DataTable } from "../components/table";
import { TestResult, type TestState } from "../components/test-result";

type Endpoint = z.infer<typeof WebhookEndpoint>;
type Attempt = z.infer<typeof WebhookAttempt>;
const eventsText = (e: Endpoint) => (e.events === null ? "all events" : e.events.join(", "));

const SecretOnce = (props: { secret: string; url: string; rotated?: boolean }) => (
  <ShownOnce
    id="new-secret"
    title={`${props.rotated ? "New signing secret" : "Signing secret"} for ${props.url}`}
    note={
      "Copy it now: it is shown only this once." +
      (props.rotated
        ? " The previous secret keeps signing too for 24 hours, so you can switch your receiver over."
        : "")
    }
    value={props.secret}
  />
);

export function WebhooksPage(props: {
  email: string;
  csrf: string;
  endpoints: Endpoint[];
  created?: { url: string; secret: string; id: string };
  errors?: string[];
  notice?: string;
  form?: { url: string; description: string; events: WebhookEventType[] };
}) {
  return (
    <Layout
      title="Webhooks"
      email={props.email}
      csrf={props.csrf}
      path="/dashboard/webhooks"
      lede={
        <>
          We POST match changes of your tracked leagues to these URLs, signed per{" "}
          <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> (verify with the{" "}
          <code>standardwebhooks</code> library). Failed deliveries are retried for about 18 hours.
        </>
      }
    >
      <Errors messages={props.errors ?? []} />
      <Notice text={props.notice} />
      {props.created && <SecretOnce secret={props.created.secret} url={props.created.url} />}
      <DataTable
        caption="Endpoints of this account"
        columns={[
          { label: "URL" },
          { label: "Events" },
          { label: "Status" },
          { label: <span class="muted">Details</span>, class: "act" },
        ]}
        rows={props.endpoints.length}
        empty="No endpoints yet. Add one below and send it a test event from its page."
      >
        {props.endpoints.map((e) => (
          <tr data-webhook-id={e.id}>
            <td class="lead">
              <code>{e.url}</code>
              {e.description && <div class="muted small">{e.description}</div>}
            </td>
            <td data-label="Events" class="small">
              {eventsText(e)}
            </td>
            <td data-label="Status" class="status">
              {e.enabled ? <span class="pill">enabled</span> : <span class="pill off">disabled</span>}
              {!e.enabled && e.disabled_reason && <div class="muted small">{e.disabled_reason}</div>}
            </td>
            <td class="act">
              <a href={`/dashboard/webhooks/${e.id}`} aria-label={`Details of ${e.url}`}>
                Details
              </a>
            </td>
          </tr>
        ))}
      </DataTable>
      <section class="card" aria-labelledby="add-endpoint">
        <h2 id="add-endpoint">Add an endpoint</h2>
        <PostForm action="/dashboard/webhooks" csrf={props.csrf}>
          <label for="url">Endpoint URL</label>
          <input
            id="url"
            name="url"
            type="text"
            inputmode="url"
            maxlength={2000}
            required
            placeholder="https://example.com/webhooks/sports"
            value={props.form?.url ?? ""}
          />
          <label for="description">Description</label>
          <input
            id="description"
            name="description"
            type="text"
            maxlength={200}
            value={props.form?.description ?? ""}
          />
          <EventBoxes selected={props.form?.events ?? STARTER_EVENTS} legend="Events" intro />
          <button type="submit" class="primary">
            Add endpoint
          </button>
        </PostForm>
      </section>
      <script src="/dashboard/assets/copy.js"></script>
    </Layout>
  );
}

export function WebhookPage(props: {
  email: string;
  csrf: string;
  endpoint: Endpoint;
  attempts: Attempt[];
  rotated?: { secret: string };
  notice?: string;
  /** The test event to show under its button: one just sent, or the newest in the log. */
  test?: TestState;
}) {
  const e = props.endpoint;
  const base = `/dashboard/webhooks/${e.id}`;
  return (
    <Layout title="Webhook endpoint" email={props.email} csrf={props.csrf} path="/dashboard/webhooks">
      <p class="back">
        <a href="/dashboard/webhooks">← All endpoints</a>
      </p>
      <Notice text={props.notice} />
      {props.rotated && <SecretOnce secret={props.rotated.secret} url={e.url} rotated />}
      <section class="card" aria-label="Endpoint">
        <dl class="facts">
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
          <dd>
            <span id="endpoint-status" class={e.enabled ? "pill" : "pill off"}>
              {e.enabled ? "enabled" : "disabled"}
            </span>
          </dd>
          {!e.enabled && (
            <>
              <dt>Why disabled</dt>
              <dd id="disabled-reason">
                {e.disabled_reason} (<When iso={e.disabled_at} seconds />)
              </dd>
            </>
          )}
          {e.failing_since_at && (
            <>
              <dt>Failing since</dt>
              <dd>
                <When iso={e.failing_since_at} seconds /> (disabled after 3 days of failures)
              </dd>
            </>
          )}
          {e.previous_secret_expires_at && (
            <>
              <dt>Previous secret</dt>
              <dd>
                also signs until <When iso={e.previous_secret_expires_at} seconds />
              </dd>
            </>
          )}
        </dl>
        <div class="actions">
          <PostButton csrf={props.csrf} action={`${base}/test`} label="Send test event" />
          {e.enabled ? (
            <PostButton csrf={props.csrf} action={`${base}/disable`} label="Disable" />
          ) : (
            <PostButton csrf={props.csrf} action={`${base}/enable`} label="Enable" />
          )}
          <PostButton csrf={props.csrf} action={`${base}/rotate`} label="Rotate secret" />
          <PostButton csrf={props.csrf} action={`${base}/delete`} label="Delete" aria={`Delete ${e.url}`} danger />
        </div>
        {props.test && <TestResult endpointId={e.id} state={props.test} />}
      </section>
      <section class="card" aria-labelledby="events">
        <h2 id="events">Events</h2>
        <PostForm action={`${base}/events`} csrf={props.csrf}>
          <EventBoxes selected={e.events} legend="Send these events" />
          <button type="submit" class="primary">
            Save events
          </button>
        </PostForm>
      </section>
      <h2>Recent deliveries</h2>
      {props.attempts.length === 0 ? (
        <p class="card empty">No deliveries yet. Send a test event to see one here.</p>
      ) : (
        <DataTable
          id="attempts"
          caption="The last 100 delivery attempts, newest first"
          columns={[
            { label: "Time" },
            { label: "Event" },
            { label: "Attempt", class: "num" },
            { label: "Result" },
            { label: "Status", class: "num" },
            { label: "Latency", class: "num" },
            { label: "Detail" },
          ]}
          rows={props.attempts.length}
        >
          {props.attempts.map((a) => (
            <tr data-message-id={a.message_id}>
              <td class="lead">
                <When iso={a.created_at} seconds />
              </td>
              <td class="event" data-label="Event">
                {a.event_type}
              </td>
              <td class="attempt num" data-label="Attempt">
                {a.attempt}
              </td>
              <td class="outcome" data-label="Result">
                {a.outcome === "retrying" ? `retrying in ${a.retry_in} s` : a.outcome.replace("_", " ")}
              </td>
              <td class="status-code num" data-label="Status">
                {a.response_status ?? "—"}
              </td>
              <td class="latency num" data-label="Latency">
                {a.latency_ms === null ? "—" : `${a.latency_ms} ms`}
              </td>
              <td class="detail muted small" data-label="Detail">
                {[a.error, a.response_excerpt].filter(Boolean).join(" · ")}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <script src="/dashboard/assets/copy.js"></script>
      <script src="/dashboard/assets/test-result.js"></script>
    </Layout>
  );
}
