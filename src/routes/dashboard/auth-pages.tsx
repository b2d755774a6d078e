/** @jsxImportSource hono/jsx */
import { Errors, Layout } from "./layout";

export function SignInPage(props: { csrf: string; errors?: string[]; email?: string; next?: string }) {
  return (
    <Layout title="Sign in">
      <Errors messages={props.errors ?? []} />
      <form method="post" action="/dashboard/sign-in">
        <input type="hidden" name="_csrf" value={props.csrf} />
        {props.next && <input type="hidden" name="next" value={props.next} />}
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="username" required value={props.email ?? ""} />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <p>
          <button type="submit">Sign in</button>
        </p>
      </form>
      <p>
        No account?{" "}
        <a href={props.next ? `/dashboard/sign-up?next=${encodeURIComponent(props.next)}` : "/dashboard/sign-up"}>
          Sign up
        </a>
      </p>
    </Layout>
  );
}

export function SignUpPage(props: { csrf: string; errors?: string[]; email?: string; next?: string }) {
  return (
    <Layout title="Sign up">
      <Errors messages={props.errors ?? []} />
      <form method="post" action="/dashboard/sign-up">
        <input type="hidden" name="_csrf" value={props.csrf} />
        {props.next && <input type="hidden" name="next" value={props.next} />}
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="username" required value={props.email ?? ""} />
        <label for="password">Password (at least 10 characters, not a common one)</label>
        <input id="password" name="password" type="password" autocomplete="new-password" minlength={10} required />
        <p>
          <button type="submit">Create account</button>
        </p>
      </form>
      <p>
        Have an account? <a href="/dashboard/sign-in">Sign in</a>
      </p>
    </Layout>
  );
}
