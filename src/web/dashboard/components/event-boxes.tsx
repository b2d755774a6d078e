/** @jsxImportSource hono/jsx */
// The event types an endpoint receives, as checkboxes: each with what it sends and about how many deliveries a match
// it means. A new endpoint starts with STARTER_EVENTS ticked: every type at once is a flood (with the local demo feed,
// 1,433 deliveries in 3 minutes against 49 for these two, measured; most are clock ticks), and a test event was lost
// among them.
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENTS } from "../../../core/domain/webhook-schemas";
import type { WebhookEventType } from "../../../core/domain/webhook-schemas";

/** Ticked on a new endpoint's form: a match's start and end, about 3 deliveries a match. */
export const STARTER_EVENTS: readonly WebhookEventType[] = ["match.status_changed", "match.finished"];

/** About how many deliveries of each type one match of a tracked league sends (the demo's and the feeds' pace). */
const PER_MATCH: Record<WebhookEventType, string> = {
  "match.status_changed": "≈ 2 a match: kickoff and final whistle (more if it is interrupted or postponed)",
  "match.score_updated": "≈ 100 a football match (one a minute of play), one per clock update of a basketball game",
  "match.event_added": "≈ 15–30 a match: goals, cards, substitutions, baskets, period starts and ends",
  "match.event_updated": "rare: a correction",
  "match.event_removed": "rare: a withdrawn event",
  "match.finished": "1 a match",
  "standings.updated": "1 a finished league match, with the whole table",
};

/** `backticked` words of a description as <code>. */
const withCode = (text: string) => text.split("`").map((part, i) => (i % 2 ? <code>{part}</code> : part));

/** `selected`: the ticked types (null: all of them). `intro`: the line above the boxes on a new endpoint's form. */
export function EventBoxes(props: { selected: readonly WebhookEventType[] | null; legend: string; intro?: boolean }) {
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      {props.intro && (
        <p class="small" id="events-intro">
          Ticked to start: <code>match.status_changed</code> and <code>match.finished</code>, when a match starts and
          ends: about 3 deliveries a match of your tracked leagues. Tick more as your receiver needs them: a live score
          needs <code>match.score_updated</code>, about 100 a football match. You can change this later on the
          endpoint's page.
        </p>
      )}
      {WEBHOOK_EVENTS.map((e) => (
        <label class="check">
          <input
            type="checkbox"
            name="events"
            value={e}
            checked={props.selected === null || props.selected.includes(e)}
          />
          <span>
            <code>{e}</code> <span class="volume">{PER_MATCH[e]}.</span>{" "}
            <span class="muted small">{withCode(WEBHOOK_EVENT_DESCRIPTIONS[e])}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
