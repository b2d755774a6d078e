/** @jsxImportSource hono/jsx */
// What every dashboard form carries: the session's CSRF token (src/web/sessions.ts checks it with our Origin).
import type { Child } from "hono/jsx";

export const CsrfField = (props: { csrf: string }) => <input type="hidden" name="_csrf" value={props.csrf} />;

/** A POST form to `action` with the CSRF token. */
export const PostForm = (props: { action: string; csrf: string; class?: string; children: Child }) => (
  <form method="post" action={props.action} class={props.class}>
    <CsrfField csrf={props.csrf} />
    {props.children}
  </form>
);

/** A one-button POST form; `danger` for what cannot be undone (revoke, delete). */
export const PostButton = (props: { action: string; csrf: string; label: string; aria?: string; danger?: boolean }) => (
  <PostForm action={props.action} csrf={props.csrf} class="inline">
    <button type="submit" class={props.danger ? "danger" : undefined} aria-label={props.aria}>
      {props.label}
    </button>
  </PostForm>
);
