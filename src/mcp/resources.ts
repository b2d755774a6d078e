// MCP resources: one match as `sports://{sport}/matches/{id}` (docs/mcp.md "Resources and subscriptions").
// `resources/read` answers the match detail REST answers; `subscriptions/listen` on these URIs is src/mcp/listen.ts.
import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  ResourceTemplate,
  type McpServer,
} from "@modelcontextprotocol/server";
import { SPORTS, type Sport } from "../core/domain/codes";
import { IdParam } from "../core/domain/schemas";
import { getMatch, listMatches } from "../core/db/queries/matches";
import type { Principal } from "../core/auth/principal";
import { admitCall } from "./gate";
import { matchLine } from "./render/matches";

export const MATCH_URI_TEMPLATE = "sports://{sport}/matches/{id}";
export const matchUri = (sport: Sport, id: string) => `sports://${sport}/matches/${id}`;

/** `sports://football/matches/m_1` → its parts; undefined for anything else (wrong scheme, sport or id shape). */
export function parseMatchUri(uri: string): { sport: Sport; id: string } | undefined {
  const m = /^sports:\/\/([a-z]+)\/matches\/([^/?#]+)$/.exec(uri);
  if (!m || !(SPORTS as readonly string[]).includes(m[1]!) || !IdParam.safeParse(m[2]).success) return undefined;
  return { sport: m[1] as Sport, id: m[2]! };
}

const notFound = (uri: string) =>
  new ResourceNotFoundError(uri, `no match at ${uri} (unknown, or in a league this account does not track)`);

/** The live matches listed (what a client most likely wants to watch); any other match is read by its URI. */
const LIST_LIMIT = 100;

export function registerMatchResource(server: McpServer, principal: Principal | undefined): void {
  const gate = async () => {
    const ctx = await admitCall(principal);
    if (typeof ctx === "string") throw new ProtocolError(ProtocolErrorCode.InvalidRequest, ctx);
    return ctx;
  };
  server.registerResource(
    "match",
    new ResourceTemplate(MATCH_URI_TEMPLATE, {
      list: async () => {
        const ctx = await gate();
        const pages = await Promise.all(
          SPORTS.map((sport) => listMatches(ctx.db, { sport, tracked: ctx.leagues, status: "live" }, LIST_LIMIT)),
        );
        return {
          resources: pages.flatMap((p, i) =>
            p.rows.map((m) => ({
              uri: matchUri(SPORTS[i]!, m.id),
              name: m.id,
              title: matchLine(m),
              mimeType: "application/json",
            })),
          ),
        };
      },
    }),
    {
      title: "Match",
      description:
        "One match as JSON (the REST match detail): score, status, period, clock, league. Live matches are listed; " +
        "subscribe with subscriptions/listen to be told of every change until the final whistle.",
      mimeType: "application/json",
    },
    async (uri) => {
      const ref = parseMatchUri(uri.href);
      if (!ref) throw notFound(uri.href);
      const ctx = await gate();
      const match = await getMatch(ctx.db, ref.sport, ref.id, ctx.leagues);
      if (!match) throw notFound(uri.href);
      return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(match) }] };
    },
  );
}
