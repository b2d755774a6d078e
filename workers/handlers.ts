// The Worker's handlers for an app and the feeds an entry adds: fetch (the app, MCP, OAuth), the cron, the queue.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { webhookQueue } from "../src/core/webhooks/consumer";
import { scheduledPoll, type ExtraFeeds } from "../src/core/feeds/scheduled";
import { makeFetch, type Handler } from "../src/entry";
import type { AppEnv } from "../src/http/app-env";

/**
 * The MCP handler (the MCP SDK, agents' wrapper and our tools) is evaluated on an isolate's first /v1/mcp request, not
 * at start-up: an isolate that serves only the read API, pages or ingest never builds it, and a new isolate starts
 * sooner (test/e2e/startup-budget.test.ts).
 */
let mcp: Promise<Handler> | undefined;
const lazyMcp: Handler = async (request, env, ctx) =>
  (await (mcp ??= import("../src/mcp/handler").then((m) => m.mcpHandler)))(request, env, ctx);

export const handlers = (app: OpenAPIHono<AppEnv>, feeds: ExtraFeeds = {}) =>
  ({
    fetch: makeFetch(app, lazyMcp),
    scheduled: (_controller, env, ctx) => ctx.waitUntil(scheduledPoll(env, feeds)),
    queue: (batch, env) => webhookQueue(batch, env),
  }) satisfies ExportedHandler<Env>;
