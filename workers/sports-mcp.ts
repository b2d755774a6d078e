// SportsMcp: the MCP server at /v1/mcp (Streamable HTTP), one Durable Object per MCP session (agents' McpAgent).
// The tools live in src/mcp; the caller's ids arrive as props set by the Worker (API key) or the OAuth provider, and
// the Worker lets only the session's opener use it (src/mcp/sessions.ts), so the stored props are the caller's.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { McpAgent } from "agents/mcp";
import type { Principal } from "../src/env";
import { registerSportsTools } from "../src/mcp/register";

export class SportsMcp extends McpAgent<Cloudflare.Env, unknown, Principal & Record<string, unknown>> {
  server = new McpServer({ name: "sports-data", version: "1.0.0" });

  async init(): Promise<void> {
    registerSportsTools(this.server, this.env, () => this.props!);
  }
}
