/** @jsxImportSource hono/jsx */
// GET/POST /oauth/authorize: the OAuth provider hands the authorization request to us; the user signs in with the
// dashboard account, then approves or denies on a consent page naming the client, its redirect host and the scope.
import { Hono, type Context } from "hono";
import type { AuthRequest } from "@cloudflare/workers-oauth-provider";
import { csrfOk, currentSession } from "./sessions";
import { dbFor } from "../core/db/client";
import type { AppEnv } from "../http/app-env";
import { CSP, Errors, Layout } from "./dashboard/components/layout";
import { PostForm } from "./dashboard/components/forms";

export const MCP_SCOPE = "mcp:invoke";

const page = (c: Context<OAuthUiEnv>, title: string, messages: string[], status: 400 | 403) =>
  c.html(
    <Layout title={title} narrow>
      <Errors messages={messages} />
    </Layout>,
    status,
  );

/** Parses and checks the request; a string is a reason to refuse it. */
async function authRequestOf(c: Context<OAuthUiEnv>, request: Request): Promise<AuthRequest | string> {
  let req: AuthRequest;
  try {
    req = await c.get("oauth").parseAuthRequest(request);
  } catch (err) {
    return err instanceof Error ? err.message : "invalid authorization request";
  }
  // PKCE with S256 is required for every client (OAuth 2.1; the plain method leaks the verifier).
  if (!req.codeChallenge || req.codeChallengeMethod !== "S256")
    return "PKCE with code_challenge_method=S256 is required";
  if (req.scope.length === 0) req.scope = [MCP_SCOPE];
  if (req.scope.some((s) => s !== MCP_SCOPE)) return `only the ${MCP_SCOPE} scope can be granted`;
  return req;
}

type OAuthUiEnv = AppEnv & { Variables: AppEnv["Variables"] & { formAction?: string } };

export const oauthUi = new Hono<OAuthUiEnv>()
  .use(async (c, next) => {
    await next();
    const extra = c.get("formAction");
    c.header("content-security-policy", extra ? CSP.replace("form-action 'self'", `form-action 'self' ${extra}`) : CSP);
    c.header("x-frame-options", "DENY");
    c.header("cache-control", "no-store");
    c.header("referrer-policy", "same-origin");
  })
  .get("/authorize", async (c) => {
    const req = await authRequestOf(c, c.req.raw);
    if (typeof req === "string") return page(c, "Cannot authorize", [req], 400);
    const session = await currentSession(c, dbFor(c.env.DB));
    const here = new URL(c.req.url);
    if (!session) return c.redirect(`/dashboard/sign-in?next=${encodeURIComponent(here.pathname + here.search)}`, 303);
    const consent = await c.get("oauth").describeConsent(req);
    // The approve/deny POST answers with a redirect to the client; CSP form-action covers that redirect too, so the
    // page allows exactly the (registered, already checked) redirect URI's origin, or its scheme for native apps.
    const target = new URL(req.redirectUri);
    const source = target.protocol === "http:" || target.protocol === "https:" ? target.origin : target.protocol;
    c.set("formAction", source);
    return c.html(
      <Layout title="Connect an app" email={session.email} csrf={session.csrfToken} narrow>
        <section class="card">
          <p>
            <strong id="client-name">{consent.clientName ?? req.clientId}</strong> wants to use your sports data through
            MCP.
          </p>
          <ul>
            <li>
              It will be sent back to <strong id="redirect-host">{consent.redirectHost}</strong>.
            </li>
            <li>
              Permission: <code>{MCP_SCOPE}</code> — call the read-only tools (leagues, matches, standings …) of the
              leagues you track, within your plan's limits.
            </li>
          </ul>
          <p class="muted small">You can revoke it at any time under Connected apps.</p>
          <PostForm action="/oauth/authorize" csrf={session.csrfToken} class="actions">
            <input type="hidden" name="q" value={here.search.slice(1)} />
            <button type="submit" name="decision" value="approve" class="primary">
              Approve
            </button>
            <button type="submit" name="decision" value="deny">
              Deny
            </button>
          </PostForm>
        </section>
      </Layout>,
    );
  })
  .post("/authorize", async (c) => {
    const session = await currentSession(c, dbFor(c.env.DB));
    const body = await c.req.parseBody();
    if (!session || !csrfOk(c, body._csrf, session.csrfToken))
      return page(c, "Form expired", ["Start the connection again from your app."], 403);
    const original = new Request(`${new URL(c.req.url).origin}/oauth/authorize?${String(body.q ?? "")}`);
    const req = await authRequestOf(c, original);
    if (typeof req === "string") return page(c, "Cannot authorize", [req], 400);
    if (body.decision !== "approve") {
      const back = new URL(req.redirectUri);
      back.searchParams.set("error", "access_denied");
      if (req.state) back.searchParams.set("state", req.state);
      if (req.issuer) back.searchParams.set("iss", req.issuer);
      return c.redirect(back.toString(), 302);
    }
    const client = await c.get("oauth").lookupClient(req.clientId);
    const { redirectTo } = await c.get("oauth").completeAuthorization({
      request: req,
      userId: session.accountId,
      metadata: { client_name: client?.clientName ?? req.clientId, approved_at: new Date().toISOString() },
      scope: [MCP_SCOPE],
      // Ids only (src/http/app-env.ts Principal, the shape an API key yields): plan and leagues are read at each call, so a
      // downgrade applies to the next one instead of being frozen at consent.
      props: { type: "oauth", accountId: session.accountId },
    });
    return c.redirect(redirectTo, 302);
  });
