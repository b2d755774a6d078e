// The Worker's fetch: a dispatch table. Every request passes the Host check (DNS rebinding) and, where anyone may
// send a body, the body cap; then /v1/mcp goes to the MCP front door, the OAuth endpoints to the OAuth provider, and
// everything else (the read API, its WebSockets, pages, internal APIs) to the Hono app, except a warm read the
// response cache holds, which src/api/warm-read.ts answers in one straight line.
import type { Hono } from "hono";
import type { AppEnv } from "./http/app-env";
import { capBody, takesUnauthenticatedBody } from "./http/body";
import { foreignHost } from "./http/host";
import { isMcpPath, serveMcp } from "./mcp/front";
import { isOAuthPath, oauthFront } from "./mcp/oauth";
import { warmRead } from "./api/warm-read";
import { withWarmStart } from "./http/warm-start";

export type Handler = (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response>;

export function makeFetch(app: Hono<AppEnv>, mcp: Handler): Handler {
  const toApp: Handler = async (request, env, ctx) => app.fetch(request, env, ctx);
  const oauth = oauthFront(toApp, mcp);
  return async (request, env, ctx) => {
    const misdirected = foreignHost(request, env);
    if (misdirected) return misdirected;
    const { pathname } = new URL(request.url);
    // Bodies anyone may send are capped before a handler parses them (a 30 MB form would be read in full).
    if (takesUnauthenticatedBody(pathname)) {
      const capped = await capBody(request);
      if (capped instanceof Response) return capped;
      request = capped;
    }
    if (isMcpPath(pathname)) return serveMcp(request, env, ctx, mcp, oauth);
    if (isOAuthPath(pathname)) return oauth(request, env, ctx);
    const warm = await warmRead(request, env, pathname);
    if (warm instanceof Response) return warm;
    return app.fetch(request, warm ? withWarmStart(env, warm) : env, ctx);
  };
}
