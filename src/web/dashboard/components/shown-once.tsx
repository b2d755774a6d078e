/** @jsxImportSource hono/jsx */
// A secret shown once, right after it was made (a new API key, a webhook signing secret), with a copy button the
// page's script reveals (it works without it: the value is selectable text).
import type { Child } from "hono/jsx";

export const ShownOnce = (props: { id: string; title: Child; note: Child; value: string }) => (
  <section class="secret" aria-labelledby={props.id}>
    <h2 id={props.id}>{props.title}</h2>
    <p>{props.note}</p>
    <p class="value">
      <code class="key" id={`${props.id}-value`}>
        {props.value}
      </code>
      <button type="button" data-copy={`${props.id}-value`} hidden>
        Copy
      </button>
    </p>
  </section>
);
