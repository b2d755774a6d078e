// Puts the tools of src/mcp/tools.ts on an MCP server (SDK v1), with the caller's auth and the plan's call budget.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { PLAN_LIMITS } from "../domain/codes";
import { dbFor } from "../db/client";
import type { AuthContext } from "../env";
import { TOOLS, ToolError } from "./tools";

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
        // The plan's MCP budget, per key (API keys) or per account (OAuth), counted like REST requests.
        const limiterName = caller.keyId ?? `account:${caller.accountId}`;
        const limit = PLAN_LIMITS[caller.plan].mcpPerMinute;
        const budget = await env.KEY_LIMITER.getByName(limiterName).hit("mcp", limit);
        if (!budget.allowed) {
          return errorResult(
            `rate limited: the ${caller.plan} plan allows ${limit} tool calls per minute; retry in ${budget.retryAfter} s`,
          );
        }
        const input = t.input.safeParse(args);
        if (!input.success)
          return errorResult(
            `invalid input: ${input.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ")}`,
          );
        try {
          const out = await t.run({ db: dbFor(env.DB), auth: caller, now: new Date() }, input.data);
          return { content: [{ type: "text" as const, text: out.text }], structuredContent: out.structured };
        } catch (err) {
          if (err instanceof ToolError) return errorResult(err.message);
          throw err;
        }
      },
    );
  }
}
