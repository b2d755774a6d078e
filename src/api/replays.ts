// /v1/replays (docs/replays.md): any finished match played again as a new live match for the
// account that asks, over every channel — for testing an app against real timelines at up to 600× speed. API keys
// only (a browser token never starts one); the requests spend the account's REST budget like any other.
import { createRoute, z } from "@hono/zod-openapi";
import { listAccountReplays, createReplay, Replay, ReplayRequest, stopReplay } from "../core/replays/service";
import { IdParam } from "../core/domain/schemas";
import type { KeyPrincipal } from "../core/auth/principal";
import { requireKey } from "../http/require-key";
import { apiRouter, capJson, jsonBody, KEY_SECURITY, keyedReadErrors, problem, rated } from "../http/openapi-route";

export const replayRoutes = apiRouter();
replayRoutes.use(requireKey("read:matches", false, true));

const TAGS = ["Replays"];

replayRoutes.openapi(
  createRoute({
    method: "post",
    path: "/",
    operationId: "createReplay",
    summary: "Replay a finished match as a new live match of your account",
    description:
      "Creates a new match (its own `match_id`) that kicks off now and plays the source match's timeline again " +
      "through the ingest path: each event, score and period at kickoff + its minute × 60 / `speed` seconds, ending " +
      "as the source ended (score, penalties, status). It is your account's alone: REST, WebSocket and SSE (`seq`, " +
      "`since`), the changes feed, MCP and your webhooks carry it; any other account gets 404. Test keys only.",
    tags: TAGS,
    security: KEY_SECURITY,
    middleware: [capJson(4 * 1024)],
    request: { body: jsonBody(ReplayRequest) },
    responses: {
      201: {
        description: "The replay, playing: its kickoff is already sent, so its match can be read and streamed now.",
        headers: rated,
        content: { "application/json": { schema: Replay } },
      },
      ...keyedReadErrors(),
      400: problem("invalid_request: `detail` names the field (`match_id`, `speed`: an integer 1–600).", rated),
      403: problem("test_only: this deployment's keys are live ones; replays are for test keys.", rated),
      404: problem("not_found: unknown match, or of a league the account does not track.", rated),
      409: problem("not_finished: the match has not finished.", rated),
      413: problem("The JSON body is larger than 4 KiB."),
      415: problem("The body is not `application/json`."),
      422: problem("no_timeline: the match finished but its source gave only the result.", rated),
      429: problem(
        "rate_limited (the minute's budget), or replay_limit: the plan's replays are all playing (trial 1, starter 2, growth 5, scale 20).",
        rated,
      ),
    },
  }),
  async (c) => {
    // requireKey with keysOnly: the principal is a key's, with its plan and tracked leagues.
    const { accountId, plan, tracked } = c.get("principal") as KeyPrincipal;
    const replay = await createReplay(c.env, { accountId, plan, tracked }, c.req.valid("json"));
    return c.json(replay, 201, { "cache-control": "no-store", location: `/v1/replays/${replay.id}` });
  },
);

replayRoutes.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "listReplays",
    summary: "Your account's replays, newest first",
    description: "Playing, finished and stopped replays; each is deleted with its match 24 h after it ended.",
    tags: TAGS,
    security: KEY_SECURITY,
    responses: {
      200: {
        description: "OK",
        headers: rated,
        content: { "application/json": { schema: z.object({ data: z.array(Replay) }) } },
      },
      ...keyedReadErrors(),
    },
  }),
  async (c) =>
    c.json({ data: await listAccountReplays(c.env, c.get("principal").accountId) }, 200, {
      "cache-control": "no-store",
    }),
);

replayRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/{id}",
    operationId: "stopReplay",
    summary: "Stop a replay",
    description:
      "No message of its match is sent after this answers. Its match stays as the last message left it, and is " +
      "deleted with the replay 24 h later. Stopping one that already ended changes nothing.",
    tags: TAGS,
    security: KEY_SECURITY,
    request: { params: z.object({ id: IdParam }) },
    responses: {
      204: { description: "Stopped (or it had already ended).", headers: rated },
      ...keyedReadErrors(),
      404: problem("not_found: no replay of this account has this id.", rated),
    },
  }),
  async (c) => {
    await stopReplay(c.env, c.get("principal").accountId, c.req.valid("param").id);
    return c.body(null, 204);
  },
);
