// Worker entry: composes the app and exports the handlers and Durable Object classes. No logic here.
import { buildApp } from "../src/app";
import { scheduledPoll } from "../src/ingest/feeds/scheduled";

export { LiveHub } from "./live-hub";
export { MatchRoom } from "./match-room";
export { KeyLimiter } from "./rate-limiter";
export { Simulator } from "./simulator";

const app = buildApp();

export default {
  fetch: app.fetch,
  scheduled: (_controller, env, ctx) => ctx.waitUntil(scheduledPoll(env)),
} satisfies ExportedHandler<Env>;
