// /v1/mcp on the maintained stateless path (agents' createMcpHandler, MCP SDK v2): the 2026-07-28 draft and stateless
// 2025-era clients at one URL, no sessions (GET and DELETE → 405). Each request's identity comes from its own
// credentials, set as ctx.props by the Worker (API keys) or the OAuth provider (tokens). `subscriptions/listen` needs
// an event bus, which agents' wrapper does not take: those requests go to the SDK's own handler (src/mcp/listen.ts).
import { createMcpHandler, getMcpAuthContext } from "agents/mcp/server";
import { bearerToken, grantOfToken } from "../core/auth/oauth-grants";
import { PLAN_LIMITS, type Plan } from "../core/domain/codes";
import type { Principal } from "../http/app-env";
import { MCP_PATH } from "./front";
import { isListenRequest, serveListen } from "./listen";
import { buildServer } from "./server";

/**
 * Ids, and for API keys the plan the Worker's key check of this request read (src/entry.ts). OAuth grants' props are
 * ids only; grants made before that may carry more, which is ignored: their plan is read at use.
 */
const principalOf = (props: Record<string, unknown> | undefined): Principal | undefined => {
  if (typeof props?.accountId !== "string") return undefined;
  const apiKey = props.type === "api_key";
  return {
    type: apiKey ? "api_key" : "oauth",
    accountId: props.accountId,
    keyId: typeof props.keyId === "string" ? props.keyId : undefined,
    plan: apiKey && typeof props.plan === "string" && props.plan in PLAN_LIMITS ? (props.plan as Plan) : undefined,
    tracked: apiKey && typeof props.tracked === "string" ? props.tracked : undefined,
    entitlementVersion: apiKey && typeof props.entitlementVersion === "number" ? props.entitlementVersion : undefined,
  };
};

const agentsHandler = createMcpHandler(({ era }) => buildServer(principalOf(getMcpAuthContext()?.props), era), {
  route: MCP_PATH,
  // Host and Origin are checked in front of every route (src/http/host.ts, src/mcp/front.ts), with our own host
  // list rather than the wrapper's localhost/workers.dev defaults.
  allowedOriginHostnames: "*",
  // Browser pages of other origins are refused; our own pages are same-origin and need no CORS.
  corsOptions: false,
});

type McpCtx = ExecutionContext & { props?: Record<string, unknown>; auth?: { expiresAt?: unknown } };

export async function mcpHandler(request: Request, env: Env, ctx: McpCtx): Promise<Response> {
  const principal = principalOf(ctx.props);
  if (principal && isListenRequest(request) && new URL(request.url).pathname === MCP_PATH) {
    const token = principal.type === "oauth" ? bearerToken(request) : undefined;
    const expiresAt = ctx.auth?.expiresAt;
    return serveListen(request, env, {
      principal,
      grantId: token ? grantOfToken(token)?.grantId : undefined,
      expiresAt: typeof expiresAt === "number" ? expiresAt : undefined,
    });
  }
  return agentsHandler(request, env, ctx);
}
