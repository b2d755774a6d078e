/** @jsxImportSource hono/jsx */
// /dashboard: sign-up/in, API keys, tracked leagues, webhooks, plan & usage. Server-rendered; works without JS (the copy
// button and the poll of a test event's result are the only scripts). Every POST checks the CSRF token; every page is
// no-store with a strict CSP.
import { Hono, type Context } from "hono";
import { createApiKey, revokeOwnKey, setTrackedLeagues } from "../../core/auth/service";
import { limitsOf } from "../../core/limits/plans";
import { csrfOk, endSession, preSessionCsrf, preSessionToken, setFlash, startSession, takeFlash } from "../sessions";
import { revokeGrant } from "../../core/auth/oauth-grants";
import { Credentials } from "../../core/auth/password-policy";
import { signIn, signUp } from "../../core/auth/sign-in";
import type { Plan } from "../../core/domain/codes";
import { NewKey } from "../../core/domain/key-schemas";
import { IdParam } from "../../core/domain/schemas";
import { dbFor } from "../../core/db/client";
import { listKeys } from "../../core/db/queries/accounts";
import { listAccountReplays, replaysAllowed } from "../../core/replays/service";
import { allLeagues, trackedLeagueIds } from "../../core/db/queries/leagues";
import { ApiError, badRequest } from "../../core/errors";
import { clientIp } from "../../core/limits/attempts";
import { COPY_SCRIPT, STYLE, TEST_RESULT_SCRIPT } from "./assets";
import { SignInPage, SignUpPage } from "./pages/auth";
import { form, forbidden, requireSession, type DashEnv } from "./guard";
import { KeysPage, type KeyRow } from "./pages/keys";
import { CSP } from "./components/layout";
import { AppsPage } from "./pages/apps";
import { LeaguesPage } from "./pages/leagues";
import { PlanPage, type AccountUsage } from "./pages/plan";
import { keyCredential } from "../../core/auth/principal";
import { webhookPages } from "./webhooks";
import { rfc3339 } from "../../lib/time";

/** Where to go after signing in: only back into an OAuth authorization (never an open redirect). */
function nextOf(raw: string | undefined): string | undefined {
  // A line break reaching the Location header is response splitting (CWE-113); encoded, it is one decode away.
  if (raw && /[\r\n]|%0[ad]/i.test(raw)) throw badRequest("next", "must not contain a line break");
  return raw && /^\/oauth\/authorize\?[^\\]*$/.test(raw) ? raw : undefined;
}

function retryIn(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

async function keyRows(env: Env, accountId: string): Promise<KeyRow[]> {
  const [keys, lastUsed] = await Promise.all([
    listKeys(dbFor(env.DB), accountId),
    env.ACCOUNT_GATE.getByName(accountId).lastUsed(),
  ]);
  return keys.map((k) => {
    const last = lastUsed[keyCredential(k.id)];
    return { ...k, lastUsed: last ? rfc3339(last) : null };
  });
}

/** This minute's and today's budget use, open streams by kind, and active keys: what the plan page shows. */
async function accountUsage(env: Env, accountId: string): Promise<AccountUsage> {
  const gate = env.ACCOUNT_GATE.getByName(accountId);
  const [rows, windows, streams] = await Promise.all([keyRows(env, accountId), gate.usage(), gate.openStreams()]);
  const t = Date.now();
  const minute = t - (t % 60_000);
  const day = t - (t % 86_400_000);
  const now = (bucket: string) => windows.find((w) => w.bucket === bucket && w.start === minute);
  const rest = windows.filter((w) => w.bucket === "rest");
  return {
    restThisMinute: now("rest")?.allowed ?? 0,
    restRefusedThisMinute: now("rest")?.denied ?? 0,
    restToday: rest.filter((w) => w.start >= day).reduce((n, w) => n + w.allowed, 0),
    mcpThisMinute: now("mcp")?.allowed ?? 0,
    streams,
    activeKeys: rows.filter((k) => !k.revokedAt).length,
  };
}

/** The deployment's public origin, for the commands the pages show. */
const baseOf = (env: Env) => new URL(env.PUBLIC_BASE_URL).origin;

async function renderKeys(
  c: Context<DashEnv>,
  extra: { created?: { name: string; key: string }; errors?: string[] } = {},
  status: 200 | 400 | 403 = 200,
) {
  const s = c.get("session");
  const [rows, replays] = await Promise.all([keyRows(c.env, s.accountId), listAccountReplays(c.env, s.accountId)]);
  const cap = limitsOf(c.env, s.plan as Plan).keys;
  return c.html(
    <KeysPage
      email={s.email}
      csrf={s.csrfToken}
      base={baseOf(c.env)}
      keys={rows}
      keyCap={cap}
      replays={replaysAllowed(c.env) ? replays : undefined}
      {...extra}
    />,
    status,
  );
}

export const dashboardRoutes = new Hono<DashEnv>()
  .use(async (c, next) => {
    await next();
    c.header("content-security-policy", CSP);
    c.header("x-frame-options", "DENY");
    c.header("x-content-type-options", "nosniff");
    // same-origin, not no-referrer: with no-referrer browsers send `Origin: null` on our own form POSTs.
    c.header("referrer-policy", "same-origin");
    c.header("cache-control", "no-store");
  })
  .get("/assets/style.css", (c) => c.body(STYLE, 200, { "content-type": "text/css; charset=utf-8" }))
  .get("/assets/copy.js", (c) => c.body(COPY_SCRIPT, 200, { "content-type": "text/javascript; charset=utf-8" }))
  .get("/assets/test-result.js", (c) =>
    c.body(TEST_RESULT_SCRIPT, 200, { "content-type": "text/javascript; charset=utf-8" }),
  )
  .get("/", (c) => c.redirect("/dashboard/keys", 303))

  .get("/sign-in", (c) => c.html(<SignInPage csrf={preSessionCsrf(c)} next={nextOf(c.req.query("next"))} />))
  .post("/sign-in", async (c) => {
    const { str } = await form(c);
    const next = nextOf(str("next"));
    if (!csrfOk(c, str("_csrf"), preSessionToken(c))) return forbidden(c);
    const email = str("email").trim();
    const result = await signIn(dbFor(c.env.DB), email, str("password"), clientIp(c.req.raw));
    if (result.ok) {
      await startSession(c, dbFor(c.env.DB), result.accountId);
      return c.redirect(next ?? "/dashboard/keys", 303);
    }
    const errors = result.throttled
      ? [`Too many failed attempts. ${retryIn(result.retryAfterSec!)}`]
      : ["Wrong email or password."];
    if (result.throttled) c.header("retry-after", String(result.retryAfterSec));
    return c.html(
      <SignInPage csrf={preSessionCsrf(c)} errors={errors} email={email} next={next} />,
      result.throttled ? 429 : 401,
    );
  })

  .get("/sign-up", (c) => c.html(<SignUpPage csrf={preSessionCsrf(c)} next={nextOf(c.req.query("next"))} />))
  .post("/sign-up", async (c) => {
    const { str } = await form(c);
    const next = nextOf(str("next"));
    if (!csrfOk(c, str("_csrf"), preSessionToken(c))) return forbidden(c);
    const email = str("email").trim();
    const page = (errors: string[], status: 400 | 409 | 429) =>
      c.html(<SignUpPage csrf={preSessionCsrf(c)} errors={errors} email={email} next={next} />, status);
    const parsed = Credentials.safeParse({ email, password: str("password") });
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) =>
        i.path[0] === "email" ? "Enter a valid email address." : i.message,
      );
      return page([...new Set(errors)], 400);
    }
    try {
      const result = await signUp(dbFor(c.env.DB), parsed.data.email, parsed.data.password, clientIp(c.req.raw));
      if (!result.ok) {
        c.header("retry-after", String(result.retryAfterSec));
        return page([`Too many sign-ups from your network. ${retryIn(result.retryAfterSec)}`], 429);
      }
      await startSession(c, dbFor(c.env.DB), result.accountId);
      return c.redirect(next ?? "/dashboard/keys", 303);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409)
        return page(["An account with this email already exists."], 409);
      throw err;
    }
  })

  .post("/sign-out", requireSession, async (c) => {
    await endSession(c, dbFor(c.env.DB));
    return c.redirect("/dashboard/sign-in", 303);
  })

  .get("/keys", requireSession, (c) => {
    const flash = takeFlash(c);
    return renderKeys(
      c,
      flash?.kind === "key" && flash.key ? { created: { name: flash.name ?? "", key: flash.key } } : {},
    );
  })
  .post("/keys", requireSession, async (c) => {
    const { str, list } = await form(c);
    const parsed = NewKey.safeParse({ name: str("name"), scopes: list("scopes") });
    if (!parsed.success) return renderKeys(c, { errors: parsed.error.issues.map((i) => i.message) }, 400);
    const s = c.get("session");
    try {
      const { key } = await createApiKey(
        dbFor(c.env.DB),
        c.env.ENVIRONMENT,
        s.accountId,
        parsed.data.name,
        parsed.data.scopes,
        undefined,
        c.env,
      );
      // Post/redirect/get: the key is shown once by the page the browser is sent to; a reload re-creates nothing.
      setFlash(c, { kind: "key", name: parsed.data.name, key });
    } catch (err) {
      if (err instanceof ApiError && err.code === "plan_limit") return renderKeys(c, { errors: [err.detail] }, 403);
      throw err;
    }
    return c.redirect("/dashboard/keys", 303);
  })
  .post("/keys/:id/revoke", requireSession, async (c) => {
    const id = IdParam.safeParse(c.req.param("id"));
    if (id.success) await revokeOwnKey(c.env, c.get("session").accountId, id.data);
    return c.redirect("/dashboard/keys", 303);
  })

  .get("/leagues", requireSession, async (c) => {
    const s = c.get("session");
    const db = dbFor(c.env.DB);
    const [leagues, tracked] = await Promise.all([allLeagues(db), trackedLeagueIds(db, s.accountId)]);
    return c.html(
      <LeaguesPage
        email={s.email}
        csrf={s.csrfToken}
        leagues={leagues}
        tracked={new Set(tracked)}
        saved={c.req.query("saved") === "1"}
      />,
    );
  })
  .post("/leagues", requireSession, async (c) => {
    const { list } = await form(c);
    await setTrackedLeagues(c.env, c.get("session").accountId, list("league_ids"));
    return c.redirect("/dashboard/leagues?saved=1", 303);
  })

  .route("/webhooks", webhookPages)

  .get("/apps", requireSession, async (c) => {
    const s = c.get("session");
    const { items } = await c.get("oauth").listUserGrants(s.accountId);
    const apps = items.map((g) => ({
      id: g.id,
      name: String((g.metadata as { client_name?: string } | null)?.client_name ?? g.clientId),
      scopes: g.scope,
      createdAt: new Date(g.createdAt * 1000).toISOString(),
    }));
    return c.html(<AppsPage email={s.email} csrf={s.csrfToken} base={baseOf(c.env)} apps={apps} />);
  })
  .post("/apps/:id/revoke", requireSession, async (c) => {
    const grantId = c.req.param("id");
    const s = c.get("session");
    const { items } = await c.get("oauth").listUserGrants(s.accountId);
    if (!items.some((g) => g.id === grantId)) throw new ApiError(404, "not_found", "app not found");
    await revokeGrant(c.env, c.get("oauth"), s.accountId, grantId);
    return c.redirect("/dashboard/apps", 303);
  })

  .get("/plan", requireSession, async (c) => {
    const s = c.get("session");
    const plan = s.plan as Plan;
    return c.html(
      <PlanPage
        email={s.email}
        csrf={s.csrfToken}
        plan={plan}
        limits={limitsOf(c.env, plan)}
        usage={await accountUsage(c.env, s.accountId)}
      />,
    );
  });
