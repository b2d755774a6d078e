// A provider poller on a fake clock against a fake provider, writing through the real ingest path (Ingestor, D1,
// match rooms, webhooks). The fake's match day is today, kicking off at 12:00 UTC.
import { env } from "cloudflare:workers";
import { admin } from "../../helpers/admin";
import type { ProviderName } from "../../../src/core/sources/index";
import type { Poller } from "../../../src/core/feeds/poller";
import { pollableMappings, pollerFor } from "../../../src/core/feeds/service";
import { FakeProvider } from "../../fakes/providers";
import type { RecordedProvider } from "../../fakes/recorded";

export const TODAY = new Date().toISOString().slice(0, 10);
export const KICKOFF = Date.parse(`${TODAY}T12:00:00Z`);

export interface Harness {
  fake: FakeProvider;
  poller: Poller;
  clock: { now: number };
  store: Map<string, unknown>;
  /** A poller that starts again from the same storage (a restart of the object). */
  restart(): void;
  tick(): Promise<number>;
}

/** A poller on a plan of `quota` (default: a paid plan, 7,500 a day and 300 a minute). */
export function harness(
  provider: ProviderName,
  start = KICKOFF - 10 * 60_000,
  quota = { perDay: 7500, perMinute: 300 },
): Harness {
  const clock = { now: start };
  const fake = new FakeProvider(provider, TODAY, () => clock.now);
  const store = new Map<string, unknown>();
  const make = () =>
    pollerFor(env, provider, {
      now: () => clock.now,
      fetch: (url, init) => fake.fetch(url, init),
      // Stored as JSON, as the object's storage does: nothing shared by reference between rounds.
      store: {
        get: (k) => (store.has(k) ? structuredClone(store.get(k)) : undefined) as never,
        put: (k, v) => void store.set(k, structuredClone(v)),
      },
      mappings: () => pollableMappings(env, provider),
      timeoutMs: 300,
      quota,
    });
  const h: Harness = {
    fake,
    poller: make(),
    clock,
    store,
    restart: () => void (h.poller = make()),
    tick: () => h.poller.tick(),
  };
  return h;
}

export async function mapLeagues(
  provider: ProviderName,
  leagues: { provider_league: string; season: string; league_id: string; role?: "primary" | "standby" }[],
) {
  const res = await admin("PUT", `/feeds/${provider}/leagues`, { leagues });
  if (res.status !== 200) throw new Error(`mapping: ${res.status} ${await res.text()}`);
  return (await res.json()) as any;
}

export async function track(accountId: string, leagueIds: string[]) {
  const res = await admin("PUT", `/accounts/${accountId}/tracked-leagues`, { league_ids: leagueIds });
  if (res.status !== 200) throw new Error(`tracking: ${res.status} ${await res.text()}`);
}

/**
 * Our id for a provider's reference (the crosswalk, docs/identity.md): a provider's match is the same real match as
 * another source's in the same league, season and pairing, and then has that one's id.
 */
export async function ourId(source: string, kind: "team" | "player" | "match", ref: string | number): Promise<string> {
  const row = await env.DB.prepare("SELECT id FROM identities WHERE source = ? AND kind = ? AND ref = ?")
    .bind(source, kind, String(ref))
    .first<{ id: string }>();
  if (!row) throw new Error(`${source} ${kind} ${ref}: not in the crosswalk`);
  return row.id;
}

/**
 * A provider's poller on recorded answers (test/fixtures/real), on a clock of its own; `settle` runs rounds until one
 * makes no call (the season's list, then every detail call it calls for).
 */
export function recordedPoller(provider: ProviderName, fake: RecordedProvider) {
  const store = new Map<string, unknown>();
  const clock = { now: Date.now() };
  const p = pollerFor(env, provider, {
    now: () => clock.now,
    fetch: (url) => fake.fetch(url),
    store: {
      get: (k) => (store.has(k) ? structuredClone(store.get(k)) : undefined) as never,
      put: (k, v) => void store.set(k, structuredClone(v)),
    },
    mappings: () => pollableMappings(env, provider),
    quota: { perDay: 100_000, perMinute: 1000 },
  });
  const settle = async () => {
    for (let i = 0; i < 10; i++) {
      const before = fake.calls.length;
      clock.now += 2000;
      await p.tick();
      if (fake.calls.length === before) return;
    }
  };
  return { p, settle };
}
