// The feed operator API (docs/feeds.md "Mapping leagues", "Operating"): the mapping is validated and names the
// parameter it refuses; the status lists every provider.
import { describe, expect, it } from "vitest";
import { admin } from "../helpers/admin";
import { seed } from "../helpers/seed";

await seed(["eng1", "euroleague"]);
const put = (provider: string, leagues: unknown, token?: string) =>
  admin("PUT", `/feeds/${provider}/leagues`, { leagues }, token);
const row = (over: Record<string, unknown> = {}) => ({
  provider_league: "39",
  season: "2026",
  league_id: "lg_fb_eng1",
  ...over,
});

describe("PUT /internal/admin/feeds/{provider}/leagues", () => {
  it("needs the admin token", async () => {
    expect((await put("api-football", [row()], "nope")).status).toBe(401);
  });

  it("replaces the provider's mapping and says which leagues are tracked and exist", async () => {
    await put("api-football", [row({ provider_league: "140", league_id: "lg_fb_other" })]);
    const res = await put("api-football", [row(), row({ provider_league: "2", league_id: "lg_fb_new_cup" })]);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.leagues).toEqual([
      { provider_league: "39", season: "2026", league_id: "lg_fb_eng1", role: "primary", tracked: true, exists: true },
      {
        provider_league: "2",
        season: "2026",
        league_id: "lg_fb_new_cup",
        role: "primary",
        tracked: false,
        exists: false,
      },
    ]);
  });

  it.each([
    ["an unknown provider", "sportmonks", [row()], 404, "no provider sportmonks"],
    ["a league of the other sport", "api-basketball", [row({ provider_league: "12" })], 400, "`leagues.0.league_id`"],
    ["a bad season", "api-football", [row({ season: "26" })], 400, "leagues.0.season"],
    ["a bad provider league", "api-football", [row({ provider_league: "3 9" })], 400, "leagues.0.provider_league"],
    ["a league id that is not an id", "api-football", [row({ league_id: "a b" })], 400, "leagues.0.league_id"],
    ["the same provider league twice", "api-football", [row(), row()], 400, "leagues"],
  ])("refuses %s", async (_, provider, leagues, status, says) => {
    const before = (await (await admin("GET", "/feeds")).json()) as any;
    const res = await put(provider, leagues);
    expect(res.status).toBe(status);
    expect(((await res.json()) as any).detail).toContain(says);
    // Nothing written.
    expect(await (await admin("GET", "/feeds")).json()).toEqual(before);
  });
});

describe("GET /internal/admin/feeds", () => {
  it("lists every provider, on or off, with its mapped leagues", async () => {
    const body = (await (await admin("GET", "/feeds")).json()) as any;
    expect(body.data.map((p: any) => [p.provider, p.enabled])).toEqual([
      ["api-football", false],
      ["api-basketball", false],
      ["football-data", false],
    ]);
    expect(body.data[0].leagues.map((l: any) => l.league_id)).toEqual(["lg_fb_eng1", "lg_fb_new_cup"]);
    expect(body.data[0].quota).toBeNull();
  });
});
