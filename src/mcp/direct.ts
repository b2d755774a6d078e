// The direct path for a stateless `tools/call` (issue 40): the answer the SDK's path gives (agents' handler, the SDK's
// transport and McpServer, src/mcp/handler.ts), written without building a server or a transport per call. It takes
// only the plainest requests, those whose answer is known byte for byte: one JSON-RPC request naming one of our tools,
// with the headers each era's clients send, which the SDK's own classifier routes as a 2025-era request without an
// envelope or as a 2026-07-28 request. Anything else (another method, an unknown tool, a header or `_meta` key beyond
// those, a batch, a session id) goes the SDK's way, which owns every error answer. The SDK's tools/call handler reads
// the tool's `arguments` through a schema that passes them on (src/mcp/tools/input.ts), calls the same callTool, and
// writes the result in its schema's key order; so does this. test/mcp/direct.test.ts holds the two paths to the same
// bytes, status and headers for every tool, both eras, valid and invalid arguments.
import { classifyInboundRequest, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import type { Principal } from "../core/auth/principal";
import { callTool, type ToolResult } from "./call";
import { SERVER_INFO } from "./server";
import { TOOLS, type Tool } from "./tools";

const MODERN = "2026-07-28";
/** 2025-era versions the SDK's stateless lane serves (its transport refuses a header naming any other). */
const LEGACY = new Set(SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v.startsWith("2025-")));
/** The `_meta` envelope keys a 2026-07-28 client sends on every request; any other key goes the SDK's way. */
const ENVELOPE = new Set([
  "io.modelcontextprotocol/protocolVersion",
  "io.modelcontextprotocol/clientInfo",
  "io.modelcontextprotocol/clientCapabilities",
]);
const BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));

export interface DirectCall {
  era: "legacy" | "modern";
  id: string | number;
  tool: Tool;
  args: Record<string, unknown> | undefined;
}

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === "object" && v !== null && !Array.isArray(v);
const keysWithin = (o: Plain, allowed: ReadonlySet<string>) => Object.keys(o).every((k) => allowed.has(k));
const MESSAGE_KEYS = new Set(["jsonrpc", "id", "method", "params"]);
const LEGACY_PARAMS = new Set(["name", "arguments"]);
const MODERN_PARAMS = new Set(["name", "arguments", "_meta"]);

/**
 * Both media types as list members (the SDK's transport looks for the two substrings anywhere). Media types are
 * case-insensitive (RFC 9110 §8.3.1): src/mcp/handler.ts lowercases `Accept` before either path reads it.
 */
export function acceptsBoth(accept: string | null): boolean {
  if (!accept) return false;
  const types = accept.split(",").map((part) => part.split(";")[0]!.trim().toLowerCase());
  return types.includes("application/json") && types.includes("text/event-stream");
}

/**
 * The call, when `body` (the request's parsed JSON) is one the direct path answers; undefined sends it the SDK's way.
 * The caller has checked the rest: a POST to /v1/mcp with a JSON content type and a body within the SDK's limit.
 */
export function directCall(request: Request, body: unknown): DirectCall | undefined {
  if (!isPlain(body) || body.method !== "tools/call" || !keysWithin(body, MESSAGE_KEYS)) return undefined;
  const params = body.params;
  if (!isPlain(params) || typeof params.name !== "string") return undefined;
  const tool = BY_NAME.get(params.name);
  const args = params.arguments;
  if (!tool || (args !== undefined && !isPlain(args))) return undefined;
  const h = request.headers;
  if (h.has("mcp-session-id") || !acceptsBoth(h.get("accept"))) return undefined;
  const version = h.get("mcp-protocol-version");
  const method = h.get("mcp-method");
  const name = h.get("mcp-name");
  // The SDK's own routing decision, so that this path never takes what it would route or refuse otherwise.
  const route = classifyInboundRequest({
    httpMethod: "POST",
    ...(version !== null && { protocolVersionHeader: version }),
    ...(method !== null && { mcpMethodHeader: method }),
    ...(name !== null && { mcpNameHeader: name }),
    body,
  });
  const id = body.id as string | number;
  if (route.kind === "legacy") {
    if (route.reason !== "no-claim" || version === null || !LEGACY.has(version)) return undefined;
    if (!keysWithin(params, LEGACY_PARAMS)) return undefined;
    return { era: "legacy", id, tool, args };
  }
  if (route.kind !== "modern" || route.messageKind !== "request" || route.classification.revision !== MODERN)
    return undefined;
  if (version !== MODERN || method !== "tools/call" || name !== tool.name) return undefined;
  if (!keysWithin(params, MODERN_PARAMS) || !isPlain(params._meta) || !keysWithin(params._meta, ENVELOPE))
    return undefined;
  return { era: "modern", id, tool, args };
}

/** The result as the SDK writes it: CallToolResult's keys in its schema's order. */
function resultJson(r: ToolResult): string {
  return JSON.stringify({
    content: r.content,
    ...(r.structuredContent !== undefined && { structuredContent: r.structuredContent }),
    ...(r.isError !== undefined && { isError: r.isError }),
  });
}

/** What the 2026-07-28 era adds to every result: its kind and the server's identity. */
const MODERN_TAIL = `,"resultType":"complete","_meta":${JSON.stringify({ "io.modelcontextprotocol/serverInfo": SERVER_INFO })}}`;

const utf8 = new TextEncoder();
/** Each era's answer is its head, the result, then the id and the end: the parts that do not vary, as bytes. */
const HEAD = { legacy: utf8.encode('event: message\ndata: {"result":'), modern: utf8.encode('{"result":') };
const END = { legacy: "}\n\n", modern: "}" };

/**
 * The result's bytes as each era writes them. A kept result (frozen and shared: src/mcp/result-cache.ts) is written
 * once per era, so a call it answers costs a copy, not a JSON.stringify and a UTF-8 encoding of the whole answer.
 */
const written = new WeakMap<ToolResult, Partial<Record<DirectCall["era"], Uint8Array>>>();
function resultBytes(r: ToolResult, era: DirectCall["era"]): Uint8Array {
  const kept = Object.isFrozen(r) ? written.get(r) : undefined;
  let bytes = kept?.[era];
  if (bytes) return bytes;
  const json = resultJson(r);
  bytes = utf8.encode(era === "modern" ? json.slice(0, -1) + MODERN_TAIL : json);
  if (Object.isFrozen(r)) written.set(r, { ...kept, [era]: bytes });
  return bytes;
}

/** The stateless 2025-era lane's answer: one SSE message, then the stream ends. */
const SSE_HEADERS = {
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "content-type": "text/event-stream",
  "x-accel-buffering": "no",
};
const JSON_HEADERS = { "content-type": "application/json" };

/** Runs the call and answers it as the SDK would. */
export async function answerDirect(call: DirectCall, principal: Principal): Promise<Response> {
  let result: ToolResult;
  try {
    result = await callTool(call.tool, principal, call.args);
  } catch (err) {
    // McpServer's tools/call handler: whatever a handler throws becomes a tool error with its message.
    result = { content: [{ type: "text", text: err instanceof Error ? err.message : String(err) }], isError: true };
  }
  const head = HEAD[call.era];
  const middle = resultBytes(result, call.era);
  const end = utf8.encode(`,"jsonrpc":"2.0","id":${JSON.stringify(call.id)}${END[call.era]}`);
  const body = new Uint8Array(head.length + middle.length + end.length);
  body.set(head);
  body.set(middle, head.length);
  body.set(end, head.length + middle.length);
  return new Response(body, { headers: call.era === "modern" ? JSON_HEADERS : SSE_HEADERS });
}
