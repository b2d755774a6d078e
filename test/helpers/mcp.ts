import { exports } from "cloudflare:workers";

/** Reads a Streamable HTTP answer: JSON, or the first JSON-RPC message of an SSE stream. */
export async function readRpc(res: Response): Promise<any> {
  const type = res.headers.get("content-type") ?? "";
  if (type.includes("application/json")) return res.json();
  const text = await res.text();
  const data = text
    .split("\n")
    .filter((l) => l.startsWith("data:"))
    .map((l) => l.slice(5).trim())
    .find((l) => l.startsWith("{"));
  return data ? JSON.parse(data) : undefined;
}

/**
 * A raw `tools/call` as each era's client sends it over the wire: the 2025-era headers, or the 2026-07-28 ones with
 * the `_meta` envelope, with Host and Content-Length as a network request carries them. `headers` adds credentials.
 */
export function rawToolCall(
  era: "2025" | "2026",
  call: { id: number; name: string; args: unknown },
  headers: Record<string, string> = {},
) {
  const modern = era === "2026";
  const message = {
    jsonrpc: "2.0",
    id: call.id,
    method: "tools/call",
    params: {
      name: call.name,
      arguments: call.args,
      ...(modern && {
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientInfo": { name: "test", version: "1" },
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      }),
    },
  };
  const body = JSON.stringify(message);
  const request = new Request("http://127.0.0.1:8787/v1/mcp", {
    method: "POST",
    headers: {
      host: "127.0.0.1:8787",
      "content-type": "application/json",
      "content-length": String(new TextEncoder().encode(body).length),
      accept: "application/json, text/event-stream",
      ...(modern
        ? { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": call.name }
        : { "mcp-protocol-version": "2025-06-18" }),
      ...headers,
    },
    body,
  });
  return { request, message };
}

export function mcpPost(body: unknown, headers: Record<string, string> = {}, path = "/v1/mcp") {
  return exports.default.fetch(`http://127.0.0.1:8787${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body),
  });
}

/** A 2025-era client's exchange with the given credentials (stateless: no Mcp-Session-Id comes back). */
export async function mcpSession(headers: Record<string, string>, path?: string) {
  const init = await mcpPost(
    {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1" } },
    },
    headers,
    path,
  );
  if (init.status !== 200) throw new Error(`initialize: ${init.status} ${await init.text()}`);
  const session = init.headers.get("mcp-session-id");
  await readRpc(init);
  const h: Record<string, string> = { ...headers, "mcp-protocol-version": "2025-06-18" };
  if (session) h["mcp-session-id"] = session;
  await mcpPost({ jsonrpc: "2.0", method: "notifications/initialized" }, h, path);
  let id = 2;
  const rpc = async (method: string, params: unknown) => {
    const res = await mcpPost({ jsonrpc: "2.0", id: id++, method, params }, h, path);
    return { status: res.status, body: await readRpc(res) };
  };
  return {
    session,
    rpc,
    list: async () => (await rpc("tools/list", {})).body.result.tools as any[],
    call: async (name: string, args: Record<string, unknown> = {}) =>
      (await rpc("tools/call", { name, arguments: args })).body.result,
  };
}

/**
 * A 2026-07-28 client (MCP SDK v2, `@modelcontextprotocol/client`) talking to the Worker in this isolate: the SDK's
 * own transport, its requests answered by `exports.default.fetch`.
 */
export async function modernClient(headers: Record<string, string>) {
  const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
  const client = new Client({ name: "workerd-test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
  const transport = new StreamableHTTPClientTransport(new URL("http://127.0.0.1:8787/v1/mcp"), {
    requestInit: { headers },
    fetch: (url, init) => exports.default.fetch(new Request(url, init)),
  });
  await client.connect(transport);
  return client;
}
