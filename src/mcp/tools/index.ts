// The thirteen MCP tools, in the order tools/list shows them. Each declares its input and output schemas (built from
// the domain schemas) and calls the same query functions as the REST routes; src/mcp/server.ts registers them.
import { LEAGUE_TOOLS } from "./leagues";
import { MATCH_TOOLS } from "./matches";
import { PEOPLE_TOOLS } from "./people";
import type { Tool } from "./define";

export { ToolError, type Tool, type ToolContext } from "./define";

export const TOOLS: Tool[] = [...LEAGUE_TOOLS, ...MATCH_TOOLS, ...PEOPLE_TOOLS];
