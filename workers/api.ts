// The production Worker's entry (`wrangler deploy --env production`): the app, MCP, OAuth, the cron's provider
// pollers and the webhook queue, and the Durable Objects they use. No simulator, demo seed or benchmark data set:
// those are in the development and staging entry (workers/dev.ts), which adds them to this.
import { buildApp } from "../src/app";
import { handlers } from "./handlers";

export { AccountGate } from "./account-gate";
export { FeedPoller } from "./feed-poller";
export { Ingestor } from "./ingestor";
export { LiveHub } from "./live-hub";
export { MatchRelay } from "./match-relay";
export { MatchRoom } from "./match-room";
export { ReplayPlayer } from "./replay-player";
export { WebhookLane } from "./webhook-lane";

export default handlers(buildApp());
