/** @jsxImportSource hono/jsx */
// Shared page frame. Hono JSX escapes every interpolated value, so user text (key names, emails) is inert.
import { raw } from "hono/html";
import type { Child } from "hono/jsx";
import { PostForm } from "./forms";

/** 'self' only; connect-src for the test result's poll of its own fragment (assets.ts TEST_RESULT_SCRIPT). */
export const CSP =
  "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; connect-src 'self'; " +
  "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const NAV = [
  ["/dashboard/keys", "API keys"],
  ["/dashboard/leagues", "Tracked leagues"],
  ["/dashboard/webhooks", "Webhooks"],
  ["/dashboard/apps", "Connected apps"],
  ["/dashboard/plan", "Plan & usage"],
] as const;

export function Layout(props: {
  title: string;
  email?: string;
  csrf?: string;
  /** The nav entry to mark as the current page. */
  path?: string;
  /** One line under the title saying what the page is for. */
  lede?: Child;
  /** Sign-in, sign-up and consent: one narrow column. */
  narrow?: boolean;
  children: Child;
}) {
  return (
    <>
      {/* Standards mode: without a doctype browsers render in quirks mode. */}
      {raw("<!doctype html>")}
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>{`${props.title} · Sports data`}</title>
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          <link rel="stylesheet" href="/dashboard/assets/style.css" />
        </head>
        <body>
          <header class="top">
            <div class="top-in">
              <a class="brand" href="/dashboard">
                <img src="/favicon.svg" alt="" width="24" height="24" />
                Sports data
              </a>
              <nav aria-label={props.email ? "Settings" : "Site"}>
                <ul class="nav">
                  {props.email &&
                    NAV.map(([href, label]) => (
                      <li>
                        <a href={href} aria-current={props.path === href ? "page" : undefined}>
                          {label}
                        </a>
                      </li>
                    ))}
                  <li>
                    <a href="/docs">API docs</a>
                  </li>
                  <li>
                    <a href="/live">Live</a>
                  </li>
                </ul>
              </nav>
            </div>
          </header>
          <main class={props.narrow ? "narrow" : undefined}>
            <h1>{props.title}</h1>
            {props.lede && <p class="lede">{props.lede}</p>}
            {props.children}
          </main>
          {props.email && (
            <footer class="top">
              <div class="top-in who">
                <span>Signed in as {props.email}</span>
                <PostForm action="/dashboard/sign-out" csrf={props.csrf ?? ""} class="inline">
                  <button type="submit" class="link">
                    Sign out
                  </button>
                </PostForm>
              </div>
            </footer>
          )}
        </body>
      </html>
    </>
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

export const Notice = (props: { text?: string }) =>
  props.text ? (
    <p role="status" class="notice">
      {props.text}
    </p>
  ) : null;

/** A UTC instant as "2026-11-23 09:41 UTC" (to the minute, or the second) in a <time>, which stays on one line. */
export function When(props: { iso: string | null; seconds?: boolean; empty?: string }) {
  if (!props.iso) return <span class="muted">{props.empty ?? "never"}</span>;
  const [day, time = ""] = props.iso.split("T");
  return <time datetime={props.iso}>{`${day} ${time.slice(0, props.seconds ? 8 : 5)} UTC`}</time>;
}
