// WebSocket upgrades (CONTRACT.md "WebSocket"). Everything is checked here, in the Worker, before a Durable
// Object is touched: key and scope (401), match visible to the account (404), Upgrade header (426), then the
// plan's concurrent-connection budget (429).
import { Hono, type Context } from "hono";
import { z } from "zod";
import { requireKey } from "../auth/api-key";
import { isFinished, PLAN_LIMITS } from "../domain/codes";
import { IdParam } from "../domain/schemas";
import { dbFor } from "../db/client";
import { getMatch } from "../db/queries/matches";
import type { AppEnv } from "../env";
import { ApiError, badRequest, notFound } from "../errors";
import { matchSockets } from "../live/relays";
import { hubHolder, hubShardName, roomHolder, withSocketInfo, type SocketInfo } from "../live/sockets";
import { parseInput } from "./validate";

const Since = z.object({ since: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() });

function requireUpgrade(c: Context<AppEnv>) {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError(426, "invalid_request", "this endpoint needs a WebSocket upgrade (Upgrade: websocket)", {
      upgrade: "websocket",
    });
  }
}

/** Takes a slot of the key's connection budget, then hands the upgrade to `stub`; gives the slot back on failure. */
async function admit(
  c: Context<AppEnv>,
  holder: string,
  stub: { fetch(r: Request): Promise<Response> },
  info: Pick<SocketInfo, "since" | "final" | "leagueId">,
) {
  const auth = c.get("auth");
  const limit = PLAN_LIMITS[auth.plan].websockets;
  const limiter = c.env.KEY_LIMITER.getByName(auth.keyId!);
  const leaseId = crypto.randomUUID();
  if (!(await limiter.acquire(limit, leaseId, holder))) {
    throw new ApiError(
      429,
      "rate_limited",
      `the ${auth.plan} plan allows ${limit} concurrent WebSocket connections per key`,
      {
        "retry-after": "30",
      },
    );
  }
  try {
    return await stub.fetch(
      withSocketInfo(c.req.raw, {
        ...info,
        keyId: auth.keyId!,
        accountId: auth.accountId,
        leaseId,
        entitlementVersion: auth.entitlementVersion ?? 0,
      }),
    );
  } catch (err) {
    await limiter.release(leaseId);
    throw err;
  }
}

export const wsRoutes = new Hono<AppEnv>()
  .use(requireKey("stream:websocket"))
  .get("/match/:id", async (c) => {
    const { id } = parseInput(z.object({ id: IdParam }), c.req.param());
    const match = await getMatch(dbFor(c.env.DB), undefined, id, c.get("auth").accountId);
    if (!match) throw notFound("match");
    const { since } = parseInput(Since, c.req.query());
    requireUpgrade(c);
    const info = { since: since ?? null, final: isFinished(match.status_code), leagueId: match.league_id };
    return admit(c, roomHolder(id), matchSockets(c.env, id), info);
  })
  .get("/live", async (c) => {
    if (c.req.query("since") !== undefined)
      throw badRequest("since", "only /v1/ws/match/{id} replays; reconnect per match");
    requireUpgrade(c);
    const shard = hubShardName(c.get("auth").keyId!, c.env);
    const info = { since: null, final: false, leagueId: null };
    return admit(c, hubHolder(shard), c.env.LIVE_HUB.getByName(shard), info);
  });
