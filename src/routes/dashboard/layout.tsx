/** @jsxImportSource hono/jsx */
// Shared page frame. Hono JSX escapes every interpolated value, so user text (key names, emails) is inert.
import type { Child } from "hono/jsx";

export const CSP =
  "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; form-action 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'";

export function Layout(props: { title: string; email?: string; csrf?: string; children: Child }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} · Sports data`}</title>
        <link rel="stylesheet" href="/dashboard/assets/style.css" />
      </head>
      <body>
        <header>
          <strong>Sports data</strong>
          {props.email && (
            <nav aria-label="Settings">
              <a href="/dashboard/keys">API keys</a>
              <a href="/dashboard/leagues">Tracked leagues</a>
              <a href="/dashboard/webhooks">Webhooks</a>
              <a href="/dashboard/apps">Connected apps</a>
              <a href="/dashboard/plan">Plan &amp; usage</a>
              <form method="post" action="/dashboard/sign-out" class="inline">
                <input type="hidden" name="_csrf" value={props.csrf} />
                <button type="submit">Sign out</button>
              </form>
            </nav>
          )}
        </header>
        <main>
          <h1>{props.title}</h1>
          {props.children}
        </main>
        {props.email && <footer>Signed in as {props.email}</footer>}
      </body>
    </html>
  );
}

export const Errors = (props: { messages: string[] }) =>
  props.messages.length > 0 ? (
    <div role="alert" class="error">
      {props.messages.map((m) => (
        <p>{m}</p>
      ))}
    </div>
  ) : null;

/** A one-button POST form (revoke a key, an app) carrying the session's CSRF token. */
export const RevokeButton = (props: { action: string; csrf: string; name: string }) => (
  <form method="post" action={props.action} class="inline">
    <input type="hidden" name="_csrf" value={props.csrf} />
    <button type="submit" aria-label={`Revoke ${props.name}`}>
      Revoke
    </button>
  </form>
);
