// Puts the tools of src/mcp/tools.ts on an MCP server (SDK v1). Each call reads the caller's entitlement now (plan and
// leagues are never taken from the session or the grant), spends the plan's call budget, and only then runs the tool.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { loadEntitlement } from "../auth/entitlements";
import { PLAN_LIMITS } from "../domain/codes";
import { primaryDb } from "../db/client";
import type { Principal } from "../env";
import { spend } from "../limits/lease";
import { log } from "../log";
import { TOOLS, ToolError, type Tool, type ToolContext } from "./tools";

const errorResult = (text: string) => ({ isError: true, content: [{ type: "text" as const, text }] });

export function registerSportsTools(server: McpServer, env: Env, principal: () => Principal) {
  for (const t of TOOLS) {
    server.registerTool(
      t.name,
      {
        description: t.description,
        inputSchema: t.input.shape,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (args: Record<string, unknown>) => {
        const who = principal();
        const db = primaryDb(env.DB);
        const ent = await loadEntitlement(db, who.accountId);
        if (!ent) return errorResult("this account no longer exists");
        // The plan's MCP budget, per key (API keys) or per account (OAuth). A refused call runs nothing (CONTRACT.md
        // "Abuse limits"); the isolate's lease decides most calls without a Durable Object round trip.
        const limit = PLAN_LIMITS[ent.plan].mcpPerMinute;
        const holder = who.keyId ?? `account:${who.accountId}`;
        const decision = await spend(() => env.KEY_LIMITER.getByName(holder), holder, "mcp", limit);
        if (!decision.allowed) {
          return errorResult(
            `rate limited: the ${ent.plan} plan allows ${limit} tool calls per minute; retry in ${decision.retryAfter} s`,
          );
        }
        const auth = { ...who, plan: ent.plan, scopes: ["mcp:invoke" as const] };
        return runTool(t, { db, auth, now: new Date() }, args);
      },
    );
  }
}

async function runTool(t: Tool, ctx: ToolContext, args: Record<string, unknown>) {
  const input = t.input.safeParse(args);
  if (!input.success) {
    return errorResult(
      `invalid input: ${input.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ")}`,
    );
  }
  try {
    const out = await t.run(ctx, input.data);
    return { content: [{ type: "text" as const, text: out.text }], structuredContent: out.structured };
  } catch (err) {
    if (err instanceof ToolError) return errorResult(err.message);
    // The SDK would send the message of anything thrown (SQL, stack details): the client gets a reference only.
    const ref = crypto.randomUUID();
    log("error", "mcp tool failed", {
      tool: t.name,
      ref,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    });
    return errorResult(`internal error; quote ${ref} to support`);
  }
}
