// A standby provider (issue 48, docs/identity.md "A standby provider"): two providers on one league, API-Football
// primary and football-data.org standby. The standby calls nothing while the primary answers; once the primary fails
// three calls in a row it polls, feeding the same match ids (the same real matches: one id each); the feed status
// says which is active and since when; when the primary answers again the standby stops.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ProviderName } from "../../../src/core/sources/index";
import { feedsStatus, pollableMappings, pollerFor } from "../../../src/core/feeds/service";
import { FakeProvider } from "../../fakes/providers";
import { getJson, seed } from "../../helpers/seed";
import { KICKOFF, mapLeagues, TODAY } from "../feeds/harness";

const s = await seed(["eng1"]);
// Both providers are on here (the test configuration runs only the simulator).
const on = { ...env, FEEDS: "simulator,api-football,football-data" } as unknown as Env;
const clock = { now: KICKOFF - 10 * 60_000 };

function poller(provider: ProviderName) {
  const fake = new FakeProvider(provider, TODAY, () => clock.now);
  const store = new Map<string, unknown>();
  const p = pollerFor(on, provider, {
    now: () => clock.now,
    fetch: (url, init) => fake.fetch(url, init),
    store: {
      get: (k) => (store.has(k) ? structuredClone(store.get(k)) : undefined) as never,
      put: (k, v) => void store.set(k, structuredClone(v)),
    },
    mappings: () => pollableMappings(on, provider),
    timeoutMs: 300,
    quota: { perDay: 7500, perMinute: 300 },
  });
  return { fake, p };
}

const ids = async () =>
  ((await getJson(`/v1/football/matches?league_id=lg_fb_eng1&date=${TODAY}&limit=100`, s.key)).body.data as any[])
    .filter((m) => !m.simulated)
    .map((m) => m.id)
    .sort();
// The operator's feed status (GET /internal/admin/feeds) as this configuration computes it.
const row = async (provider: string) =>
  ((await feedsStatus(on)).feeds as any[])
    .find((f) => f.provider === provider)
    .leagues.find((l: any) => l.league_id === "lg_fb_eng1");

describe("football-data.org standing by for API-Football", () => {
  const primary = poller("api-football");
  const standby = poller("football-data");

  it("calls nothing while the primary answers", async () => {
    await mapLeagues("api-football", [{ provider_league: "39", season: "2026", league_id: "lg_fb_eng1" }]);
    await mapLeagues("football-data", [
      { provider_league: "PL", season: "2026", league_id: "lg_fb_eng1", role: "standby" },
    ]);
    await primary.p.tick();
    await standby.p.tick();
    expect(primary.fake.calls.length).toBeGreaterThan(0);
    expect(standby.fake.calls).toEqual([]);
    expect(await row("football-data")).toMatchObject({ role: "standby", active: false });
    expect(await row("api-football")).toMatchObject({ role: "primary", active: true });
  });

  it("polls once the primary has failed three calls in a row, feeding the same ids; the status says since when", async () => {
    const before = await ids();
    expect(before.length).toBeGreaterThan(0);
    primary.fake.faults = ["500", "500", "500"];
    for (let i = 0; i < 3; i++) {
      clock.now += 16 * 60_000;
      await primary.p.tick();
    }
    expect(primary.p.status().errors[0]!.count).toBe(3);
    await standby.p.tick();
    expect(standby.fake.calls.length).toBeGreaterThan(0);
    expect(await ids()).toEqual(before);
    const active = await row("football-data");
    expect(active).toMatchObject({ role: "standby", active: true });
    // Down since the third failure, the round just before.
    expect(Date.parse(active.active_since)).toBe(clock.now);
    expect(await row("api-football")).toMatchObject({ active: false });
  });

  it("stops when the primary answers again", async () => {
    clock.now += 16 * 60_000;
    await primary.p.tick();
    expect(primary.p.status().backoff_until).toBeNull();
    const calls = standby.fake.calls.length;
    clock.now += 60_000;
    await standby.p.tick();
    expect(standby.fake.calls.length).toBe(calls);
    expect(await row("football-data")).toMatchObject({ active: false });
    expect(await row("api-football")).toMatchObject({ active: true });
  });
});
