import type { Context, TypedResponse } from "hono";

type Answer<T, S extends 200 | 201 | 202> = Response & TypedResponse<T, S, "json">;

/** JSON with the contract's exact content type, typed as the body and status a documented route declares. */
export function json<T>(c: Context, body: T): Answer<T, 200>;
export function json<T, S extends 201 | 202>(c: Context, body: T, status: S): Answer<T, S>;
export function json<T>(c: Context, body: T, status: 200 | 201 | 202 = 200): Answer<T, 200 | 201 | 202> {
  const res = c.body(JSON.stringify(body), status, { "content-type": "application/json; charset=utf-8" });
  return res as unknown as Answer<T, 200>;
}

/** Every /v1 GET: data is per account (tracked leagues), so private caches only, always revalidated (ETag). */
export const READ_CACHE_CONTROL: [string, string] = ["cache-control", "private, no-cache"];

/**
 * Sets headers on the finished response. Hono's `c.header` copies the whole Response for each header once a handler
 * has answered; a Response built here has mutable headers, so they are set in place (one copy only for a response
 * whose headers are immutable, e.g. one passed through from a Durable Object).
 */
export function setResponseHeaders(c: Context, headers: Iterable<[string, string]>) {
  const list = [...headers];
  try {
    for (const [k, v] of list) c.res.headers.set(k, v);
  } catch {
    for (const [k, v] of list) c.header(k, v);
  }
}
