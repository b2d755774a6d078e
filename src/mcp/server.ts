// The MCP server for one request (SDK v2, served statelessly by agents' createMcpHandler): the tools of
// src/mcp/tools/index.ts and the match resources of src/mcp/resources.ts for the caller this request's own credentials
// name. Each call reads the caller's entitlement now, spends the plan's call budget, and only then runs.
import { McpServer } from "@modelcontextprotocol/server";
import type { Principal } from "../core/auth/principal";
import { log } from "../lib/log";
import { admitCall } from "./gate";
import { parseArgs, published } from "./tools/input";
import { registerMatchResource } from "./resources";
import { memoized } from "./result-cache";
import { TOOLS, ToolError, type Tool, type ToolContext } from "./tools";

const errorResult = (text: string) => ({ isError: true, content: [{ type: "text" as const, text }] });

/**
 * `era`: both read the match resources; only 2026-07-28 requests are told they can subscribe (updates arrive over
 * `subscriptions/listen`, src/mcp/listen.ts), since stateless 2025-era serving has no stream to deliver them on.
 */
export function buildServer(principal: Principal | undefined, era: "legacy" | "modern" = "legacy"): McpServer {
  const server = new McpServer(
    { name: "sports-data", version: "2.0.0" },
    era === "modern" ? { capabilities: { resources: { subscribe: true } } } : undefined,
  );
  for (const t of TOOLS) {
    server.registerTool(
      t.name,
      {
        description: t.description,
        inputSchema: published(t.input),
        // The SDK checks every successful result's structuredContent against this before it leaves.
        outputSchema: t.output,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (args: Record<string, unknown>) => {
        // Bad arguments cost nothing: no entitlement read, no budget spent (src/mcp/tools/input.ts says why we parse here).
        const input = parseArgs(t.input, args);
        if (!input.ok) return errorResult(input.message);
        const admitted = await admitCall(principal);
        if (typeof admitted === "string") return errorResult(admitted);
        return memoized<ToolResult>(t.name, admitted, input.data, () => runTool(t, admitted, input.data));
      },
    );
  }
  registerMatchResource(server, principal);
  return server;
}

type ToolResult = Awaited<ReturnType<typeof runTool>>;

async function runTool(t: Tool, ctx: ToolContext, input: Record<string, unknown>) {
  try {
    const out = await t.run(ctx, input);
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
