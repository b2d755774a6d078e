// One tool call, whoever serves it: the SDK's server (src/mcp/server.ts registers this as each tool's handler) or the
// direct path for a stateless tools/call (src/mcp/direct.ts). Arguments are parsed first, then the caller is admitted
// (entitlement read now, the plan's budget spent), and only then does the tool run, or its kept result answer.
import type { Principal } from "../core/auth/principal";
import { log } from "../lib/log";
import { admitCall } from "./gate";
import { memoized } from "./result-cache";
import { parseArgs } from "./tools/input";
import { ToolError, type Tool, type ToolContext } from "./tools";

/** What a tool call answers, as the SDK's CallToolResult carries it. */
export type ToolResult = {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: true;
};

export const errorResult = (text: string): ToolResult => ({ isError: true, content: [{ type: "text", text }] });

/** `t` called by `principal` with `args` (the request's `arguments`, unparsed). */
export async function callTool(t: Tool, principal: Principal | undefined, args: unknown): Promise<ToolResult> {
  // Bad arguments cost nothing: no entitlement read, no budget spent (src/mcp/tools/input.ts says why we parse here).
  const input = parseArgs(t.input, args);
  if (!input.ok) return errorResult(input.message);
  const admitted = await admitCall(principal);
  if (typeof admitted === "string") return errorResult(admitted);
  if (t.uncached) return runTool(t, admitted, input.data);
  return memoized<ToolResult>(t.name, admitted, input.data, () => runTool(t, admitted, input.data));
}

async function runTool(t: Tool, ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  try {
    const out = await t.run(ctx, input);
    // What tools/list promises: a result that breaks its outputSchema is our bug, never sent (nor cached).
    const checked = t.output.safeParse(out.structured);
    if (!checked.success)
      throw new Error(`${t.name}: structuredContent breaks the outputSchema: ${checked.error.message}`);
    return { content: [{ type: "text", text: out.text }], structuredContent: out.structured };
  } catch (err) {
    if (err instanceof ToolError) return errorResult(err.message);
    // The SDK would send the message of anything thrown (SQL, stack details): the client gets a reference only.
    const ref = crypto.randomUUID();
    const error = err instanceof Error ? (err.stack ?? err.message) : String(err);
    log("error", "mcp tool failed", { tool: t.name, ref, error });
    return errorResult(`internal error; quote ${ref} to support`);
  }
}
