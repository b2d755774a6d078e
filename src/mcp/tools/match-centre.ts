// The MCP App "match centre" (docs/mcp.md "MCP App: live match centre"). show_match answers as get_match does (hosts
// without MCP Apps show that text) and hands the app a browser token for that one match, read-only and ≤ 10 min, with
// where to stream it from; refresh_match_token, which only the app calls, hands it a fresh one before the old one
// expires and whenever it reconnects. The app itself is the ui:// resource of src/mcp/match-centre.ts.
import { env } from "cloudflare:workers";
import { z } from "zod";
import { grantParent, keyParent, MintedToken, mintToken, type TokenParent } from "../../core/auth/tokens";
import { MatchDetail } from "../../core/domain/schemas";
import { ApiError } from "../../core/errors";
import { publicOrigins } from "../../http/host";
import { MatchRef, ToolError, tool, type ToolContext } from "./define";
import { matchAnswer } from "./matches";
import { trackedIds } from "../../core/db/queries/visibility";

export const MATCH_CENTRE_URI = "ui://sports-data/match-centre.html";

/** What the app needs of a token: the match's reads and its stream, nothing else, for 10 minutes. */
const APP_SCOPES = ["read:matches", "stream:websocket"] as const;
const APP_TOKEN_TTL = 600;

const AppToken = z.object({
  token: MintedToken.shape.token.describe(
    "A browser token for this match only (read:matches, stream:websocket), for `?api_key=` on its stream.",
  ),
  expires_at: MintedToken.shape.expires_at.describe("RFC 3339, UTC: refresh_match_token gives a fresh one before."),
});

/** The token's parent: the caller's key, or its OAuth grant (revoking either ends the token and its streams). */
function parentOf(ctx: ToolContext): TokenParent {
  const p = ctx.principal;
  if (p.type === "oauth") {
    if (!p.grantId) throw new ToolError("this access token names no grant; sign in again to watch a match live");
    return grantParent({ ...p, grantId: p.grantId }, trackedIds(ctx.leagues));
  }
  if (p.type !== "key") throw new ToolError("a browser token cannot mint another");
  const lacking = APP_SCOPES.filter((s) => !p.scopes.includes(s));
  // A token's scopes are a subset of its key's: an MCP-only key cannot hand out a stream it could not open itself.
  if (lacking.length > 0)
    throw new ToolError(
      `the live match centre needs a key with ${lacking.map((s) => `\`${s}\``).join(" and ")}; get_match answers without`,
    );
  return keyParent(p);
}

async function appToken(ctx: ToolContext, matchId: string) {
  try {
    const minted = await mintToken(env, parentOf(ctx), {
      scopes: [...APP_SCOPES],
      match_ids: [matchId],
      ttl_seconds: APP_TOKEN_TTL,
    });
    return { token: minted.token, expires_at: minted.expires_at };
  } catch (err) {
    if (err instanceof ApiError) throw new ToolError(err.detail);
    throw err;
  }
}

export const MATCH_CENTRE_TOOLS = [
  tool({
    name: "show_match",
    description:
      "One match as a live scoreboard and timeline that update by themselves (in clients that show MCP Apps); " +
      "elsewhere the same answer as get_match.",
    input: MatchRef,
    output: AppToken.extend({
      match: MatchDetail,
      websocket_url: z.string().describe("The match's stream: open with `?api_key=<token>&since=<match.seq>`."),
      match_url: z.string().describe("The match's REST detail (`/events` appended: its timeline), with the token."),
    }),
    ui: { resourceUri: MATCH_CENTRE_URI },
    uncached: true,
    async run(ctx, { match_id }) {
      const { match, text } = await matchAnswer(ctx, match_id);
      const origins = publicOrigins(env);
      return {
        structured: {
          match,
          ...(await appToken(ctx, match.id)),
          websocket_url: `${origins.ws}/v1/ws/match/${match.id}`,
          match_url: `${origins.http}/v1/${match.sport}/matches/${match.id}`,
        },
        text,
      };
    },
  }),
  tool({
    name: "refresh_match_token",
    description: "For the match centre app of show_match: a fresh browser token for the match it shows.",
    input: MatchRef,
    output: AppToken,
    ui: { resourceUri: MATCH_CENTRE_URI, visibility: ["app"] },
    uncached: true,
    async run(ctx, { match_id }) {
      // The match must still be one the account may see (a league untracked since show_match ends the app here).
      const { match } = await matchAnswer(ctx, match_id);
      const minted = await appToken(ctx, match.id);
      return { structured: minted, text: `A browser token for ${match.id}, until ${minted.expires_at}.` };
    },
  }),
];
