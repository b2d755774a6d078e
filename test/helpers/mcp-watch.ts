// A 2026-07-28 client (MCP SDK v2) as docs/mcp.md shows it, and watching match resources with it: shared by the
// workerd tests, the e2e tests and the benchmarks (no relative imports, so Node loads it as it is).
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

export async function connectModern(base: string, headers: Record<string, string>) {
  // `auto` probes with server/discover and uses 2026-07-28 when the server offers it (the default is the 2025 handshake).
  const client = new Client({ name: "e2e-modern", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/v1/mcp`), { requestInit: { headers } }));
  return client;
}

/** Watches match resources: every `notifications/resources/updated` URI, with its arrival time. */
export async function watch(client: Client, uris: string[]) {
  const updates: { uri: string; at: number }[] = [];
  let wake = () => {};
  client.setNotificationHandler("notifications/resources/updated", (n) => {
    updates.push({ uri: n.params.uri, at: performance.now() });
    wake();
  });
  const subscription = await client.listen({ resourceSubscriptions: uris });
  return {
    subscription,
    updates,
    /** Resolves when `n` updates have arrived (or after `timeoutMs`), with how many did. */
    async until(n: number, timeoutMs = 10_000) {
      const deadline = performance.now() + timeoutMs;
      while (updates.length < n && performance.now() < deadline) {
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 100);
        });
      }
      return updates.length;
    },
  };
}
