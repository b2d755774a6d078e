// The operator's view of the provider feeds (docs/feeds.md "Operating"): the league mapping and each feed's status.
import { ApiError, badRequest } from "../errors";
import { dbFor } from "../db/client";
import {
  feedLeaguesOf,
  healthOf,
  leagueSports,
  putFeedHealth,
  putFeedLeagues,
  type FeedLeagueRow,
  type FeedLeagueState,
} from "../db/queries/feed-leagues";
import { matchStatuses } from "../db/queries/feeds";
import { recentConflicts } from "../db/queries/identities";
import { ingestInOrder } from "../ingest/serial";
import { pollerConfig, providersOn } from "./config";
import { PROVIDERS, isProvider, type ProviderName } from "../sources/index";
import { type Mapping } from "../sources/contract";
import { Poller, type PollerDeps } from "./poller";
import { PROVIDER_ADAPTERS } from "../sources/index";

export function providerOf(name: string): ProviderName {
  if (!isProvider(name))
    throw new ApiError(404, "not_found", `no provider ${name}; providers: ${PROVIDERS.join(", ")}`);
  return name;
}

/**
 * Replaces a provider's mapping. A league that exists must be of the provider's sport; one that does not is created
 * from the provider's answer at the first poll. The poller reads the new mapping at once and fetches a newly mapped
 * league's fixtures.
 */
export async function setFeedLeagues(env: Env, provider: ProviderName, rows: FeedLeagueRow[]) {
  const sport = PROVIDER_ADAPTERS[provider].sport;
  const sports = await leagueSports(dbFor(env.DB), [...new Set(rows.map((r) => r.league_id))]);
  rows.forEach((r, i) => {
    const s = sports.get(r.league_id);
    if (s && s !== sport)
      throw badRequest(`leagues.${i}.league_id`, `${r.league_id} is a ${s} league; ${provider} feeds ${sport}`);
  });
  await putFeedLeagues(dbFor(env.DB), provider, rows);
  if (providersOn(env).includes(provider)) await env.FEED_POLLER.getByName(provider).kick(provider);
  return (await feedLeaguesOf(dbFor(env.DB), provider)).map(({ primaries: _, ...row }) => row);
}

/**
 * Every provider: whether it is on, its poller's status, its mapped leagues and how many of their matches are live;
 * and the final scores two sources disagree on (docs/identity.md "Two sources on one match").
 */
export async function feedsStatus(env: Env) {
  const on = providersOn(env);
  const conflicts = await recentConflicts(dbFor(env.DB));
  const health = await healthOf(dbFor(env.DB));
  const feeds = await Promise.all(
    PROVIDERS.map(async (p) => {
      const leagues = await feedLeaguesOf(dbFor(env.DB), p);
      const standby = standbyActive(env, leagues);
      const down = !on.includes(p) || Boolean(health.get(p)?.down);
      const status = on.includes(p) ? await env.FEED_POLLER.getByName(p).status(p) : undefined;
      return {
        provider: p,
        enabled: on.includes(p),
        last_poll_at: status?.last_poll_at ?? null,
        next_poll_at: status?.next_poll_at ?? null,
        backoff_until: status?.backoff_until ?? null,
        degraded: status?.degraded ?? "",
        quota: status?.quota ?? null,
        errors: status?.errors ?? [],
        dropped: status?.dropped ?? [],
        vanished: status?.vanished ?? [],
        day_plan: status?.day_plan ?? null,
        leagues: leagues.map((l) => ({
          provider_league: l.provider_league,
          season: l.season,
          league_id: l.league_id,
          role: l.role ?? "primary",
          // Whether this provider feeds the league now, and since when it is so (null: since it was mapped).
          active: l.role === "standby" ? standby.has(l.league_id) : !down,
          active_since:
            l.role === "standby" ? (standby.get(l.league_id) ?? null) : down ? null : (health.get(p)?.since ?? null),
          tracked: Boolean(l.tracked),
          live_matches: status?.live_matches[l.league_id] ?? 0,
        })),
        conflicts: conflicts.filter((c) => c.source === p || c.kept_source === p),
      };
    }),
  );
  return { feeds, conflicts };
}

/**
 * The mapped leagues a poller fetches: those some account tracks, and those that do not exist yet (created first). A
 * league this provider is the standby of only while its primary is down (off here, failing, or out of quota) or has
 * none (docs/identity.md "A standby provider").
 */
export async function pollableMappings(env: Env, provider: ProviderName): Promise<Mapping[]> {
  const rows = await feedLeaguesOf(dbFor(env.DB), provider);
  const active = standbyActive(env, rows);
  return rows
    .filter((r) => (r.tracked || !r.exists) && (r.role !== "standby" || active.has(r.league_id)))
    .map(({ provider_league, season, league_id }) => ({ provider_league, season, league_id }));
}

/** Of the rows this provider is the standby of, the leagues whose primary is down (or that have none), and since when. */
function standbyActive(env: Env, rows: FeedLeagueState[]): Map<string, string | null> {
  const out = new Map<string, string | null>();
  const on = providersOn(env);
  for (const r of rows) {
    if (r.role !== "standby") continue;
    const up = r.primaries.filter((p) => on.includes(p.provider as ProviderName) && !p.down);
    if (up.length === 0) out.set(r.league_id, r.primaries.map((p) => p.since).find((x) => x !== null) ?? null);
  }
  return out;
}

/** How long a poller trusts the mapping it read (a change through the admin API is applied at once: `forget`). */
export const MAPPING_TTL_MS = 30_000;

/** A poller's mapped leagues, read again after MAPPING_TTL_MS or when forgotten (the mapping changed). */
export function mappingCache(env: Env, provider: ProviderName, now: () => number) {
  let held: { at: number; rows: Mapping[] } | undefined;
  const get = async (): Promise<Mapping[]> => {
    if (held && now() - held.at < MAPPING_TTL_MS) return held.rows;
    held = { at: now(), rows: await pollableMappings(env, provider) };
    return held.rows;
  };
  return { get, forget: () => void (held = undefined) };
}

/** A provider's poller on this deployment's configuration and ingest path; `io` is the clock, network and storage. */
export function pollerFor(
  env: Env,
  provider: ProviderName,
  io: Pick<PollerDeps, "now" | "fetch" | "store"> & Partial<Pick<PollerDeps, "timeoutMs" | "quota" | "mappings">>,
): Poller {
  const p = PROVIDER_ADAPTERS[provider];
  // Without mappings of the caller's (tests), the mapped leagues this deployment polls, cached (mappingsChanged).
  const mapping = io.mappings ? undefined : mappingCache(env, provider, io.now);
  return new Poller({
    mappings: mapping?.get ?? (async () => []),
    mappingsChanged: mapping?.forget,
    provider: p,
    ...pollerConfig(env, p),
    headers: p.headers(env),
    existingLeagues: async (ids) => new Set((await leagueSports(dbFor(env.DB), ids)).keys()),
    storedStatus: (ids) => matchStatuses(dbFor(env.DB), ids),
    apply: (ops) => ingestInOrder(env, ops, undefined, undefined, false, p.name),
    health: (h) => putFeedHealth(dbFor(env.DB), provider, h.down, new Date(h.since).toISOString()),
    ...io,
  });
}
