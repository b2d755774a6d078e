// The MCP tools, in the order tools/list shows them: thirteen read-only ones, then the match centre's two (an MCP App:
// show_match, and refresh_match_token, which only the app calls). Each declares its input and output schemas (built
// from the domain schemas) and calls the same query functions as the REST routes; src/mcp/server.ts registers them.
import { LEAGUE_TOOLS } from "./leagues";
import { MATCH_CENTRE_TOOLS } from "./match-centre";
import { MATCH_TOOLS } from "./matches";
import { PEOPLE_TOOLS } from "./people";
import type { Tool } from "./define";

export { ToolError, type Tool, type ToolContext } from "./define";

export const TOOLS: Tool[] = [...LEAGUE_TOOLS, ...MATCH_TOOLS, ...PEOPLE_TOOLS, ...MATCH_CENTRE_TOOLS];
