// /v1/mcp on the maintained stateless path, MCP SDK v2: the 2026-07-28 draft and stateless 2025-era clients at one
// URL, no sessions (GET and DELETE → 405). Each request's identity comes from its own credentials, set as ctx.props by
// the Worker (API keys) or the OAuth provider (tokens), and is made one Principal here.
//
// Two engines answer, chosen per request:
// - the SDK's stateless handler: agents' createMcpHandler, called one way for every identity (the body read once and
//   handed over, the Principal in `authInfo`); for `subscriptions/listen`, which needs an event bus that agents'
//   wrapper does not take, the SDK's own createMcpHandler over the rooms' feeds (src/mcp/listen.ts);
// - the direct path (src/mcp/direct.ts): a plain stateless tools/call, answered with the bytes the SDK would send
//   (held by the differential test, test/mcp/direct.test.ts).
import { DEFAULT_MAX_REQUEST_BODY_SIZE, isJsonContentType } from "@modelcontextprotocol/server";
import { createMcpHandler } from "agents/mcp/server";
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

/** What the SDK engine hands its server factory in `authInfo.extra`: the caller, and the tool a `tools/call` names. */
interface Caller {
  principal?: Principal;
  call?: string;
}

const agentsHandler = createMcpHandler(
  ({ era, authInfo }) => {
    const caller = (authInfo?.extra ?? {}) as Caller;
    return buildServer(caller.principal, era, caller.call);
  },
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
  const principal = principalOf(request, context as McpCtx);
  if (!principal || new URL(request.url).pathname !== MCP_PATH) return viaSdk(request, undefined);
  if (isListenRequest(request)) return serveListen(request, env, context, principal);
  const read = await readJsonBody(request);
  if (direct && read?.body !== undefined) {
    const call = directCall(request, read.body);
    if (call) return answerDirect(call, principal);
  }
  return viaSdk(request, principal, read);
}

/**
 * The SDK engine, one way for every caller: the identity in `authInfo` (the server factory above builds the caller's
 * server from it), and a body already read handed over as `parsedBody` with a request that still carries it (without
 * it the wrapper and the SDK each clone, read and parse the body: test/bench/cpu-per-request.mjs MODE=mcp). A body
 * that is not JSON, or was not read, is the SDK's to read and answer.
 */
function viaSdk(
  request: Request,
  principal: Principal | undefined,
  read?: { text: string; body?: unknown },
): Promise<Response> {
  const authInfo = {
    token: principal?.type ?? "none",
    clientId: principal ? `${principal.type}:${principal.accountId}` : "anonymous",
    scopes: principal?.scopes ?? [],
    extra: { principal, call: read ? calledTool(read.body) : undefined } satisfies Caller,
  };
  if (!read) return agentsHandler.fetch(request, { authInfo });
  const copy = new Request(request, { body: read.text });
  return agentsHandler.fetch(copy, read.body === undefined ? { authInfo } : { parsedBody: read.body, authInfo });
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
