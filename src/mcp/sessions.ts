// MCP sessions belong to whoever opened them. The agents library keeps a session's props from its first request, so a
// session id sent with other credentials would run tools as the opener (another account's leagues and budget): the
// Worker lets only the opener use a session and answers everyone else as if it did not exist.
import { primaryDb } from "../db/client";
import { mcpSessionOwner, recordMcpSession } from "../db/queries/mcp-sessions";
import type { Principal } from "../env";

/** The credential a request speaks for: one API key, or one OAuth grant. */
export const principalName = (p: Principal, grantId?: string) =>
  p.type === "api_key" ? `key:${p.keyId}` : `grant:${grantId ?? `account:${p.accountId}`}`;

const sessionNotFound = () =>
  new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null }), {
    status: 404,
    headers: { "content-type": "application/json" },
  });

export async function withSessionOwner(
  request: Request,
  env: Env,
  principal: string,
  forward: () => Promise<Response>,
): Promise<Response> {
  const db = primaryDb(env.DB);
  const session = request.headers.get("mcp-session-id");
  if (session) {
    // 404 is what the transport answers for an unknown session: the client starts a new one (MCP, "Session Management").
    if ((await mcpSessionOwner(db, session)) !== principal) return sessionNotFound();
    return forward();
  }
  const res = await forward();
  const opened = res.headers.get("mcp-session-id");
  if (opened) await recordMcpSession(db, opened, principal);
  return res;
}
