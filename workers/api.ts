// Worker entry: composes the app, the MCP handler and the OAuth provider; exports handlers and Durable Objects.
import { buildApp } from "../src/app";
import { webhookQueue } from "../src/core/webhooks/consumer";
import { makeFetch } from "../src/entry";
import { scheduledPoll } from "../src/core/feeds/scheduled";
import { mcpHandler } from "../src/mcp/handler";

export { AccountGate } from "./account-gate";
export { Ingestor } from "./ingestor";
export { LiveHub } from "./live-hub";
export { MatchRelay } from "./match-relay";
export { MatchRoom } from "./match-room";
export { FeedPoller } from "./feed-poller";
export { Simulator } from "./simulator";
export { WebhookLane } from "./webhook-lane";

const fetch = makeFetch(buildApp(), mcpHandler);

export default {
  fetch,
  scheduled: (_controller, env, ctx) => ctx.waitUntil(scheduledPoll(env)),
  queue: (batch, env) => webhookQueue(batch, env),
} satisfies ExportedHandler<Env>;
