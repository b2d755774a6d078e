// How every /v1 answer is finished, defined once for the app's path (the middleware below) and the warm read's
// (src/api/warm-read.ts): the CORS headers (reads only; ./cors.ts), the REST budget's rate headers (errors
// included), `Cache-Control` on a GET (data is per account: private caches only, always revalidated; the ETag makes
// that cheap) and the request id. The app's preflight is answered here too, before any key check. Outside the ETag
// step, so a 304 it builds is finished like any answer.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env";
import { CORS_RESPONSE_HEADERS, noCors, preflight } from "./cors";
import { READ_CACHE_CONTROL, setResponseHeaders } from "./respond";

/** The headers a /v1 answer finishes with. */
export function v1AnswerHeaders(a: {
  method: string;
  path: string;
  requestId: string;
  rate?: Record<string, string>;
}): [string, string][] {
  const out: [string, string][] = [];
  if ((a.method === "GET" || a.method === "HEAD") && !noCors(a.path)) out.push(...CORS_RESPONSE_HEADERS);
  if (a.rate) out.push(...Object.entries(a.rate));
  if (a.method === "GET") out.push(READ_CACHE_CONTROL);
  out.push(["x-request-id", a.requestId]);
  return out;
}

export const finishV1 = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === "OPTIONS") return preflight(c.req.path, c.get("requestId"));
  await next();
  setResponseHeaders(
    c,
    v1AnswerHeaders({ method: c.req.method, path: c.req.path, requestId: c.get("requestId"), rate: c.get("rate") }),
  );
});
