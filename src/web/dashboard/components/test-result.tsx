/** @jsxImportSource hono/jsx */
// What became of a test event, shown under the endpoint's "Send test event" button: pending while its delivery has
// not been made (the queue and the endpoint's lane deliver it within seconds), then its result. While pending, the
// box names the URL of its own fragment (`data-poll`), which the page's script (/dashboard/assets/test-result.js)
// fetches again every second and puts in place; without the script, "Check again" reloads the page.
import type { z } from "zod";
import type { WebhookAttempt } from "../../../core/domain/webhook-schemas";
import { When } from "./layout";

type Attempt = z.infer<typeof WebhookAttempt>;

/** A `webhook-id` as the service makes them (src/core/webhooks/message.ts): anything else in a URL is ignored. */
export const MESSAGE_ID = /^msg_[0-9A-Za-z]{22}$/;

export type TestState =
  /** Sent from this page: its delivery is awaited. */
  | { kind: "pending"; messageId: string }
  /** Its attempt; `latest`: the newest test in the log, not one just sent. */
  | { kind: "done"; attempt: Attempt; latest?: boolean };

/** The receiver's answer, or why there was none. */
function answer(a: Attempt) {
  if (a.response_status === null) return a.error ?? "no answer";
  const status = `HTTP ${a.response_status}`;
  return a.error && a.error !== status ? `${status} (${a.error})` : status;
}

export function TestResult(props: { endpointId: string; state: TestState }) {
  const base = `/dashboard/webhooks/${props.endpointId}`;
  const s = props.state;
  if (s.kind === "pending")
    return (
      <div
        id="test-result"
        class="test-result pending"
        role="status"
        data-poll={`${base}/tests/${s.messageId}`}
        data-message-id={s.messageId}
      >
        <p>
          <strong>Test event queued</strong>: waiting for its delivery (usually a few seconds; a receiver that does not
          answer is given 10 s). <a href={`${base}?test=${s.messageId}`}>Check again</a>
        </p>
        <p class="small muted">
          webhook-id <code>{s.messageId}</code>
        </p>
      </div>
    );
  const a = s.attempt;
  const ok = a.outcome === "delivered";
  const what = `${s.latest ? "Last test event" : "Test event"} ${ok ? "delivered" : "failed"}`;
  return (
    <div id="test-result" class={`test-result ${ok ? "ok" : "bad"}`} role="status" data-message-id={a.message_id}>
      <p>
        <strong>{what}</strong>: <span class="result">{answer(a)}</span>
        {a.latency_ms !== null && ` in ${a.latency_ms} ms`} at <When iso={a.created_at} seconds />
      </p>
      <p class="small muted">
        webhook-id <code>{a.message_id}</code>
        {a.response_excerpt && ` · answer: “${a.response_excerpt}”`}
      </p>
    </div>
  );
}
