// The thirteen MCP tools, in the order tools/list shows them. Each declares its input and output schemas (built from
// the domain schemas) and calls the same query functions as the REST routes; src/mcp/server.ts registers them.
import { LEAGUE_TOOLS } from "./league-tools";
import { MATCH_TOOLS } from "./match-tools";
import { PEOPLE_TOOLS } from "./people-tools";
import type { Tool } from "./tool";

export { ToolError, type Tool, type ToolContext } from "./tool";

export const TOOLS: Tool[] = [...LEAGUE_TOOLS, ...MATCH_TOOLS, ...PEOPLE_TOOLS];
