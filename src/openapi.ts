// OpenAPI 3.1 from the same zod schemas the handlers validate with (zod 4's JSON Schema output is 2020-12,
// which is OpenAPI 3.1's dialect).
import { z } from "zod";
import { SPORTS, type Scope } from "./domain/codes";
import { LeadersQuery, SearchQuery } from "./domain/people-schemas";
import { H2HQuery, IdParam, MatchListQuery, registry } from "./domain/schemas";
import { webhookAdminPaths, webhookEvents } from "./openapi-webhooks";

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: ref("Problem") } },
});

/** A 401: the problem body and the challenge every 401 carries (RFC 9110 §15.5.2). */
const unauthorized = (description: string) => ({
  ...problem(description),
  headers: {
    "WWW-Authenticate": {
      schema: { type: "string" },
      description:
        '`Bearer realm="api", error="invalid_token"`, or `error="insufficient_scope", scope="<scope>"` for a missing scope.',
    },
  },
});

const paramSchema = (s: z.ZodType) => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(s, { io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return rest;
};

function queryParams(obj: z.ZodObject) {
  return Object.entries(obj.shape).map(([name, s]) => {
    const schema = paramSchema(s as z.ZodType);
    return { name, in: "query", required: false, description: schema.description as string | undefined, schema };
  });
}

const pathParam = (name: string, description: string) => ({
  name,
  in: "path",
  required: true,
  description,
  schema: paramSchema(IdParam),
});

function op(summary: string, scope: Scope, schemaId: string, params: unknown[], extra404 = false) {
  return {
    get: {
      summary,
      description: `Requires scope \`${scope}\`.`,
      parameters: params,
      security: [{ ApiKeyHeader: [] }, { Bearer: [] }, { ApiKeyQuery: [] }],
      responses: {
        "200": {
          description: "OK",
          headers: { ETag: { schema: { type: "string" }, description: "Send back as If-None-Match to get 304." } },
          content: { "application/json": { schema: ref(schemaId) } },
        },
        "304": { description: "Not modified: the representation matches If-None-Match." },
        "400": problem("invalid_request: a path or query value is invalid; `detail` names the parameter."),
        "401": unauthorized("invalid_api_key (`missing or invalid api key`), wrong_environment or insufficient_scope."),
        "404": problem(
          extra404
            ? "not_found (unknown or untracked), or no_data (exists, nothing of this kind yet)."
            : "not_found: unknown id, unknown sport or untracked league.",
        ),
        "421": problem("Misdirected Request: the Host is not this deployment's (DNS-rebinding defence)."),
        "429": problem("rate_limited; see Retry-After. A refused request did no other work."),
        "500": problem("internal; quote `request_id`."),
      },
    },
  };
}

export function openApiDocument(baseUrl: string) {
  const { schemas } = z.toJSONSchema(registry, {
    uri: (id) => `#/components/schemas/${id}`,
    // Responses may gain fields at any time (CONTRACT.md): never promise there are no others.
    override: ({ jsonSchema }) => {
      if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
    },
  }) as { schemas: Record<string, Record<string, unknown>> };
  for (const s of Object.values(schemas)) {
    delete s.$schema;
    delete s.$id;
  }
  const paths: Record<string, unknown> = {
    "/health": {
      get: {
        summary: "Reachability check (no key, never rate-limited)",
        security: [],
        responses: {
          "200": {
            description: "OK",
            content: { "application/json": { schema: { type: "object", properties: { status: { const: "ok" } } } } },
          },
        },
      },
    },
  };
  const matchId = pathParam("id", "Match id.");
  for (const sport of SPORTS) {
    const p = `/v1/${sport}`;
    const S = sport[0]!.toUpperCase() + sport.slice(1);
    paths[`${p}/leagues`] = op(`${S}: tracked leagues, by country then name`, "read:leagues", "LeagueList", []);
    paths[`${p}/leagues/{leagueId}/standings`] = op(
      `${S}: current league table`,
      "read:leagues",
      "Standings",
      [pathParam("leagueId", "League id.")],
      true,
    );
    paths[`${p}/matches`] = op(
      `${S}: matches, by kickoff then id, keyset-paginated`,
      "read:matches",
      "MatchList",
      queryParams(MatchListQuery),
    );
    paths[`${p}/matches/{id}`] = op(`${S}: match detail`, "read:matches", "MatchDetail", [matchId]);
    paths[`${p}/matches/{id}/events`] = op(
      `${S}: match timeline, chronological`,
      "read:matches",
      "Events",
      [matchId],
      true,
    );
    paths[`${p}/matches/{id}/stats`] = op(`${S}: match statistics`, "read:matches", "Stats", [matchId], true);
    paths[`${p}/matches/{id}/lineups`] = op(`${S}: lineups`, "read:matches", "Lineups", [matchId], true);
    paths[`${p}/matches/{id}/standings`] = op(
      `${S}: league table as it stood at kickoff of the match`,
      "read:matches",
      "Standings",
      [matchId],
      true,
    );
    paths[`${p}/matches/{id}/h2h`] = op(
      `${S}: head-to-head before the match, newest first`,
      "read:matches",
      "H2H",
      [matchId, ...queryParams(H2HQuery)],
      true,
    );
    paths[`${p}/matches/{id}/players`] = op(
      `${S}: box score, each side's player lines (no_data before kickoff)`,
      "read:matches",
      "BoxScore",
      [matchId],
      true,
    );
    const teamId = pathParam("teamId", "Team id.");
    paths[`${p}/teams/{teamId}`] = op(`${S}: team`, "read:leagues", "Team", [teamId]);
    paths[`${p}/teams/{teamId}/squad`] = op(`${S}: squad, by shirt number`, "read:leagues", "Squad", [teamId]);
    paths[`${p}/players/{playerId}`] = op(
      `${S}: player with current-season stats (every competition)`,
      "read:leagues",
      "PlayerProfile",
      [pathParam("playerId", "Player id.")],
    );
    paths[`${p}/leagues/{leagueId}/leaders`] = op(
      `${S}: top 20 of the league's current season for a stat`,
      "read:leagues",
      "Leaders",
      [pathParam("leagueId", "League id."), ...queryParams(LeadersQuery[sport]).map((q) => ({ ...q, required: true }))],
    );
    paths[`${p}/search`] = op(
      `${S}: search teams, players and leagues of tracked leagues, best first`,
      "read:leagues",
      "SearchList",
      queryParams(SearchQuery).map((q) => (q.name === "q" ? { ...q, required: true } : q)),
    );
  }
  const ws = (summary: string, params: unknown[]) => ({
    get: {
      summary,
      description:
        "WebSocket (wss). Requires scope `stream:websocket`. Each text frame is a LiveMessage; send `ping` to get `pong`. " +
        "A match stream closes with 1000 after the final whistle. 1008 closes a socket whose key is revoked, a match " +
        "stream whose league the account stops tracking (`league no longer tracked`), and the newest sockets over a " +
        "lowered plan's connection budget; /v1/ws/live stops forwarding an untracked league. A client message over " +
        "1 KiB closes with 1009.",
      parameters: params,
      security: [{ ApiKeyQuery: [] }, { ApiKeyHeader: [] }, { Bearer: [] }],
      responses: {
        "101": {
          description: "Switching Protocols; frames follow.",
          content: { "application/json": { schema: ref("LiveMessage") } },
        },
        "400": problem("invalid_request (e.g. `since`)."),
        "401": unauthorized("invalid_api_key, wrong_environment or insufficient_scope."),
        "404": problem("not_found: unknown match or a league the account does not track."),
        "421": problem("Misdirected Request: the Host is not this deployment's (DNS-rebinding defence)."),
        "426": problem("Upgrade Required: not a WebSocket request."),
        "429": problem("rate_limited: the plan's concurrent connections per key are in use; see Retry-After."),
      },
    },
  });
  paths["/v1/ws/match/{id}"] = ws("Live updates of one match", [
    matchId,
    {
      name: "since",
      in: "query",
      required: false,
      description: "Replay the messages after this seq (at least the last 1000 are kept), then go live.",
      schema: { type: "integer", minimum: 0 },
    },
  ]);
  paths["/v1/ws/live"] = ws("Live updates of every live match in the account's tracked leagues, both sports", []);
  Object.assign(paths, webhookAdminPaths());

  return {
    openapi: "3.1.0",
    info: {
      title: "Sports Data API",
      version: "1.0.0",
      description: [
        "Football and basketball leagues, matches, timelines, stats, lineups, standings and head-to-head.",
        "Status codes: 1 scheduled, 2 live, 3 finished, 4 postponed, 5 cancelled, 6 walkover, 7 interrupted, 8 abandoned, 9 finished after penalties (score before the shoot-out), 10 finished after extra time.",
        "Times: `*_ts` are Unix epoch seconds (UTC), `*_at` RFC 3339 UTC. New fields may appear at any time.",
        "Webhooks: match changes of the tracked leagues are POSTed to an account's endpoints, signed per Standard Webhooks; see `webhooks` for each event's payload and the operator API under /internal/admin for managing endpoints.",
      ].join("\n\n"),
    },
    servers: [{ url: baseUrl }],
    paths,
    webhooks: webhookEvents(),
    components: {
      schemas,
      securitySchemes: {
        ApiKeyHeader: { type: "apiKey", in: "header", name: "X-API-Key" },
        Bearer: { type: "http", scheme: "bearer", description: "The API key as a bearer token." },
        AdminToken: {
          type: "http",
          scheme: "bearer",
          description: "The deployment's ADMIN_TOKEN secret (internal operator API only).",
        },
        ApiKeyQuery: {
          type: "apiKey",
          in: "query",
          name: "api_key",
          description: "Only where headers cannot be set (browser WebSockets).",
        },
      },
    },
  };
}
