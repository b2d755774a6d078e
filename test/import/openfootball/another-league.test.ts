// Any openfootball league imports (docs/data.md "Import another league"): a competition the service does not know
// becomes a league from the file's path and name, and club names the alias table does not have go to the crosswalk
// (docs/identity.md "Resolution"), which makes new teams (marked `unresolved` where a similar one exists); the import
// goes on and says what it made. The Eredivisie files are written for this test (test/fixtures/openfootball): four
// real clubs, invented results; 2016-17 is in openfootball's older layout (`rounds`, `score1`, team objects).
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { convertFile } from "../../../src/import/openfootball/convert";
import { summary } from "../../../src/import/cli";
import { httpTarget, importFiles, type ImportFile } from "../../../src/import/run";
import { admin, createKey } from "../../helpers/admin";
import { bundled, IMPORT_NOW } from "../../helpers/openfootball";
import { getJson } from "../../helpers/seed";
import { TEST_SECRETS } from "../../secrets";

const texts = import.meta.glob("../../fixtures/openfootball/**/*.json", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;
/** A fixture as the importer reads it, by its path under test/fixtures/openfootball ("football.json/2015-16/nl.1.json"). */
const fixture = (path: string): ImportFile => {
  const key = Object.keys(texts).find((k) => k.endsWith(`/openfootball/${path}`))!;
  return { path: `test/fixtures/openfootball/${path}`, text: texts[key]! };
};
const fetcher = ((input: RequestInfo | URL, init?: RequestInit) =>
  exports.default.fetch(new Request(input, init))) as typeof fetch;
/** This Worker's ingest route and ledger, with the admin token: the report says what the crosswalk made. */
const target = () => httpTarget("http://127.0.0.1:8787", TEST_SECRETS.INGEST_TOKEN, fetcher, TEST_SECRETS.ADMIN_TOKEN);
const one = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();

/** A key of an account tracking the new league (which must exist first). */
async function keyFor(leagueId: string) {
  const acc = (await (await admin("POST", "/accounts", { email: "dutch@example.com", plan: "growth" })).json()) as {
    id: string;
  };
  expect((await admin("PUT", `/accounts/${acc.id}/tracked-leagues`, { league_ids: [leagueId] })).status).toBe(200);
  return (await createKey(acc.id)).key;
}

describe("another league: an Eredivisie season", () => {
  it("converts with a league made from its path and name, and its teams; no alias table entry needed", () => {
    const f = fixture("football.json/2015-16/nl.1.json");
    const c = convertFile(f.path, JSON.parse(f.text), IMPORT_NOW, f.text);
    expect(c.ops[0]).toEqual({
      op: "league",
      id: "lg_fb_ned1",
      sport: "football",
      country: "Netherlands",
      name: "Eredivisie",
      season: "2015/16",
      logo_url: null,
      format: "league",
    });
    expect(c.report.league).toEqual({
      id: "lg_fb_ned1",
      name: "Eredivisie",
      country: "Netherlands",
      format: "league",
      zone: "Europe/Amsterdam",
    });
    // Clubs of a country whose clubs the alias table does not cover go to the deployment's crosswalk, which compares
    // names within the country; their ids are made from the country's FIFA code and their folded names.
    expect(c.report.names).toEqual([
      { name: "AFC Ajax", id: "tm_fb_ned_ajax", via: "crosswalk" },
      { name: "FC Utrecht", id: "tm_fb_ned_utrecht", via: "crosswalk" },
      { name: "Feyenoord", id: "tm_fb_ned_feyenoord", via: "crosswalk" },
      { name: "PSV", id: "tm_fb_ned_psv", via: "crosswalk" },
    ]);
    expect(c.ops.filter((o) => o.op === "team").map((o) => [o.id, o.name, o.country])).toEqual([
      ["tm_fb_ned_psv", "PSV", "Netherlands"],
      ["tm_fb_ned_utrecht", "FC Utrecht", "Netherlands"],
      ["tm_fb_ned_ajax", "AFC Ajax", "Netherlands"],
      ["tm_fb_ned_feyenoord", "Feyenoord", "Netherlands"],
    ]);
    // Local time in Amsterdam (CEST): 2015-08-08 20:45 is 18:45 UTC.
    expect(c.ops.find((o) => o.op === "match" && o.home_team_id === "tm_fb_ned_psv")).toMatchObject({
      id: expect.stringMatching(/^m_of_ned1_2015_[0-9a-f]{8}$/),
      away_team_id: "tm_fb_ned_utrecht",
      home_score: 3,
      away_score: 2,
      ht_home_score: 1,
      status_code: 3,
      round: "Matchday 1",
      kickoff_ts: Date.UTC(2015, 7, 8, 18, 45) / 1000,
    });
  });

  it("imports: a new league with its season's table, new teams and known ones; the report says which", async () => {
    // The Champions League 2024/25 first: PSV and Feyenoord are its Dutch clubs ("PSV (NED)", "Feyenoord Rotterdam
    // (NED)"), so the crosswalk finds them in the Netherlands.
    await importFiles(bundled(/2024-25\/uefa\.cl/), target(), { now: IMPORT_NOW });
    const report = await importFiles([fixture("football.json/2015-16/nl.1.json")], target(), { now: IMPORT_NOW });
    expect(report.files).toHaveLength(1);
    expect(report.files[0]).toMatchObject({ source: "football.json/2015-16/nl.1.json", matches: 6, skipped: [] });
    const source = "football.json/2015-16/nl.1.json";
    expect(report.teams).toEqual([
      { source, name: "AFC Ajax", id: "tm_fb_ned_ajax", outcome: "new" },
      { source, name: "FC Utrecht", id: "tm_fb_ned_utrecht", outcome: "new" },
      { source, name: "Feyenoord", id: "tm_fb_feyenoord", outcome: "existing" },
      { source, name: "PSV", id: "tm_fb_psv", outcome: "existing" },
    ]);
    const text = summary(report, 1);
    expect(text).toMatch(/^imported 1 file\(s\) in 1\.0 s: 6 matches/);
    expect(text).toContain(
      'new league: lg_fb_ned1 "Eredivisie" (Netherlands, league, local times in Europe/Amsterdam), from football.json/2015-16/nl.1.json',
    );
    expect(text).toContain('  football.json/2015-16/nl.1.json: "AFC Ajax" → tm_fb_ned_ajax: a new team');
    expect(text).toContain('  football.json/2015-16/nl.1.json: "PSV" → tm_fb_psv: an existing team');

    expect(await one("SELECT id, name, country, season, format FROM leagues WHERE id = 'lg_fb_ned1'")).toEqual({
      id: "lg_fb_ned1",
      name: "Eredivisie",
      country: "Netherlands",
      season: "2015/16",
      format: "league",
    });
    expect(await one("SELECT name, country FROM teams WHERE id = 'tm_fb_ned_ajax'")).toEqual({
      name: "AFC Ajax",
      country: "Netherlands",
    });
    // The league over the API, and its table from the six results: Ajax 7, PSV 5, Feyenoord 4, Utrecht 0.
    const key = await keyFor("lg_fb_ned1");
    const leagues = await getJson("/v1/football/leagues", key);
    expect(leagues.status).toBe(200);
    expect(leagues.body.data).toHaveLength(1);
    expect(leagues.body.data[0]).toMatchObject({
      id: "lg_fb_ned1",
      name: "Eredivisie",
      country: "Netherlands",
      simulated: false,
    });
    const table = await getJson("/v1/football/leagues/lg_fb_ned1/standings?season=2015/16", key);
    expect(table.status).toBe(200);
    expect(
      (table.body.standings as { team_id: string; points: number; played: number }[]).map((r) => [
        r.team_id,
        r.points,
        r.played,
      ]),
    ).toEqual([
      ["tm_fb_ned_ajax", 7, 3],
      ["tm_fb_psv", 5, 3],
      ["tm_fb_feyenoord", 4, 3],
      ["tm_fb_ned_utrecht", 0, 3],
    ]);
    // The crosswalk has the history's references of the new teams.
    const rows = (await (await admin("GET", "/identities?kind=team&source=openfootball&limit=500")).json()) as {
      data: { source_ref: string; id: string; status: string }[];
    };
    expect(rows.data).toContainEqual(
      expect.objectContaining({ source_ref: "tm_fb_ned_ajax", id: "tm_fb_ned_ajax", status: "resolved" }),
    );
    expect(rows.data).toContainEqual(
      expect.objectContaining({ source_ref: "tm_fb_ned_psv", id: "tm_fb_psv", status: "resolved" }),
    );
    // A known club's name stays as the service had it.
    expect(await one("SELECT name FROM teams WHERE id = 'tm_fb_feyenoord'")).toEqual({ name: "Feyenoord" });
  });

  it("the next season in the older layout: a spelling close to a known club is a new team marked unresolved", async () => {
    const report = await importFiles([fixture("football.json/2016-17/nl.1.json")], target(), { now: IMPORT_NOW });
    expect(report.files[0]).toMatchObject({ matches: 2, league: expect.objectContaining({ id: "lg_fb_ned1" }) });
    const source = "football.json/2016-17/nl.1.json";
    expect(report.teams).toEqual([
      // "Ajax" folds as "AFC Ajax" did: the same id, the team the first season made.
      { source, name: "Ajax", id: "tm_fb_ned_ajax", outcome: "existing" },
      { source, name: "FC Utrecht", id: "tm_fb_ned_utrecht", outcome: "existing" },
      { source, name: "Feyenoord", id: "tm_fb_feyenoord", outcome: "existing" },
      // "PSV Eindhoven" is not "PSV" by the rules, but starts like it: a new team, for the operator to look at.
      { source, name: "PSV Eindhoven", id: "tm_fb_ned_psv-eindhoven", outcome: "unresolved" },
    ]);
    expect(summary(report, 1)).toContain(
      '"PSV Eindhoven" → tm_fb_ned_psv-eindhoven: a new team, marked unresolved for the operator (docs/identity.md)',
    );
    const unresolved = (await (await admin("GET", "/identities?kind=team&status=unresolved")).json()) as {
      data: { source: string; source_ref: string; id: string }[];
    };
    expect(unresolved.data).toEqual([
      expect.objectContaining({
        source: "openfootball",
        source_ref: "tm_fb_ned_psv-eindhoven",
        id: "tm_fb_ned_psv-eindhoven",
      }),
    ]);
    // The older score fields: `score1`/`score2` full time, `score1i`/`score2i` half time.
    expect(
      await one(
        "SELECT home_score, away_score, ht_home_score, ht_away_score, season FROM matches WHERE home_team_id = 'tm_fb_ned_psv-eindhoven'",
      ),
    ).toEqual({ home_score: 1, away_score: 1, ht_home_score: 0, ht_away_score: 1, season: "2016/17" });
    // The league's current season moved on with the newer file.
    expect(await one("SELECT season FROM leagues WHERE id = 'lg_fb_ned1'")).toEqual({ season: "2016/17" });
  });

  it("a bundled league's club spelled as the table lacks ('Swansea City AFC') is its club, and the import goes on", async () => {
    const report = await importFiles([fixture("football.json/2013-14/en.1.json")], target(), { now: IMPORT_NOW });
    expect(report.files[0]).toMatchObject({ matches: 2, skipped: [] });
    expect(report.files[0]!.league).toBeUndefined();
    expect(report.files[0]!.names).toEqual([
      { name: "Cardiff City FC", id: "tm_fb_cardiff-city", via: "alias" },
      { name: "Swansea City AFC", id: "tm_fb_swansea-city", via: "alias" },
    ]);
    expect(report.teams).toEqual([]);
    expect(await one("SELECT name, country FROM teams WHERE id = 'tm_fb_swansea-city'")).toEqual({
      name: "Swansea City",
      country: "England",
    });
    expect(
      await one(
        "SELECT home_score, away_score, league_id FROM matches WHERE home_team_id = 'tm_fb_swansea-city' AND season = '2013/14'",
      ),
    ).toEqual({ home_score: 1, away_score: 4, league_id: "lg_fb_eng1" });
  });
});

describe("clubs of other countries", () => {
  it("are never the alias table's clubs of the same name: Uruguay's Liverpool is not Liverpool", () => {
    const json = {
      name: "Uruguay Primera División 2024",
      matches: [
        {
          round: "Matchday 1",
          date: "2024-02-03",
          time: "17:00",
          team1: "Liverpool FC",
          team2: "Club Nacional",
          score: { ft: [1, 1] },
        },
      ],
    };
    const c = convertFile("football.json/2024/uy.1.json", json, IMPORT_NOW);
    expect(c.report.league).toMatchObject({ id: "lg_fb_uru1", country: "Uruguay", zone: "America/Montevideo" });
    expect(c.ops.filter((o) => o.op === "team").map((o) => [o.id, o.name, o.country])).toEqual([
      ["tm_fb_uru_liverpool", "Liverpool FC", "Uruguay"],
      ["tm_fb_uru_club-nacional", "Club Nacional", "Uruguay"],
    ]);
  });
});

describe("which files are a competition's season", () => {
  it("any country's division or cup, a confederation's competition, a tournament; not the files beside them", async () => {
    const { editionOf } = await import("../../../src/import/openfootball/competitions");
    const ed = (p: string) => {
      const e = editionOf(p);
      return e && [e.league_id, e.country, e.format, e.season, e.zone];
    };
    expect(ed("football.json/2015-16/nl.1.json")).toEqual([
      "lg_fb_ned1",
      "Netherlands",
      "league",
      "2015/16",
      "Europe/Amsterdam",
    ]);
    expect(ed("football.json/2019-20/sco.1.json")).toEqual([
      "lg_fb_sco1",
      "Scotland",
      "league",
      "2019/20",
      "Europe/London",
    ]);
    expect(ed("football.json/2020-21/en.2.json")).toEqual([
      "lg_fb_eng2",
      "England",
      "league",
      "2020/21",
      "Europe/London",
    ]);
    expect(ed("football.json/2020-21/de.cup.json")).toEqual([
      "lg_fb_gercup",
      "Germany",
      "cup",
      "2020/21",
      "Europe/Berlin",
    ]);
    expect(ed("football.json/2024/br.1.json")).toEqual([
      "lg_fb_bra1",
      "Brazil",
      "league",
      "2024/25",
      "America/Sao_Paulo",
    ]);
    expect(ed("football.json/2023-24/uefa.el.json")).toEqual([
      "lg_fb_uel",
      "Europe",
      "league",
      "2023/24",
      "Europe/Paris",
    ]);
    // The bundled competitions keep their ids.
    expect(ed("football.json/2015-16/en.1.json")).toEqual([
      "lg_fb_eng1",
      "England",
      "league",
      "2015/16",
      "Europe/London",
    ]);
    expect(ed("football.json/2024-25/uefa.cl.json")?.[0]).toBe("lg_fb_ucl");
    expect(ed("worldcup.json/2022/worldcup.json")).toEqual(["lg_fb_wc", "World", "cup", "2022/23", "Asia/Qatar"]);
    expect(ed("copa.json/2021/copa.json")).toEqual(["lg_fb_copa", "South America", "cup", "2021/22", "UTC"]);
    for (const p of [
      "euro.json/2024/euro.groups.json",
      "worldcup.json/2026/worldcup.teams.json",
      "worldcup.json/2022/worldcup.stadiums.json",
      "football.json/nl.1.json",
      "football.json/2015-16/README.json",
    ])
      expect(editionOf(p), p).toBeUndefined();
  });
});
