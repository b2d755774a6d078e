/** @jsxImportSource hono/jsx */
import { PostForm } from "../components/forms";
import { Errors, Layout } from "../components/layout";

type AuthPageProps = { csrf: string; errors?: string[]; email?: string; next?: string };

const withNext = (path: string, next?: string) => (next ? `${path}?next=${encodeURIComponent(next)}` : path);

export function SignInPage(props: AuthPageProps) {
  return (
    <Layout title="Sign in" narrow lede="Manage your API keys, tracked leagues, webhooks and connected apps.">
      <Errors messages={props.errors ?? []} />
      <PostForm action="/dashboard/sign-in" csrf={props.csrf} class="card">
        {props.next && <input type="hidden" name="next" value={props.next} />}
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="username" required value={props.email ?? ""} />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <div class="actions">
          <button type="submit" class="primary wide">
            Sign in
          </button>
        </div>
      </PostForm>
      <p class="muted">
        No account? <a href={withNext("/dashboard/sign-up", props.next)}>Sign up</a>
      </p>
    </Layout>
  );
}

export function SignUpPage(props: AuthPageProps) {
  return (
    <Layout
      title="Sign up"
      narrow
      lede="A trial account that tracks every league; your first API key is one click away."
    >
      <Errors messages={props.errors ?? []} />
      <PostForm action="/dashboard/sign-up" csrf={props.csrf} class="card">
        {props.next && <input type="hidden" name="next" value={props.next} />}
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="username" required value={props.email ?? ""} />
        <label for="password">Password (at least 10 characters, not a common one)</label>
        <input id="password" name="password" type="password" autocomplete="new-password" minlength={10} required />
        <div class="actions">
          <button type="submit" class="primary wide">
            Create account
          </button>
        </div>
      </PostForm>
      <p class="muted">
        Have an account? <a href={withNext("/dashboard/sign-in", props.next)}>Sign in</a>
      </p>
    </Layout>
  );
}
