// WebSocket upgrades (docs/live-streams.md "Connecting"). Everything is checked here, in the Worker, before a socket object is
// touched: key and scope (401), match visible to the account (404), Upgrade header (426), then a slot of the
// account's concurrent streams from its gate (429; 401 for a key the gate knows is revoked).
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { requireKey } from "../http/require-key";
import { IdParam } from "../core/domain/schemas";
import type { AppEnv } from "../http/app-env";
import { ApiError, badRequest } from "../core/errors";
import { matchSockets } from "../core/live/relays";
import { parentIdOf } from "../core/auth/principal";
import { hubHolder, hubShardName, roomHolder } from "../core/live/sockets";
import { apiRouter, KEY_SECURITY, problem, rated, requestId } from "../http/openapi-route";
import { admitStream, matchStreamInfo, Since, streamedMatch } from "./stream-admission";

function requireUpgrade(c: Context<AppEnv>) {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError(426, "invalid_request", "this endpoint needs a WebSocket upgrade (Upgrade: websocket)", {
      upgrade: "websocket",
    });
  }
}

/** The upgrade as an HTTP operation; the frames themselves are documented in /v1/asyncapi.json. */
const upgrade = <P extends string, R extends object>(path: P, operationId: string, summary: string, request: R) =>
  createRoute({
    method: "get",
    path,
    operationId,
    summary,
    tags: ["WebSockets"],
    description:
      "WebSocket upgrade; requires scope `stream:websocket`. Each text frame is a StreamMessage (see /v1/asyncapi.json): " +
      "a match stream opened without `since` first sends a `state` message, /v1/ws/live one per live match; then " +
      "LiveMessages with a greater seq. Send `ping` to get `pong`. A match stream closes with 1000 after the final whistle. 1008 closes a socket whose " +
      "key is revoked, a match stream whose league the account stops tracking (`league no longer tracked`), and the " +
      "newest streams over a lowered plan's concurrent-stream budget; /v1/ws/live stops forwarding an untracked league. A " +
      "client message over 1 KiB closes with 1009.",
    security: [{ ApiKeyQuery: [] }, ...KEY_SECURITY.filter((s) => !("ApiKeyQuery" in s))],
    request,
    responses: {
      101: {
        description:
          "Switching Protocols; StreamMessage frames follow (see /v1/asyncapi.json). The upgrade spends one request of " +
          "the account's REST budget, and its headers say so like every /v1 answer.",
        headers: rated,
      },
      400: problem("invalid_request (e.g. `since`).", rated),
      401: problem("invalid_api_key, wrong_environment or insufficient_scope.", {
        ...requestId,
        "WWW-Authenticate": { $ref: "#/components/headers/WwwAuthenticate" },
      }),
      404: problem("not_found: unknown match or a league the account does not track.", rated),
      421: problem("Misdirected Request: the Host is not this deployment's (DNS-rebinding defence)."),
      426: problem("Upgrade Required: not a WebSocket request (asked after the key and the match checks).", rated),
      429: problem("rate_limited: the plan's concurrent streams (per account), or its REST budget, are used up.", {
        ...rated,
        "Retry-After": { $ref: "#/components/headers/RetryAfter" },
      }),
    },
  });

export const wsRoutes = apiRouter();
wsRoutes.use(requireKey("stream:websocket", true));
wsRoutes.openapi(
  upgrade("/match/{id}", "streamMatch", "Live updates of one match", {
    params: z.object({ id: IdParam.describe("Match id.") }),
    query: Since,
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const match = await streamedMatch(c, id);
    const { since } = c.req.valid("query");
    requireUpgrade(c);
    return admitStream(
      c,
      "websocket",
      roomHolder(match.id),
      matchSockets(c.env, match.id),
      matchStreamInfo(match, since),
    );
  },
);
wsRoutes.openapi(
  upgrade("/live", "streamLive", "Live updates of every live match in the account's tracked leagues, both sports", {}),
  async (c) => {
    if (c.req.query("since") !== undefined)
      throw badRequest("since", "only /v1/ws/match/{id} replays; reconnect per match");
    requireUpgrade(c);
    const shard = hubShardName(parentIdOf(c.get("principal")), c.env);
    const info = { since: null, final: false, leagueId: null };
    return admitStream(c, "websocket", hubHolder(shard), c.env.LIVE_HUB.getByName(shard), info);
  },
);
