// /v1/mcp on the maintained stateless path (agents' createMcpHandler, MCP SDK v2): the 2026-07-28 draft and stateless
// 2025-era clients at one URL, no sessions (GET and DELETE → 405). Each request's identity comes from its own
// credentials, set as ctx.props by the Worker (API keys) or the OAuth provider (tokens). `subscriptions/listen` needs
// an event bus, which agents' wrapper does not take: those requests go to the SDK's own handler (src/mcp/listen.ts).
// A plain stateless tools/call is answered by the direct path (src/mcp/direct.ts), with the bytes the SDK would send.
import { DEFAULT_MAX_REQUEST_BODY_SIZE, isJsonContentType } from "@modelcontextprotocol/server";
import { createMcpHandler, getMcpAuthContext } from "agents/mcp/server";
import { bearerToken, grantOfToken } from "../core/auth/oauth-grants";
import { Principal } from "../core/auth/principal";
import { carriesApiKey, MCP_PATH } from "./front";
import { answerDirect, directCall } from "./direct";
import { isListenRequest, serveListen } from "./listen";
import { buildServer } from "./server";

type McpCtx = ExecutionContext & { props?: Record<string, unknown>; auth?: { expiresAt?: unknown } };

/**
 * The request's Principal: an API key's, built by the front door (src/mcp/front.ts); or an OAuth token's, from the
 * grant's props (ids only; grants made before props had a `type` carry just the account) plus the grant id and the
 * token's expiry. Anything else is no identity, and every call refuses it.
 */
function principalOf(request: Request, ctx: McpCtx): Principal | undefined {
  const props = ctx.props;
  // Only the front door sets a key's props, and only for a request that carries a key.
  if (props?.type === "key") return carriesApiKey(request) ? Principal.safeParse(props).data : undefined;
  if (typeof props?.accountId !== "string") return undefined;
  const token = bearerToken(request);
  const expiresAt = ctx.auth?.expiresAt;
  // Parsed through the one union like every other caller: a grant whose props do not make an OAuth principal is no
  // identity, never a half-built one.
  return Principal.safeParse({
    type: "oauth",
    accountId: props.accountId,
    grantId: token ? grantOfToken(token)?.grantId : undefined,
    scopes: ["mcp:invoke"],
    expiresAt: typeof expiresAt === "number" ? expiresAt : undefined,
  }).data;
}

/**
 * A key's Principal rides in the SDK's `authInfo.extra` on the parsed-body path below, with the tool a `tools/call`
 * names; OAuth's Principal is in the auth context.
 */
const KEY_CLIENT = "api-key";

const agentsHandler = createMcpHandler(
  ({ era, authInfo }) =>
    authInfo?.clientId === KEY_CLIENT
      ? buildServer(authInfo.extra?.principal as Principal, era, authInfo.extra?.call as string | undefined)
      : buildServer(getMcpAuthContext()?.props as Principal | undefined, era),
  {
    route: MCP_PATH,
    // Host and Origin are checked in front of every route (src/http/host.ts, src/mcp/front.ts), with our own host
    // list rather than the wrapper's localhost/workers.dev defaults.
    allowedOriginHostnames: "*",
    // Browser pages of other origins are refused; our own pages are same-origin and need no CORS.
    corsOptions: false,
  },
);

/** /v1/mcp's handler: a stateless tools/call the direct path answers (src/mcp/direct.ts), everything else the SDK. */
export const mcpHandler = (request: Request, env: Env, context: ExecutionContext) =>
  serveMcpRequest(request, env, context, true);

/** The same without the direct path: every request the SDK's way (the differential test's reference). */
export const mcpHandlerViaSdk = (request: Request, env: Env, context: ExecutionContext) =>
  serveMcpRequest(request, env, context, false);

async function serveMcpRequest(
  incoming: Request,
  env: Env,
  context: ExecutionContext,
  direct: boolean,
): Promise<Response> {
  const request = lowercaseAccept(incoming);
  const ctx = context as McpCtx;
  const principal = principalOf(request, ctx);
  // Carried unchanged from here: the agents wrapper hands ctx.props to the server factory above.
  ctx.props = principal;
  if (!principal || new URL(request.url).pathname !== MCP_PATH) return agentsHandler(request, env, context);
  if (isListenRequest(request)) return serveListen(request, env, ctx, principal);
  const read = await readJsonBody(request);
  if (!read) return agentsHandler(request, env, context);
  if (direct && read.body !== undefined) {
    const call = directCall(request, read.body);
    if (call) return answerDirect(call, principal);
  }
  // The body was read: the SDK gets a request that still carries it.
  const copy = new Request(request, { body: read.text });
  if (principal.type === "key" && read.body !== undefined) {
    // The SDK's escape hatch for a body already held: without it the wrapper and the SDK each clone and read the
    // body and parse it (test/bench/cpu-per-request.mjs MODE=mcp). The identity is the key's Principal, as above.
    const authInfo = {
      token: "api-key",
      clientId: KEY_CLIENT,
      scopes: principal.scopes,
      extra: { principal, call: calledTool(read.body) },
    };
    return agentsHandler.fetch(copy, { parsedBody: read.body, authInfo });
  }
  return agentsHandler(copy, env, context);
}

/**
 * Media types are case-insensitive (RFC 9110 §8.3.1), and the SDK's transport compares `Accept` case-sensitively
 * (`Application/JSON, Text/Event-Stream` got a 406): both paths read it lowercased, so they answer alike.
 */
function lowercaseAccept(request: Request): Request {
  const accept = request.headers.get("accept");
  if (accept === null || accept === accept.toLowerCase()) return request;
  const headers = new Headers(request.headers);
  headers.set("accept", accept.toLowerCase());
  return new Request(request, { headers });
}

/** The tool a single `tools/call` message names (its server need register no other: src/mcp/server.ts). */
function calledTool(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const { method, params } = body as { method?: unknown; params?: { name?: unknown } };
  return method === "tools/call" && typeof params?.name === "string" ? params.name : undefined;
}

/**
 * A JSON POST's body, read once: its text and its value (undefined when it is not JSON: the SDK answers that).
 * Undefined where the SDK should read the body itself: not a JSON POST, too large or of unknown length.
 */
async function readJsonBody(request: Request): Promise<{ text: string; body?: unknown } | undefined> {
  if (request.method !== "POST" || !isJsonContentType(request.headers.get("content-type"))) return undefined;
  const length = Number(request.headers.get("content-length") ?? NaN);
  if (!(length >= 0 && length <= DEFAULT_MAX_REQUEST_BODY_SIZE)) return undefined;
  const text = await request.text();
  try {
    return { text, body: JSON.parse(text) as unknown };
  } catch {
    return { text };
  }
}
