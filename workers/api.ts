// Worker entry: composes the app and exports the handlers. No logic here.
import { buildApp } from "../src/app";

const app = buildApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
