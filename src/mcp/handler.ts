// /v1/mcp on the maintained stateless path (agents' createMcpHandler, MCP SDK v2): the 2026-07-28 draft and stateless
// 2025-era clients at one URL, no sessions (GET and DELETE → 405). Each request's identity comes from its own
// credentials, set as ctx.props by the Worker (API keys) or the OAuth provider (tokens).
import { createMcpHandler, getMcpAuthContext } from "agents/mcp/server";
import type { Principal } from "../env";
import { MCP_PATH } from "./front";
import { buildServer } from "./server";

/** Ids only: `type`, `accountId`, `keyId` (grants made before ids-only props may carry more; it is ignored). */
const principalOf = (props: Record<string, unknown> | undefined): Principal | undefined =>
  typeof props?.accountId === "string"
    ? {
        type: props.type === "api_key" ? "api_key" : "oauth",
        accountId: props.accountId,
        keyId: typeof props.keyId === "string" ? props.keyId : undefined,
      }
    : undefined;

export const mcpHandler = createMcpHandler(() => buildServer(principalOf(getMcpAuthContext()?.props)), {
  route: MCP_PATH,
  // Host and Origin are checked in front of every route (src/auth/host.ts, src/mcp/front.ts), with our own host
  // list rather than the wrapper's localhost/workers.dev defaults.
  allowedOriginHostnames: "*",
  // Browser pages of other origins are refused; our own pages are same-origin and need no CORS.
  corsOptions: false,
});
