// The MCP server for one request (SDK v2, served statelessly by agents' createMcpHandler): the tools of
// src/mcp/tools/index.ts, the match resources of src/mcp/resources.ts and the match centre app's ui:// resource
// (src/mcp/match-centre.ts) for the caller this request's own credentials name. Each call reads the caller's
// entitlement now, spends the plan's call budget, and only then runs.
import { registerAppTool } from "@modelcontextprotocol/ext-apps/server";
import { McpServer } from "@modelcontextprotocol/server";
import type { Principal } from "../core/auth/principal";
import { log } from "../lib/log";
import { admitCall } from "./gate";
import { parseArgs, published } from "./tools/input";
import { registerMatchCentre } from "./match-centre";
import { registerMatchResource } from "./resources";
import { memoized } from "./result-cache";
import { TOOLS, ToolError, type Tool, type ToolContext } from "./tools";

const errorResult = (text: string) => ({ isError: true, content: [{ type: "text" as const, text }] });

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
    { name: "sports-data", version: "2.0.0" },
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
    const handler = async (args: Record<string, unknown>) => {
      // Bad arguments cost nothing: no entitlement read, no budget spent (src/mcp/tools/input.ts says why we parse here).
      const input = parseArgs(t.input, args);
      if (!input.ok) return errorResult(input.message);
      const admitted = await admitCall(principal);
      if (typeof admitted === "string") return errorResult(admitted);
      if (t.uncached) return runTool(t, admitted, input.data);
      return memoized<ToolResult>(t.name, admitted, input.data, () => runTool(t, admitted, input.data));
    };
    // ext-apps' helper also writes the older `_meta["ui/resourceUri"]` that hosts from before `_meta.ui` read.
    if (t.ui) registerAppTool(server, t.name, { ...config, _meta: { ui: t.ui } }, handler);
    else server.registerTool(t.name, config, handler);
  }
  if (called) return server;
  registerMatchResource(server, principal);
  registerMatchCentre(server);
  return server;
}

type ToolResult = Awaited<ReturnType<typeof runTool>>;

async function runTool(t: Tool, ctx: ToolContext, input: Record<string, unknown>) {
  try {
    const out = await t.run(ctx, input);
    // What tools/list promises: a result that breaks its outputSchema is our bug, never sent (nor cached).
    const checked = t.output.safeParse(out.structured);
    if (!checked.success)
      throw new Error(`${t.name}: structuredContent breaks the outputSchema: ${checked.error.message}`);
    return { content: [{ type: "text" as const, text: out.text }], structuredContent: out.structured };
  } catch (err) {
    if (err instanceof ToolError) return errorResult(err.message);
    // The SDK would send the message of anything thrown (SQL, stack details): the client gets a reference only.
    const ref = crypto.randomUUID();
    const error = err instanceof Error ? (err.stack ?? err.message) : String(err);
    log("error", "mcp tool failed", { tool: t.name, ref, error });
    return errorResult(`internal error; quote ${ref} to support`);
  }
}
