// Dashboard sessions, CSRF and one-time flash values: cookies, so HTTP, so here beside the pages that use them (core
// keeps the session rows: src/core/db/queries/sessions.ts). The session id is 32 random bytes in an HttpOnly, SameSite=Lax cookie; D1 keeps
// only its SHA-256. `__Host-` + Secure on https; on loopback http (local dev) browsers refuse both, so the cookie
// is a plain HttpOnly one there.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Db } from "../core/db/client";
import { deleteExpiredSessions, deleteSession, findSession, insertSession } from "../core/db/queries/sessions";
import { base62, sha256Hex, timingSafeEqual } from "../core/auth/keys";

export const SESSION_TTL_MS = 7 * 86_400_000;
const random = (bytes = 32) => base62(crypto.getRandomValues(new Uint8Array(bytes)), bytes === 32 ? 43 : 22);

const isLoopbackHttp = (c: Context) => {
  const u = new URL(c.req.url);
  return u.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(u.hostname);
};
const cookieName = (c: Context, base: string) => (isLoopbackHttp(c) ? `sd_${base}` : `__Host-${base}`);
const cookieOptions = (c: Context, maxAgeSeconds?: number) => ({
  path: "/",
  httpOnly: true,
  secure: !isLoopbackHttp(c),
  sameSite: "Lax" as const,
  ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}),
});

export interface Session {
  accountId: string;
  email: string;
  plan: string;
  csrfToken: string;
}

export async function startSession(c: Context, db: Db, accountId: string): Promise<void> {
  const id = random();
  const now = Date.now();
  await deleteExpiredSessions(db, accountId, now);
  await insertSession(db, {
    idHash: await sha256Hex(id),
    accountId,
    csrfToken: random(16),
    createdAt: now,
    expiresAt: now + SESSION_TTL_MS,
  });
  setCookie(c, cookieName(c, "session"), id, cookieOptions(c, SESSION_TTL_MS / 1000));
}

export async function currentSession(c: Context, db: Db): Promise<Session | undefined> {
  const id = getCookie(c, cookieName(c, "session"));
  if (!id || id.length > 100) return undefined;
  const row = await findSession(db, await sha256Hex(id), Date.now());
  return row && { accountId: row.accountId, email: row.email, plan: row.plan, csrfToken: row.csrfToken };
}

export async function endSession(c: Context, db: Db): Promise<void> {
  const id = getCookie(c, cookieName(c, "session"));
  if (id) await deleteSession(db, await sha256Hex(id));
  deleteCookie(c, cookieName(c, "session"), cookieOptions(c));
}

/** Token for forms shown before sign-in: a random value in a cookie and the form (double submit). */
export function preSessionCsrf(c: Context): string {
  const existing = getCookie(c, cookieName(c, "csrf"));
  if (existing && /^[0-9A-Za-z]{22}$/.test(existing)) return existing;
  const token = random(16);
  setCookie(c, cookieName(c, "csrf"), token, cookieOptions(c, 3600));
  return token;
}

/**
 * CSRF check for a form POST: the request must come from our own origin (Origin/Sec-Fetch-Site, when the browser
 * sends them) and carry the expected token (OWASP synchronizer / double-submit patterns).
 */
export function csrfOk(c: Context<any>, submitted: unknown, expected: string | undefined): boolean {
  const origin = c.req.header("origin");
  // Our origin is the deployment's public URL; local proxies (wrangler dev) may rewrite the URL the Worker sees.
  const ours = [new URL(c.req.url).origin, new URL((c.env as Env).PUBLIC_BASE_URL).origin];
  if (origin && !ours.includes(origin)) return false;
  const site = c.req.header("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  return typeof submitted === "string" && !!expected && timingSafeEqual(submitted, expected);
}

export const preSessionToken = (c: Context) => getCookie(c, cookieName(c, "csrf"));

/**
 * A value shown once on the page a POST redirects to (post/redirect/get): a new key or webhook secret. It travels in
 * a short-lived HttpOnly cookie (never in D1, where keys are only hashes) and is cleared by the first page that shows
 * it, so a reload shows nothing and re-creates nothing.
 */
export function setFlash(c: Context, value: Record<string, string>): void {
  const encoded = btoa(JSON.stringify(value)).replace(/=+$/, "");
  setCookie(c, cookieName(c, "flash"), encoded, { ...cookieOptions(c, 120), sameSite: "Strict" });
}

export function takeFlash(c: Context): Record<string, string> | undefined {
  const name = cookieName(c, "flash");
  const raw = getCookie(c, name);
  if (!raw) return undefined;
  deleteCookie(c, name, { path: "/", secure: !isLoopbackHttp(c) });
  try {
    const parsed = JSON.parse(atob(raw)) as unknown;
    return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}
