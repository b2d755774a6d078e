// Replays (docs/replays.md): create, list and stop, for the REST routes (src/api/replays.ts). A replay is a new
// match in the account's private replay league (src/core/db/queries/visibility.ts), played by its own scheduler
// (./player.ts, in the ReplayPlayer object) through ingest; this file checks what may be replayed, holds the plan's
// limit, and hands the plan (./plan.ts) to the scheduler.
import { z } from "@hono/zod-openapi";
import { isFinished, PLAN_LIMITS, type Plan } from "../domain/codes";
import { IdParam } from "../domain/schemas";
import { base62 } from "../auth/keys";
import { primaryDb } from "../db/client";
import { getEvents } from "../db/queries/enrichments";
import { deleteReplay, getReplay, insertReplayWithinLimit, listReplays, type ReplayRow } from "../db/queries/replays";
import { replayLeagueId, trackedParam } from "../db/queries/visibility";
import { ApiError, notFound } from "../errors";
import { replayPlan, type SourceEvent } from "./plan";

export const SPEED = { min: 1, max: 600, fallback: 60 } as const;
/** The most replays GET /v1/replays lists (an account's replays live 24 h after they end: a plan's limit many times over). */
export const LIST_LIMIT = 100;

export const ReplayRequest = z
  .object({
    match_id: IdParam.describe("A finished match with a timeline, of a league the account tracks."),
    speed: z
      .number()
      .int()
      .min(SPEED.min)
      .max(SPEED.max)
      .default(SPEED.fallback)
      .describe(
        `How many times faster than real time, ${SPEED.min}–${SPEED.max} (default ${SPEED.fallback}): each event comes ` +
          "at kickoff + its minute × 60 / speed seconds. At 600 a 90-minute match plays in 9 s.",
      ),
  })
  .strict()
  .openapi("ReplayRequest", { example: { match_id: "m_wc_2022_final", speed: 600 } });
export type ReplayRequest = z.infer<typeof ReplayRequest>;

export const Replay = z
  .object({
    id: z.string(),
    match_id: z
      .string()
      .describe("The replay's own match: read it, stream it (`?since=0`), get its webhooks, like any match."),
    source_match_id: z.string().describe("The finished match it plays again."),
    speed: z.number().int(),
    status: z.enum(["playing", "finished", "stopped"]),
    starts_at: z.string().describe("Kickoff of the replay, RFC 3339 UTC."),
    ended_at: z
      .string()
      .nullable()
      .describe("When it finished or was stopped; it is deleted with its match 24 h later."),
  })
  .openapi("Replay", {
    example: {
      id: "rp_4gQ2xV9hTz1mKc7LwP0s3a",
      match_id: "rpm_4gQ2xV9hTz1mKc7LwP0s3a",
      source_match_id: "m_wc_2022_final",
      speed: 600,
      status: "playing",
      starts_at: "2026-11-28T12:00:00.000Z",
      ended_at: null,
    },
  });
export type Replay = z.infer<typeof Replay>;

const toReplay = (r: ReplayRow): Replay => ({
  id: r.id,
  match_id: r.match_id,
  source_match_id: r.source_match_id,
  speed: r.speed,
  status: r.status,
  starts_at: r.starts_at,
  ended_at: r.ended_at,
});

/** Replays are for testing: a deployment that mints `sk_live_` keys (production) refuses them. */
export const replaysAllowed = (env: Pick<Env, "ENVIRONMENT">) => env.ENVIRONMENT !== "production";

/**
 * Creates a replay of `req.match_id` for the principal's account and starts it: its kickoff is sent before this
 * answers, so the match can be read and streamed (`?since=0`) at once.
 */
export async function createReplay(
  env: Env,
  p: { accountId: string; plan: Plan; tracked: string },
  req: ReplayRequest,
): Promise<Replay> {
  if (!replaysAllowed(env)) {
    throw new ApiError(
      403,
      "test_only",
      "replays are for test keys (`sk_test_`): this deployment's keys are live ones",
    );
  }
  const db = primaryDb(env.DB);
  const found = await getEvents(db, undefined, req.match_id, trackedParam(p.tracked));
  if (!found.match) throw notFound("match");
  const source = found.match;
  if (!isFinished(source.status_code)) {
    throw new ApiError(
      409,
      "not_finished",
      `match ${source.id} has not finished: only a finished match can be replayed`,
    );
  }
  const events = (found.data ?? []) as SourceEvent[];
  if (events.length === 0) {
    throw new ApiError(
      422,
      "no_timeline",
      `match ${source.id} has no timeline to replay (its source gave only the result)`,
    );
  }
  const token = base62(crypto.getRandomValues(new Uint8Array(16)), 22);
  const kickoffMs = Date.now();
  const row: ReplayRow = {
    id: `rp_${token}`,
    account_id: p.accountId,
    match_id: `rpm_${token}`,
    source_match_id: source.id,
    sport: source.sport,
    speed: req.speed,
    status: "playing",
    starts_at: new Date(kickoffMs).toISOString(),
    ended_at: null,
    created_at: new Date(kickoffMs).toISOString(),
  };
  const plan = planOf(p.accountId, row, source, events, kickoffMs);
  if (!(await insertReplayWithinLimit(db, row, PLAN_LIMITS[p.plan].replays))) {
    throw new ApiError(
      429,
      "replay_limit",
      `the ${p.plan} plan allows ${PLAN_LIMITS[p.plan].replays} replay(s) playing at once: wait for one to finish or stop one (DELETE /v1/replays/{id})`,
    );
  }
  try {
    await env.REPLAY_PLAYER.getByName(row.id).start(row.id, kickoffMs, plan);
  } catch (err) {
    await deleteReplay(db, row.id);
    throw err;
  }
  return toReplay(row);
}

/** The plan, its first step led by the account's replay league (created or renamed to the replayed season). */
function planOf(
  accountId: string,
  row: ReplayRow,
  source: NonNullable<Awaited<ReturnType<typeof getEvents>>["match"]>,
  events: SourceEvent[],
  kickoffMs: number,
) {
  const leagueId = replayLeagueId(source.sport, accountId);
  const steps = replayPlan(
    {
      sport: source.sport,
      status_code: source.status_code,
      round: source.round,
      home_team_id: source.home_team_id,
      away_team_id: source.away_team_id,
      home_score: source.home_score ?? 0,
      away_score: source.away_score ?? 0,
      ht_home_score: source.ht_home_score,
      ht_away_score: source.ht_away_score,
      home_penalties: source.home_penalties,
      away_penalties: source.away_penalties,
      venue: source.venue,
    },
    events,
    { matchId: row.match_id, leagueId, season: source.season, kickoffMs, speed: row.speed },
  );
  steps[0]!.ops.unshift({
    op: "league",
    id: leagueId,
    sport: source.sport,
    country: "Replays",
    name: "Your replays",
    season: source.season,
  });
  return steps;
}

export async function listAccountReplays(env: Env, accountId: string): Promise<Replay[]> {
  return (await listReplays(primaryDb(env.DB), accountId, LIST_LIMIT)).map(toReplay);
}

/** Stops the account's replay: no message after this answers. 404 for another account's or an unknown one. */
export async function stopReplay(env: Env, accountId: string, id: string): Promise<void> {
  const row = await getReplay(primaryDb(env.DB), accountId, id);
  if (!row) throw notFound("replay");
  if (row.status === "playing") await env.REPLAY_PLAYER.getByName(row.id).stop();
}
