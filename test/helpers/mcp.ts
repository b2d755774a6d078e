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
