/** @jsxImportSource hono/jsx */
// What every signed-in dashboard page shares: the session check (with the CSRF check of every POST) and form parsing.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { csrfOk, currentSession, type Session } from "../sessions";
import { dbFor } from "../../core/db/client";
import type { AppEnv } from "../../http/app-env";
import { Layout } from "./components/layout";

export type DashEnv = AppEnv & { Variables: AppEnv["Variables"] & { session: Session } };

export async function form(c: Context) {
  const body = await c.req.parseBody({ all: true });
  const str = (k: string) => (typeof body[k] === "string" ? (body[k] as string) : "");
  const list = (k: string) => [body[k] ?? []].flat().filter((v): v is string => typeof v === "string");
  return { str, list };
}

export const forbidden = (c: Context) =>
  c.html(
    <Layout title="Form expired" narrow>
      <p class="card">This form was not sent from this site or has expired. Go back, reload the page and try again.</p>
    </Layout>,
    403,
  );

export const requireSession = createMiddleware<DashEnv>(async (c, next) => {
  const session = await currentSession(c, dbFor(c.env.DB));
  if (!session) return c.redirect("/dashboard/sign-in", 303);
  c.set("session", session);
  if (c.req.method === "POST") {
    const { str } = await form(c);
    if (!csrfOk(c, str("_csrf"), session.csrfToken)) return forbidden(c);
  }
  await next();
});
