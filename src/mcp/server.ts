// The MCP server for one request (SDK v2, served statelessly by agents' createMcpHandler): the tools of
// src/mcp/tools/index.ts, the match resources of src/mcp/resources.ts and the match centre app's ui:// resource
// (src/mcp/match-centre.ts) for the caller this request's own credentials name. Each call reads the caller's
// entitlement now, spends the plan's call budget, and only then runs.
import { registerAppTool } from "@modelcontextprotocol/ext-apps/server";
import { McpServer } from "@modelcontextprotocol/server";
import type { Principal } from "../core/auth/principal";
import { callTool } from "./call";
import { published } from "./tools/input";
import { registerMatchCentre } from "./match-centre";
import { registerMatchResource } from "./resources";
import { TOOLS } from "./tools";

/** Who the server says it is (`serverInfo`; the 2026-07-28 era stamps it on every result). */
export const SERVER_INFO = { name: "sports-data", version: "2.0.0" };

/**
 * `era`: both read the match resources; only 2026-07-28 requests are told they can subscribe (updates arrive over
 * `subscriptions/listen`, src/mcp/listen.ts), since stateless 2025-era serving has no stream to deliver them on.
 * `call`: the tool a `tools/call` request names. A server lives for one request, and a call reads nothing but its own
 * tool's registration, so only that tool is registered (a tenth of the build); any other name, or none, gets all.
 */
export function buildServer(
  principal: Principal | undefined,
  era: "legacy" | "modern" = "legacy",
  call?: string,
): McpServer {
  const server = new McpServer(
    SERVER_INFO,
    era === "modern" ? { capabilities: { resources: { subscribe: true } } } : undefined,
  );
  const called = call === undefined ? undefined : TOOLS.find((t) => t.name === call);
  for (const t of called ? [called] : TOOLS) {
    const config = {
      description: t.description,
      inputSchema: published(t.input),
      // Checked in runTool before a result leaves or is kept (published: the SDK does not check it again).
      outputSchema: published(t.output),
      // The match centre's tools mint a token, a short-lived read of what the caller already reads: no change to
      // the caller's data, so still read-only.
      annotations: { readOnlyHint: true, openWorldHint: false },
    };
    const handler = (args: Record<string, unknown>) => callTool(t, principal, args);
    // ext-apps' helper also writes the older `_meta["ui/resourceUri"]` that hosts from before `_meta.ui` read.
    if (t.ui) registerAppTool(server, t.name, { ...config, _meta: { ui: t.ui } }, handler);
    else server.registerTool(t.name, config, handler);
  }
  if (called) return server;
  registerMatchResource(server, principal);
  registerMatchCentre(server);
  return server;
}
