// GET /v1/{sport}/changes: the changes feed, to keep a database in sync (docs/api.md "Changes feed"). The cursor is
// the change's id; changes are kept at least 7 days (src/core/ingest/changes.ts), an older cursor is 410.
import { createRoute } from "@hono/zod-openapi";
import type { Sport } from "../core/domain/codes";
import { ChangeList, ChangesQuery } from "../core/domain/schemas";
import { readChanges } from "../core/db/queries/changes";
import { ApiError, badRequest } from "../core/errors";
import { requireKey } from "../http/require-key";
import { apiRouter, cachedOk, KEY_SECURITY, keyedReadErrors, problem, sportTag } from "../http/openapi-route";
import { json } from "../http/respond";

const CURSOR = /^(0|[1-9]\d{0,15})$/;

export function changeRoutes(sport: Sport) {
  const r = apiRouter();
  r.use(requireKey("read:matches"));
  const route = createRoute({
    method: "get",
    path: "/",
    operationId: `listChanges${sportTag(sport)}`,
    summary: "Changes of the tracked leagues' matches, in commit order, from a cursor",
    description:
      "Requires scope `read:matches`. Poll with the previous `next_cursor` as `since`; re-read each change's `parts`. Changes are kept at least 7 days.",
    tags: [sportTag(sport)],
    security: KEY_SECURITY,
    request: { query: ChangesQuery },
    responses: {
      ...cachedOk(ChangeList),
      ...keyedReadErrors(),
      410: problem(
        "cursor_expired: the cursor is older than the changes kept (7 days); read in full, then `since=now`.",
      ),
    },
  });
  r.openapi(route, async (c) => {
    const { since, limit } = c.req.valid("query");
    const now = since === "now";
    if (since && !now && !CURSOR.test(since)) throw badRequest("since", "not a cursor returned by this endpoint");
    const cursor = since && !now ? Number(since) : 0;
    const page = await readChanges(c.get("db"), sport, c.get("leagues"), now ? Number.MAX_SAFE_INTEGER : cursor, limit);
    if (now) return json(c, { data: [], next_cursor: String(page.newest ?? 0) });
    // Ids are consecutive and trimming removes the oldest: a cursor before the row preceding the oldest kept one
    // missed changes that are gone.
    if (since && page.oldest !== null && cursor < page.oldest - 1)
      throw new ApiError(410, "cursor_expired", "invalid `since`: older than the changes kept (7 days)");
    if (since && page.newest !== null && cursor > page.newest)
      throw badRequest("since", "not a cursor returned by this endpoint");
    const data = page.items.map((i) => ({
      match_id: i.match_id,
      league_id: i.league_id,
      seq: i.seq,
      parts: JSON.parse(i.parts) as string[],
      at: i.at,
    }));
    const last = page.items.at(-1);
    return json(c, { data, next_cursor: String(last ? last.id : cursor) });
  });
  return r;
}
