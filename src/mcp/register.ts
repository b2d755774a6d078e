// Puts the tools of src/mcp/tools.ts on an MCP server (SDK v1), with the caller's auth and the plan's call budget.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { PLAN_LIMITS } from "../domain/codes";
import { dbFor } from "../db/client";
import { spend } from "../limits/lease";
import type { AuthContext } from "../env";
import { TOOLS, ToolError, type Tool } from "./tools";

const errorResult = (text: string) => ({ isError: true, content: [{ type: "text" as const, text }] });

export function registerSportsTools(server: McpServer, env: Env, auth: () => AuthContext) {
  for (const t of TOOLS) {
    server.registerTool(
      t.name,
      {
        description: t.description,
        inputSchema: t.input.shape,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (args: Record<string, unknown>) => {
        const caller = auth();
        // The plan's MCP budget, per key (API keys) or per account (OAuth), counted like REST requests and, like
        // them, alongside the (read-only) work so the Durable Object round trip stays off the critical path.
        const limit = PLAN_LIMITS[caller.plan].mcpPerMinute;
        const holder = caller.keyId ?? `account:${caller.accountId}`;
        const budget = spend(() => env.KEY_LIMITER.getByName(holder), holder, "mcp", limit);
        const result = await runTool(t, env, caller, args);
        const decision = await budget;
        if (!decision.allowed) {
          return errorResult(
            `rate limited: the ${caller.plan} plan allows ${limit} tool calls per minute; retry in ${decision.retryAfter} s`,
          );
        }
        return result;
      },
    );
  }
}

async function runTool(t: Tool, env: Env, caller: AuthContext, args: Record<string, unknown>) {
  const input = t.input.safeParse(args);
  if (!input.success) {
    return errorResult(
      `invalid input: ${input.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ")}`,
    );
  }
  try {
    const out = await t.run({ db: dbFor(env.DB), auth: caller, now: new Date() }, input.data);
    return { content: [{ type: "text" as const, text: out.text }], structuredContent: out.structured };
  } catch (err) {
    if (err instanceof ToolError) return errorResult(err.message);
    throw err;
  }
}
