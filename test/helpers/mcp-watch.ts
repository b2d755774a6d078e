// Watching match resources with a 2026-07-28 client (MCP SDK v2): shared by the workerd tests, the e2e tests and P9.
import type { Client } from "@modelcontextprotocol/client";

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
