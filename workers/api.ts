// Worker entry: composes the app, the MCP handler and the OAuth provider; exports handlers and Durable Objects.
import { buildApp } from "../src/app";
import { webhookQueue } from "../src/core/webhooks/consumer";
import { makeFetch, type Handler } from "../src/entry";
import { scheduledPoll } from "../src/core/feeds/scheduled";

export { AccountGate } from "./account-gate";
export { Ingestor } from "./ingestor";
export { LiveHub } from "./live-hub";
export { MatchRelay } from "./match-relay";
export { MatchRoom } from "./match-room";
export { FeedPoller } from "./feed-poller";
export { Simulator } from "./simulator";
export { WebhookLane } from "./webhook-lane";

/**
 * The MCP handler (the MCP SDK, agents' wrapper and our tools) is evaluated on an isolate's first /v1/mcp request, not
 * at start-up: an isolate that serves only the read API, pages or ingest never builds it, and a new isolate starts
 * sooner (test/e2e/startup-budget.test.ts).
 */
let mcp: Promise<Handler> | undefined;
const lazyMcp: Handler = async (request, env, ctx) =>
  (await (mcp ??= import("../src/mcp/handler").then((m) => m.mcpHandler)))(request, env, ctx);

const fetch = makeFetch(buildApp(), lazyMcp);

export default {
  fetch,
  scheduled: (_controller, env, ctx) => ctx.waitUntil(scheduledPoll(env)),
  queue: (batch, env) => webhookQueue(batch, env),
} satisfies ExportedHandler<Env>;
