// The MCP server for one request (SDK v2, served statelessly by agents' createMcpHandler): the tools of
// src/mcp/tools.ts for the caller this request's own credentials name. Each call reads the caller's entitlement
// now, spends the plan's call budget, and only then runs the tool.
import { McpServer } from "@modelcontextprotocol/server";
import { env } from "cloudflare:workers";
import { loadEntitlement } from "../auth/entitlements";
import { PLAN_LIMITS } from "../domain/codes";
import { primaryDb } from "../db/client";
import type { Principal } from "../env";
import { spend } from "../limits/lease";
import { log } from "../log";
import { parseArgs, published } from "./input";
import { TOOLS, ToolError, type Tool, type ToolContext } from "./tools";

const errorResult = (text: string) => ({ isError: true, content: [{ type: "text" as const, text }] });

export function buildServer(principal: Principal | undefined): McpServer {
  const server = new McpServer({ name: "sports-data", version: "2.0.0" });
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
        // Bad arguments cost nothing: no entitlement read, no budget spent (src/mcp/input.ts says why we parse here).
        const input = parseArgs(t.input, args);
        if (!input.ok) return errorResult(input.message);
        // The Worker authenticates every request before it gets here; no identity means no data.
        if (!principal) return errorResult("not authenticated");
        const db = primaryDb(env.DB);
        const ent = await loadEntitlement(db, principal.accountId);
        if (!ent) return errorResult("this account no longer exists");
        // The plan's MCP budget, per key (API keys) or per account (OAuth). A refused call runs nothing (CONTRACT.md
        // "Abuse limits"); the isolate's lease decides most calls without a Durable Object round trip.
        const limit = PLAN_LIMITS[ent.plan].mcpPerMinute;
        const holder = principal.keyId ?? `account:${principal.accountId}`;
        const decision = await spend(() => env.KEY_LIMITER.getByName(holder), holder, "mcp", limit);
        if (!decision.allowed) {
          return errorResult(
            `rate limited: the ${ent.plan} plan allows ${limit} tool calls per minute; retry in ${decision.retryAfter} s`,
          );
        }
        const auth = { ...principal, plan: ent.plan, scopes: ["mcp:invoke" as const] };
        return runTool(t, { db, auth, tracked: [...ent.leagues], now: new Date() }, input.data);
      },
    );
  }
  return server;
}

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
