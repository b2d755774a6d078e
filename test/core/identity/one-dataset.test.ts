// One dataset (issue 48): a provider's past season mapped onto a league whose season the history already holds adds
// no match and no team: every real match and team keeps the one id it was first served under (the history's), and the
// provider's data lands on it. Played on real recorded answers (test/fixtures/real): football-data.org's whole 2022
// World Cup and API-Football's Premier League week of 29 Aug – 4 Sep 2022, over the bundled openfootball history.
import { describe, expect, it } from "vitest";
import { named, RecordedProvider } from "../../fakes/recorded";
import { bundled, importBundled } from "../../helpers/openfootball";
import { getJson, seed } from "../../helpers/seed";
import { mapLeagues, recordedPoller as poller, track } from "../feeds/harness";

const s = await seed(["eng1"]);
const get = async (path: string) => (await getJson(path, s.key)).body;
const all = async (path: string) => {
  const out: any[] = [];
  let cursor: string | null = null;
  do {
    const page: any = await get(`${path}${cursor ? `&after=${encodeURIComponent(cursor)}` : ""}`);
    out.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
};

await importBundled(bundled(/2022\/worldcup\.json|2022-23\/en\.1\.json/));
await track(s.accountId, ["lg_fb_eng1", "lg_fb_wc"]);

describe("football-data.org's 2022 World Cup onto the history's", () => {
  const fake = new RecordedProvider("football-data", [named("wc-2022-complete-64-after-final")]);
  const { p, settle } = poller("football-data", fake);

  it("64 matches, not 128; one Argentina; one match on the day of the final, with the provider's data on it", async () => {
    const before = await all("/v1/football/matches?league_id=lg_fb_wc&limit=100");
    expect(before).toHaveLength(64);
    await mapLeagues("football-data", [{ provider_league: "WC", season: "2022", league_id: "lg_fb_wc" }]);
    await settle();
    expect(p.status().errors).toEqual([]);
    // Every one of the provider's 64 results was applied (each fetched in full once)...
    expect(new Set(fake.calls.filter((c) => /\/matches\/\d+$/.test(c))).size).toBe(64);
    const after = await all("/v1/football/matches?league_id=lg_fb_wc&limit=100");
    // ...onto the history's 64: the same ids.
    expect(after.map((m) => m.id).sort()).toEqual(before.map((m) => m.id).sort());
    const final = after.filter((m) => new Date(m.kickoff_ts * 1000).toISOString().startsWith("2022-12-18"));
    expect(final).toHaveLength(1);
    expect(final[0]).toMatchObject({ home_team: "Argentina", away_team: "France", home_score: 3, away_score: 3 });

    const argentina = new Set(
      after
        .flatMap((m) => [
          m.home_team === "Argentina" ? m.home_team_id : null,
          m.away_team === "Argentina" ? m.away_team_id : null,
        ])
        .filter(Boolean),
    );
    expect([...argentina]).toEqual(["tm_fb_nt_argentina"]);
    const team = await get("/v1/football/teams/tm_fb_nt_argentina");
    expect(team.external_ids).toEqual({ "football-data": "762", openfootball: "Argentina" });
    // No team of the provider's own: search finds one Argentina.
    const hits = (await get("/v1/football/search?q=argentina&type=team")).data;
    expect(hits).toHaveLength(1);

    const detail = await get(`/v1/football/matches/${final[0].id}`);
    expect(detail).toMatchObject({ home_penalties: 4, away_penalties: 2, status_code: 9, referee: "Szymon Marciniak" });
    expect(detail.external_ids).toEqual({ "football-data": "391944" });
    // Six goal events, each once.
    const events = (await get(`/v1/football/matches/${final[0].id}/events`)).data as any[];
    const goals = events.filter((e) => ["goal", "penalty_goal", "own_goal"].includes(e.type));
    expect(goals.map((e) => `${e.team} ${e.minute}'`)).toEqual([
      "home 23'",
      "home 36'",
      "away 80'",
      "away 81'",
      "home 108'",
      "away 118'",
    ]);
    // The recorded answer carries no timeline of its own: the history's stays (a timeline is taken from a source that
    // has one when the other has none).
    expect(goals.every((e) => e.id.startsWith(`${final[0].id}_`))).toBe(true);
    expect(goals.map((e) => e.player)).toEqual([
      "Lionel Messi",
      "Ángel Di María",
      "Kylian Mbappé",
      "Kylian Mbappé",
      "Lionel Messi",
      "Kylian Mbappé",
    ]);
  });

  it("the tables are the groups' (no knockout counted twice)", async () => {
    const table = await get("/v1/football/leagues/lg_fb_wc/standings?season=2022/23");
    expect(table.standings).toHaveLength(32);
    expect(table.standings.every((r: any) => r.played === 3)).toBe(true);
  });
});

describe("API-Football's Premier League week of 2022 onto the history's season", () => {
  const fake = new RecordedProvider("api-football", [
    named("premier-league-2022-08-29-to-09-04"),
    named("manutd-arsenal-2022-09-04-detail"),
  ]);
  const { p, settle } = poller("api-football", fake);

  it("20 matches in the week, not 40; Manchester United 3–1 Arsenal carries the provider's four goals", async () => {
    const days = ["2022-08-29", "2022-08-30", "2022-08-31", "2022-09-01", "2022-09-02", "2022-09-03", "2022-09-04"];
    const week = async () =>
      (await Promise.all(days.map((d) => all(`/v1/football/matches?league_id=lg_fb_eng1&date=${d}&limit=100`)))).flat();
    const before = await week();
    expect(before).toHaveLength(20);
    await mapLeagues("api-football", [{ provider_league: "39", season: "2022", league_id: "lg_fb_eng1" }]);
    await settle();
    expect(p.status().errors).toEqual([]);
    const after = await week();
    expect(after.map((m) => m.id).sort()).toEqual(before.map((m) => m.id).sort());
    const mu = after.find((m) => m.home_team === "Manchester United" && m.away_team === "Arsenal")!;
    expect(mu).toMatchObject({ home_score: 3, away_score: 1 });
    const events = await get(`/v1/football/matches/${mu.id}/events`);
    expect(events.data.filter((e: any) => e.type === "goal").map((e: any) => `${e.player} ${e.minute}'`)).toEqual([
      "Antony 35'",
      "B. Saka 60'",
      "M. Rashford 66'",
      "M. Rashford 75'",
    ]);
    const detail = await get(`/v1/football/matches/${mu.id}`);
    expect(detail.external_ids).toEqual({ "api-football": "868001" });
    // The season's table counts each match once: 38 games a side at most, 20 teams.
    const table = await get("/v1/football/leagues/lg_fb_eng1/standings?season=2022/23");
    expect(table.standings).toHaveLength(20);
    expect(table.standings.every((r: any) => r.played === 38)).toBe(true);
    const wolves = await get("/v1/football/teams/tm_fb_wolverhampton-wanderers");
    expect(wolves.external_ids).toMatchObject({ "api-football": "39" });
  });
});
