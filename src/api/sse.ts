// Server-Sent Events (docs/live-streams.md "Server-Sent Events"): the WebSocket streams' messages over a plain GET, for
// clients that prefer HTTP. Same key check (the primary, scope `stream:websocket`), match check (404), slots (kind
// "sse", the same budget) and holders as the WebSockets: the object that holds a match's or a shard's sockets answers
// with the event stream and writes each delivered frame to it (src/core/live/stream-holder.ts).
import { createRoute, z } from "@hono/zod-openapi";
import { IdParam } from "../core/domain/schemas";
import { badRequest } from "../core/errors";
import { matchSockets } from "../core/live/relays";
import { parentIdOf } from "../core/auth/principal";
import { hubHolder, hubShardName, roomHolder } from "../core/live/sockets";
import { resumeSeq } from "../core/live/sse";
import { requireKey } from "../http/require-key";
import { apiRouter, KEY_SECURITY, problem, rated, requestId } from "../http/openapi-route";
import { admitStream, matchStreamInfo, Since, streamedMatch } from "./stream-admission";

const LastEventId = z.object({
  "last-event-id": z
    .string()
    .max(200)
    .optional()
    .describe(
      "Sent by EventSource when it reconnects: the `id:` of the last event it received. On a match stream it resumes " +
        "after that seq (and wins over `since`, which a reconnect repeats from the first URL); /v1/sse/live accepts and " +
        "ignores it (a reconnect gets the states again).",
    ),
});

const EVENTS_EXAMPLE =
  'id: 42\nevent: score_update\ndata: {"type":"score_update","match_id":"m_1","sport":"football","seq":42,' +
  '"ts":1795445467000,"data":{"home":2,"away":1,"period":13,"minute":67,"added_time":null}}\n\n: heartbeat\n\n';

/** An event stream as an HTTP operation; its messages are documented in /v1/asyncapi.json. */
const stream = <P extends string, R extends object>(
  path: P,
  operationId: string,
  summary: string,
  ids: string,
  request: R,
) =>
  createRoute({
    method: "get",
    path,
    operationId,
    summary,
    tags: ["Server-Sent Events"],
    description:
      "A `text/event-stream`; requires scope `stream:websocket` and takes a slot of the account's concurrent streams " +
      "(shared with WebSockets and MCP listens). Each message of the WebSocket stream (a StreamMessage, see " +
      `/v1/asyncapi.json) is one event: \`id: ${ids}\`, \`event: <type>\`, \`data: <message JSON>\`. A \`: heartbeat\` ` +
      'comment line comes every 15 s. A server-side end sends `event: close` with `data: {"code","reason"}` (the ' +
      "WebSocket close codes: 1000 `match finished`; 1008 `api key revoked`, `league no longer tracked`, `connection " +
      "budget of the plan lowered`) and then ends the response.",
    security: KEY_SECURITY,
    request,
    responses: {
      200: {
        description:
          "The event stream; it stays open until the client leaves or the server ends it (`event: close`). Its headers " +
          "carry the account's REST budget like every /v1 answer: opening a stream spends one request of it.",
        headers: rated,
        content: {
          "text/event-stream": {
            schema: z.string().openapi({ description: "Server-Sent Events.", example: EVENTS_EXAMPLE }),
          },
        },
      },
      400: problem("invalid_request: `since` or `Last-Event-ID` (named in `detail`).", rated),
      401: problem("invalid_api_key, wrong_environment or insufficient_scope.", {
        ...requestId,
        "WWW-Authenticate": { $ref: "#/components/headers/WwwAuthenticate" },
      }),
      404: problem("not_found: unknown match or a league the account does not track.", rated),
      421: problem("Misdirected Request: the Host is not this deployment's (DNS-rebinding defence)."),
      429: problem("rate_limited: the plan's concurrent streams (per account), or its REST budget, are used up.", {
        ...rated,
        "Retry-After": { $ref: "#/components/headers/RetryAfter" },
      }),
    },
  });

export const sseRoutes = apiRouter();
sseRoutes.use(requireKey("stream:websocket", true));
sseRoutes.openapi(
  stream("/match/{id}", "streamMatchEvents", "Live updates of one match as Server-Sent Events", "<seq>", {
    params: z.object({ id: IdParam.describe("Match id.") }),
    query: Since,
    headers: LastEventId,
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const resumed = resumeSeq(c.req.valid("header")["last-event-id"], id);
    if (resumed === null) throw badRequest("Last-Event-ID", "expected the `id:` of an event of this stream (a seq)");
    const match = await streamedMatch(c, id);
    const since = resumed ?? c.req.valid("query").since;
    return admitStream(c, "sse", roomHolder(match.id), matchSockets(c.env, match.id), matchStreamInfo(match, since));
  },
);
sseRoutes.openapi(
  stream(
    "/live",
    "streamLiveEvents",
    "Live updates of every live match in the account's tracked leagues, both sports, as Server-Sent Events",
    "<match_id>:<seq>",
    { headers: LastEventId },
  ),
  async (c) => {
    if (c.req.query("since") !== undefined)
      throw badRequest("since", "only /v1/sse/match/{id} replays; a reconnect here gets the states again");
    const shard = hubShardName(parentIdOf(c.get("principal")), c.env);
    const info = { since: null, final: false, leagueId: null };
    return admitStream(c, "sse", hubHolder(shard), c.env.LIVE_HUB.getByName(shard), info);
  },
);
