// The registry of data sources (docs/feeds.md "Sources"): one line per source. The poller, the crosswalk and ingest
// find a source here by name; nothing else lists them. Adding a provider: its folder (adapter, README), one line
// here, its variables in wrangler.toml, its row in docs/feeds.md's table of providers.
import type { Provider, Source } from "./contract";
import { apiBasketball } from "./api-basketball/adapter";
import { apiFootball } from "./api-football/adapter";
import { footballData } from "./football-data/adapter";
import { httpSource } from "./http/adapter";
import { openfootball } from "./openfootball/source";

/** The providers the poller polls, one FeedPoller object each. */
const PROVIDER_LIST = [apiFootball, apiBasketball, footballData] as const;

/** Every source: the providers, the `http` feed, the openfootball history. (The simulator is the demo's: src/demo.) */
export const SOURCES: readonly Source[] = [...PROVIDER_LIST, httpSource, openfootball];

export type ProviderName = (typeof PROVIDER_LIST)[number]["name"];
export const PROVIDERS: readonly ProviderName[] = PROVIDER_LIST.map((p) => p.name);
export const isProvider = (s: string): s is ProviderName => (PROVIDERS as readonly string[]).includes(s);
export const PROVIDER_ADAPTERS = Object.fromEntries(PROVIDER_LIST.map((p) => [p.name, p])) as {
  [N in ProviderName]: Provider<N>;
};

/** The source of that name, if this deployment knows it (a feed posting to /internal/ingest may be any other). */
export const sourceNamed = (name: string | null | undefined): Source | undefined =>
  name ? SOURCES.find((s) => s.name === name) : undefined;
