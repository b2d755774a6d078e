// The AsyncAPI 3.0 document (docs/api.md "Reference documents"): the WebSocket and Server-Sent Events channels and the
// webhook events.
// Payload schemas are generated from the zod schemas the code sends (src/core/domain/schemas.ts, webhook-schemas.ts) by
// the same generator as the OpenAPI document, so the two documents cannot disagree about a shape.
import { OpenAPIHono } from "@hono/zod-openapi";
import {
  EventAddedFrame,
  EventRemovedFrame,
  EventUpdatedFrame,
  ScoreUpdateFrame,
  StateFrame,
  StatusChangeFrame,
  StreamClose,
} from "../../core/domain/schemas";
import { deliveredDescription, webhookPayloadId, WebhookPayloads } from "../../core/domain/webhook-schemas";
import { DELIVERED_TYPES, DELIVERY_RULES, SIGNATURE_HEADERS } from "./openapi-webhooks";

const FRAMES = {
  scoreUpdate: { schema: ScoreUpdateFrame, type: "score_update", id: "ScoreUpdateFrame" },
  statusChange: { schema: StatusChangeFrame, type: "status_change", id: "StatusChangeFrame" },
  eventAdded: { schema: EventAddedFrame, type: "event_added", id: "EventAddedFrame" },
  eventUpdated: { schema: EventUpdatedFrame, type: "event_updated", id: "EventUpdatedFrame" },
  eventRemoved: { schema: EventRemovedFrame, type: "event_removed", id: "EventRemovedFrame" },
} as const;

const ref = (path: string) => ({ $ref: `#/${path}` });
const camel = (type: string) => type.replace(/[._](\w)/g, (_, c: string) => c.toUpperCase());

/** JSON Schemas of every payload, named as in the OpenAPI document. */
function payloadSchemas() {
  const gen = new OpenAPIHono();
  for (const f of Object.values(FRAMES)) gen.openAPIRegistry.register(f.id, f.schema);
  for (const t of DELIVERED_TYPES) gen.openAPIRegistry.register(webhookPayloadId(t), WebhookPayloads[t]);
  gen.openAPIRegistry.register("StateFrame", StateFrame);
  gen.openAPIRegistry.register("StreamClose", StreamClose);
  gen.openAPIRegistry.register("WebhookSignatureHeaders", SIGNATURE_HEADERS);
  const doc = gen.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "payloads", version: "1" } });
  return doc.components?.schemas ?? {};
}

const SSE_FRAMING =
  "Server-Sent Events (`text/event-stream`): each message is one event, `id:` its resume point, `event:` its " +
  "`type`, `data:` the message JSON; a `: heartbeat` comment line every 15 s; a server-side end sends " +
  "`event: close` (data: StreamClose) and ends the response. Same key, scope (`stream:websocket`), slots and " +
  "entitlement rules as the WebSockets.";

const CLOSE_CODES =
  "Close codes: 1000 after the final whistle (match stream); 1008 when the key is revoked, when the account stops " +
  "tracking the match's league (`league no longer tracked`), or for the newest sockets over a lowered plan's " +
  "connection budget; 1009 for a client message over 1 KiB. Refusals before the upgrade are HTTP problems " +
  "(401, 404, 426, 429; see /v1/openapi.json).";

function frameMessages() {
  return Object.fromEntries(
    Object.entries(FRAMES).map(([name, f]) => [
      name,
      {
        name: f.type,
        title: f.type,
        contentType: "application/json",
        payload: ref(`components/schemas/${f.id}`),
      },
    ]),
  );
}

/** What every stream opens with, and what ends an SSE stream. */
const STREAM_MESSAGES = {
  state: {
    name: "state",
    title: "state",
    summary:
      "The match at `seq` (data: the REST list item). First on a match stream opened without `since`; one per live " +
      "match when a live stream opens. Apply it, then the messages with a greater seq.",
    contentType: "application/json",
    payload: ref("components/schemas/StateFrame"),
  },
  close: {
    name: "close",
    title: "close",
    summary: "SSE only: the last event of a stream the server ends (`event: close`), with the WebSocket close code.",
    contentType: "application/json",
    payload: ref("components/schemas/StreamClose"),
  },
};

function webhookMessages() {
  return Object.fromEntries(
    DELIVERED_TYPES.map((type) => [
      camel(type),
      {
        name: type,
        title: type,
        summary: deliveredDescription(type),
        contentType: "application/json",
        headers: ref("components/schemas/WebhookSignatureHeaders"),
        payload: ref(`components/schemas/${webhookPayloadId(type)}`),
        bindings: { http: { bindingVersion: "0.3.0" } },
      },
    ]),
  );
}

const channelMessages = (names: string[]) => Object.fromEntries(names.map((n) => [n, ref(`components/messages/${n}`)]));
const opMessages = (channel: string, names: string[]) => names.map((n) => ref(`channels/${channel}/messages/${n}`));

let cached: { base: string; doc: object } | undefined;

export function asyncApiDocument(baseUrl: string): object {
  if (cached?.base === baseUrl) return cached.doc;
  const url = new URL(baseUrl);
  const frames = Object.keys(FRAMES);
  const webhooks = DELIVERED_TYPES.map(camel);
  const doc = {
    asyncapi: "3.0.0",
    info: {
      title: "Sports Data live updates",
      version: "1.0.0",
      description:
        "Match updates pushed over WebSockets, Server-Sent Events and to webhook endpoints. Every stream message is " +
        "`{ type, match_id, sport, seq, ts, data }`: `seq` increases by one per match, `ts` is epoch milliseconds; " +
        "a `state` message carries the match as it stands at its `seq`. " +
        "The REST API is described in /v1/openapi.json.",
    },
    defaultContentType: "application/json",
    servers: {
      api: {
        host: url.host,
        protocol: url.protocol === "https:" ? "wss" : "ws",
        description:
          "This deployment. Key (scope `stream:websocket`) as `?api_key=` (browsers), `X-API-Key` or `Authorization: Bearer`.",
        security: [
          ref("components/securitySchemes/apiKeyQuery"),
          ref("components/securitySchemes/apiKeyHeader"),
          ref("components/securitySchemes/bearer"),
        ],
      },
      http: {
        host: url.host,
        protocol: url.protocol === "https:" ? "https" : "http",
        description:
          "This deployment, for Server-Sent Events. Key (scope `stream:websocket`) as `?api_key=` (EventSource), " +
          "`X-API-Key` or `Authorization: Bearer`.",
        security: [
          ref("components/securitySchemes/apiKeyQuery"),
          ref("components/securitySchemes/apiKeyHeader"),
          ref("components/securitySchemes/bearer"),
        ],
      },
      webhookEndpoint: {
        host: "{host}",
        protocol: "https",
        description: "An account's registered endpoint URL (staging and local also accept http on loopback).",
        variables: { host: { description: "Host of the endpoint URL registered for the account." } },
      },
    },
    channels: {
      match: {
        address: "/v1/ws/match/{id}",
        title: "One match",
        description: `Every update of one match. Without \`since\` the first message is the match's \`state\`; \`?since=<seq>\` instead replays the messages after that seq (the match keeps at least its last 1000). Then live. Send the text \`ping\` to get \`pong\`. ${CLOSE_CODES}`,
        servers: [ref("servers/api")],
        parameters: { id: { description: "Match id." } },
        messages: {
          ...channelMessages(["state", ...frames]),
          ping: ref("components/messages/ping"),
          pong: ref("components/messages/pong"),
        },
        bindings: {
          ws: {
            bindingVersion: "0.1.0",
            query: {
              type: "object",
              properties: {
                since: {
                  type: "integer",
                  minimum: 0,
                  description:
                    "Replay the messages after this seq, then go live (decimal digits only; anything else is a 400). " +
                    "A seq beyond the match's opens with a fresh `state` instead.",
                },
                api_key: { type: "string", description: "The API key, where headers cannot be set." },
              },
            },
          },
        },
      },
      live: {
        address: "/v1/ws/live",
        title: "Every live match",
        description: `Every live match of the account's tracked leagues, both sports: first one \`state\` per live match, then live messages; an untracked league stops being forwarded. Send \`ping\` to get \`pong\`. ${CLOSE_CODES}`,
        servers: [ref("servers/api")],
        messages: {
          ...channelMessages(["state", ...frames]),
          ping: ref("components/messages/ping"),
          pong: ref("components/messages/pong"),
        },
      },
      sseMatch: {
        address: "/v1/sse/match/{id}",
        title: "One match (Server-Sent Events)",
        description: `The messages of /v1/ws/match/{id} as events, \`id: <seq>\`. Without \`since\` or \`Last-Event-ID\` the first is the match's \`state\`; with either (\`Last-Event-ID\` wins: EventSource sends it on reconnect) the messages after that seq are replayed instead. Ends with \`event: close\` {1000, \`match finished\`} after the final whistle. ${SSE_FRAMING}`,
        servers: [ref("servers/http")],
        parameters: { id: { description: "Match id." } },
        messages: channelMessages(["state", ...frames, "close"]),
      },
      sseLive: {
        address: "/v1/sse/live",
        title: "Every live match (Server-Sent Events)",
        description: `The messages of /v1/ws/live as events, \`id: <match_id>:<seq>\`: first one \`state\` per live match of the tracked leagues, then live messages. A reconnect (with or without \`Last-Event-ID\`) gets the states again. ${SSE_FRAMING}`,
        servers: [ref("servers/http")],
        messages: channelMessages(["state", ...frames, "close"]),
      },
      webhooks: {
        address: null,
        title: "Webhook deliveries",
        description: DELIVERY_RULES,
        servers: [ref("servers/webhookEndpoint")],
        messages: channelMessages(webhooks),
      },
    },
    operations: {
      sendMatchUpdates: {
        action: "send",
        channel: ref("channels/match"),
        summary: "The match's state (without `since`) or a replay, then its updates in seq order.",
        messages: opMessages("match", ["state", ...frames]),
      },
      receiveMatchPing: {
        action: "receive",
        channel: ref("channels/match"),
        summary: "Keep-alive: `ping` is answered with `pong`.",
        messages: opMessages("match", ["ping"]),
        reply: { channel: ref("channels/match"), messages: opMessages("match", ["pong"]) },
      },
      sendLiveUpdates: {
        action: "send",
        channel: ref("channels/live"),
        summary: "A state per live match, then updates of every live match in the tracked leagues.",
        messages: opMessages("live", ["state", ...frames]),
      },
      receiveLivePing: {
        action: "receive",
        channel: ref("channels/live"),
        summary: "Keep-alive: `ping` is answered with `pong`.",
        messages: opMessages("live", ["ping"]),
        reply: { channel: ref("channels/live"), messages: opMessages("live", ["pong"]) },
      },
      sendSseMatchUpdates: {
        action: "send",
        channel: ref("channels/sseMatch"),
        summary: "The match's state (or a replay), then its updates in seq order, as events.",
        messages: opMessages("sseMatch", ["state", ...frames, "close"]),
        bindings: {
          http: {
            bindingVersion: "0.3.0",
            method: "GET",
            query: {
              type: "object",
              properties: {
                since: {
                  type: "integer",
                  minimum: 0,
                  description:
                    "Replay the messages after this seq, then go live (decimal digits only; anything else is a 400). " +
                    "A seq beyond the match's opens with a fresh `state` instead.",
                },
                api_key: { type: "string", description: "The API key, where headers cannot be set (EventSource)." },
              },
            },
          },
        },
      },
      sendSseLiveUpdates: {
        action: "send",
        channel: ref("channels/sseLive"),
        summary: "A state per live match, then updates of every live match in the tracked leagues, as events.",
        messages: opMessages("sseLive", ["state", ...frames, "close"]),
        bindings: { http: { bindingVersion: "0.3.0", method: "GET" } },
      },
      sendWebhookEvents: {
        action: "send",
        channel: ref("channels/webhooks"),
        summary: "Signed POSTs of the subscribed event types to the account's endpoints.",
        messages: opMessages("webhooks", webhooks),
        bindings: { http: { bindingVersion: "0.3.0", method: "POST" } },
      },
    },
    components: {
      schemas: payloadSchemas(),
      messages: {
        ...frameMessages(),
        ...STREAM_MESSAGES,
        ...webhookMessages(),
        ping: {
          name: "ping",
          summary: "Keep-alive from the client.",
          contentType: "text/plain",
          payload: { type: "string", const: "ping" },
        },
        pong: {
          name: "pong",
          summary: "Answer to `ping`.",
          contentType: "text/plain",
          payload: { type: "string", const: "pong" },
        },
      },
      securitySchemes: {
        apiKeyQuery: { type: "httpApiKey", name: "api_key", in: "query", description: "For browsers." },
        apiKeyHeader: { type: "httpApiKey", name: "X-API-Key", in: "header" },
        bearer: { type: "http", scheme: "bearer", description: "The API key as a bearer token." },
      },
    },
  };
  cached = { base: baseUrl, doc };
  return doc;
}
