// Provider feeds in the operator API (docs/feeds.md "Operating"): the league mapping per provider and every feed's
// status. Mounted under /internal/admin, behind its ADMIN_TOKEN check; not in the published document.
import { createRoute, z } from "@hono/zod-openapi";
import { IdParam } from "../core/domain/schemas";
import { feedsStatus, providerOf, setFeedLeagues } from "../core/feeds/service";
import { apiRouter, capJson, INTERNAL_RESPONSES, jsonBody } from "../http/openapi-route";
import { json } from "../http/respond";

/** At most this many competition-seasons per provider. */
const MAX_MAPPED = 200;

const FeedLeague = z.object({
  provider_league: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, "the provider's league id or code (1–32 of A–Z, a–z, 0–9, _ and -)"),
  season: z.string().regex(/^\d{4}(-\d{4})?$/, "a start year (2026) or a span (2025-2026), as the provider names it"),
  league_id: IdParam,
  /** A standby is polled only while the league's primary is down (docs/identity.md "A standby provider"). */
  role: z.enum(["primary", "standby"]).default("primary"),
});
const FeedLeaguesBody = z.object({
  leagues: z
    .array(FeedLeague)
    .max(MAX_MAPPED)
    .refine(
      (ls) => new Set(ls.map((l) => `${l.provider_league}|${l.season}`)).size === ls.length,
      "each provider league and season once",
    ),
});
const ProviderPath = z.object({ provider: z.string().max(40) });

export const adminFeedRoutes = apiRouter();
adminFeedRoutes.openapi(
  createRoute({
    method: "put",
    path: "/feeds/{provider}/leagues",
    hide: true,
    middleware: capJson(),
    request: { params: ProviderPath, body: jsonBody(FeedLeaguesBody) },
    responses: INTERNAL_RESPONSES,
  }),
  async (c) => {
    const provider = providerOf(c.req.valid("param").provider);
    const rows = await setFeedLeagues(c.env, provider, c.req.valid("json").leagues);
    return json(c, {
      provider,
      leagues: rows.map((r) => ({ ...r, tracked: Boolean(r.tracked), exists: Boolean(r.exists) })),
    });
  },
);
adminFeedRoutes.openapi(
  createRoute({ method: "get", path: "/feeds", hide: true, responses: INTERNAL_RESPONSES }),
  async (c) => {
    const { feeds, conflicts } = await feedsStatus(c.env);
    return json(c, { data: feeds, conflicts });
  },
);
