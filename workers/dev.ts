// The development and staging entry (`npm start`, the tests, `wrangler deploy --env staging`): the production
// Worker (workers/api.ts) plus the demo — the Simulator object, the "simulator" feed the cron (re)starts, and the
// operator routes that seed the demo season or the benchmark data set (src/internal/demo.ts).
import { buildApp } from "../src/app";
import { demoAdminRoutes } from "../src/internal/demo";
import type { ExtraFeeds } from "../src/core/feeds/scheduled";
import { demoSimulator } from "../src/demo/binding";
import { handlers } from "./handlers";

export { AccountGate } from "./account-gate";
export { FeedPoller } from "./feed-poller";
export { Ingestor } from "./ingestor";
export { LiveHub } from "./live-hub";
export { MatchRelay } from "./match-relay";
export { MatchRoom } from "./match-room";
export { ReplayPlayer } from "./replay-player";
export { WebhookLane } from "./webhook-lane";
export { Simulator } from "./simulator";

/** The feeds this entry adds to the cron's: the simulator's alarm loop, (re)started every minute. */
export const demoFeeds: ExtraFeeds = {
  simulator: (env) => demoSimulator(env).start(Number(env.SIMULATOR_TICK_MS) || 2000),
};

export default handlers(buildApp({ admin: [demoAdminRoutes] }), demoFeeds);
