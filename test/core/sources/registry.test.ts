// The registry of sources (src/core/sources/index.ts) is the one list (docs/feeds.md "Sources"): names and id prefixes
// are unique; every provider's configuration names are in wrangler.toml for every environment (its secrets in
// .dev.vars.example); docs/feeds.md's table of sources has one row per source, with its id prefix; and the crosswalk,
// the poller's configuration and the ranks are read from it.
import { describe, expect, it } from "vitest";
import devVars from "../../../.dev.vars.example?raw";
import feedsDoc from "../../../docs/feeds.md?raw";
import wrangler from "../../../wrangler.toml?raw";
import { pollerConfig } from "../../../src/core/feeds/config";
import { rankOf } from "../../../src/core/identity/rules";
import { refOf } from "../../../src/core/identity/refs";
import { PROVIDER_ADAPTERS, PROVIDERS, SOURCES, sourceNamed } from "../../../src/core/sources";
import { simulatorFeed } from "../../../src/demo/simulator";

const ENVIRONMENTS = ["vars", "env.staging.vars", "env.production.vars"];
/** The `NAME = ` lines of one `[table]` of wrangler.toml. */
const tableVars = (table: string) => {
  const start = wrangler.indexOf(`\n[${table}]\n`);
  expect(start, `wrangler.toml has [${table}]`).toBeGreaterThan(-1);
  const body = wrangler.slice(start + table.length + 4).split(/\n\[/)[0]!;
  return new Set([...body.matchAll(/^([A-Z0-9_]+) = /gm)].map((m) => m[1]!));
};

describe("the registry of sources", () => {
  it("names each source once and gives each id prefix to one source", () => {
    const names = SOURCES.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    const prefixes = SOURCES.flatMap((s) => (s.idPrefix ? [s.idPrefix] : []));
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(PROVIDERS).toEqual(["api-football", "api-basketball", "football-data"]);
    for (const s of SOURCES) expect(s.name).toMatch(/^[a-z0-9-]+$/);
  });

  it("every provider's variables are set in every environment of wrangler.toml, its secrets in .dev.vars.example", () => {
    for (const p of Object.values(PROVIDER_ADAPTERS)) {
      for (const table of ENVIRONMENTS) {
        const vars = tableVars(table);
        for (const v of p.config.vars) expect(vars.has(v), `${p.name}: ${v} in [${table}]`).toBe(true);
      }
      expect([p.baseVar, p.quotaVars.perDay, p.quotaVars.perMinute].every((v) => p.config.vars.includes(v))).toBe(true);
      for (const secret of p.config.secrets)
        expect(devVars, `${p.name}: ${secret}`).toMatch(new RegExp(`^${secret}=`, "m"));
    }
  });

  it("docs/feeds.md's table of sources has one row per source, with its id prefix", () => {
    const rows = feedsDoc.split("\n").filter((l) => /^\| `[a-z0-9-]+` +\|/.test(l));
    const documented = new Map(rows.map((r) => [r.match(/^\| `([a-z0-9-]+)`/)![1]!, r]));
    for (const s of [...SOURCES, simulatorFeed]) {
      expect(documented.has(s.name), `docs/feeds.md lists ${s.name}`).toBe(true);
      if (s.idPrefix) expect(documented.get(s.name)).toContain(`| \`${s.idPrefix}\``);
    }
  });

  it("the poller's configuration, the crosswalk's references and the ranks come from the descriptors", () => {
    const p = PROVIDER_ADAPTERS["football-data"];
    const env = {
      [p.baseVar]: "http://127.0.0.1:9/v4/",
      [p.quotaVars.perMinute]: "30",
      FEED_LIVE_INTERVAL_S: "",
    } as unknown as Env;
    expect(pollerConfig(env, p)).toMatchObject({
      base: "http://127.0.0.1:9/v4",
      quota: { perDay: p.defaultQuota.perDay, perMinute: 30 },
    });
    expect(refOf("api-football", "match", "m_af_868001")).toBe("868001");
    expect(refOf("api-basketball", "team", "tm_ab_145")).toBe("145");
    // A source without an id prefix sends its own references.
    expect(refOf("openfootball", "match", "m_fb_eng1_x")).toBe("m_fb_eng1_x");
    expect(rankOf("openfootball")).toBeLessThan(rankOf("api-football"));
    expect(rankOf("my-own-feed")).toBe(rankOf("api-football"));
    expect(sourceNamed("http")?.config.vars).toEqual(["FEED_URL"]);
  });
});
