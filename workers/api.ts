// Worker entry: composes the app and exports the handlers and Durable Object classes. No logic here.
import { buildApp } from "../src/app";

export { LiveHub } from "./live-hub";
export { MatchRoom } from "./match-room";
export { KeyLimiter } from "./rate-limiter";

const app = buildApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
