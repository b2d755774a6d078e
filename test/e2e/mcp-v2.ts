// The 2026-07-28 client the README shows (MCP SDK v2, `@modelcontextprotocol/client`), for the e2e tests and P9.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

export async function connectModern(base: string, headers: Record<string, string>) {
  // `auto` probes with server/discover and uses 2026-07-28 when the server offers it (the default is the 2025 handshake).
  const client = new Client({ name: "e2e-modern", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/v1/mcp`), { requestInit: { headers } }));
  return client;
}

export { watch } from "../helpers/mcp-watch";
