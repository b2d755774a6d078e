import type { Context } from "hono";

/** JSON with the contract's exact content type. */
export const json = (c: Context, body: unknown, status: 200 | 201 = 200) =>
  c.body(JSON.stringify(body), status, { "content-type": "application/json; charset=utf-8" });
