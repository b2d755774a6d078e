import type { Context, TypedResponse } from "hono";

type Answer<T, S extends 200 | 201 | 202> = Response & TypedResponse<T, S, "json">;

/** JSON with the contract's exact content type, typed as the body and status a documented route declares. */
export function json<T>(c: Context, body: T): Answer<T, 200>;
export function json<T, S extends 201 | 202>(c: Context, body: T, status: S): Answer<T, S>;
export function json<T>(c: Context, body: T, status: 200 | 201 | 202 = 200): Answer<T, 200 | 201 | 202> {
  const res = c.body(JSON.stringify(body), status, { "content-type": "application/json; charset=utf-8" });
  return res as unknown as Answer<T, 200>;
}
