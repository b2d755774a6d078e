// The crosswalk in the operator API (docs/identity.md "For operators"): the list to review, pinning a source's
// reference, merging two entities. Mounted under /internal/admin, behind its ADMIN_TOKEN check; not in the published
// document.
import { createRoute, z } from "@hono/zod-openapi";
import { IdParam } from "../core/domain/schemas";
import { identities, merge, pin } from "../core/identity/operator";
import { SourceName } from "../core/ingest/ops";
import { apiRouter, capJson, INTERNAL_RESPONSES, jsonBody } from "../http/openapi-route";
import { json } from "../http/respond";

const Kind = z.enum(["league", "team", "player", "match"]);
const ListQuery = z.object({
  kind: Kind.optional(),
  source: SourceName.optional(),
  status: z.enum(["resolved", "unresolved"]).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  after: z.string().max(500).optional(),
});
const PinBody = z.object({
  kind: Kind,
  source: SourceName,
  source_ref: z.string().min(1).max(200),
  id: IdParam,
});
const MergeBody = z.object({ kind: Kind, from: IdParam, into: IdParam });

export const adminIdentityRoutes = apiRouter();
adminIdentityRoutes.openapi(
  createRoute({
    method: "get",
    path: "/identities",
    hide: true,
    request: { query: ListQuery },
    responses: INTERNAL_RESPONSES,
  }),
  async (c) => {
    const { limit, after, ...f } = c.req.valid("query");
    return json(c, await identities(c.env, f, limit, after));
  },
);
adminIdentityRoutes.openapi(
  createRoute({
    method: "put",
    path: "/identities",
    hide: true,
    middleware: capJson(),
    request: { body: jsonBody(PinBody) },
    responses: INTERNAL_RESPONSES,
  }),
  async (c) => json(c, await pin(c.env, c.req.valid("json"))),
);
adminIdentityRoutes.openapi(
  createRoute({
    method: "post",
    path: "/identities/merge",
    hide: true,
    middleware: capJson(),
    request: { body: jsonBody(MergeBody) },
    responses: INTERNAL_RESPONSES,
  }),
  async (c) => json(c, await merge(c.env, c.req.valid("json"))),
);
