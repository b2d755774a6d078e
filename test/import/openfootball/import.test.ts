// Every bundled openfootball file imported into this file's Worker through `npm run import`'s path (the ingest route
// and the ledger), then read back over the API: tables, a World Cup final, an own goal, a shoot-out, head-to-head over
// ten seasons, the table at a match, and what each league's coverage says against what its routes answer.
import { env, exports } from "cloudflare:workers";
import { rawToolCall, readRpc } from "../../helpers/mcp";
import { beforeAll, describe, expect, it } from "vitest";
import { convertFile } from "../../../src/import/openfootball/convert";
import { TableBuilder } from "../../../src/core/domain/standings";
import { admin, createKey } from "../../helpers/admin";
import { BUNDLED, bundled, IMPORT_NOW, importBundled } from "../../helpers/openfootball";
import { get, getJson } from "../../helpers/seed";
import type { ImportReport } from "../../../src/import/run";

const LEAGUES = ["eng1", "esp1", "ger1", "ita1", "fra1", "ucl", "wc", "euro"].map((c) => `lg_fb_${c}`);
let key = "";
let report: ImportReport;

beforeAll(async () => {
  report = await importBundled(BUNDLED);
  const acc = (await (await admin("POST", "/accounts", { email: "history@example.com", plan: "growth" })).json()) as {
    id: string;
  };
  expect((await admin("PUT", `/accounts/${acc.id}/tracked-leagues`, { league_ids: LEAGUES })).status).toBe(200);
  key = (await createKey(acc.id)).key;
}, 600_000);

const json = async <T = any>(path: string) => {
  const r = await getJson<T>(path, key);
  expect(r.status, path).toBe(200);
  return r.body;
};
const one = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
const matchId = async (league: string, season: string, home: string, away: string) =>
  (await one<{ id: string }>(
    "SELECT id FROM matches WHERE league_id = ? AND season = ? AND home_team_id = ? AND away_team_id = ?",
    league,
    season,
    home,
    away,
  ))!.id;

/** The table from a file's own results: every match with a full-time score, in kickoff order. */
function tableFromFile(path: RegExp, before?: number) {
  const f = bundled(path)[0]!;
  const c = convertFile(f.path, JSON.parse(f.text), IMPORT_NOW);
  const teams = c.ops.filter((o) => o.op === "team").map((t) => ({ id: String(t.id), name: String(t.name) }));
  const t = new TableBuilder("football", teams);
  const name = new Map(teams.map((x) => [x.id, x.name]));
  for (const m of c.ops.filter((o) => o.op === "match").sort((a, b) => Number(a.kickoff_ts) - Number(b.kickoff_ts))) {
    if (before !== undefined && Number(m.kickoff_ts) >= before) continue;
    t.add({
      homeTeamId: String(m.home_team_id),
      awayTeamId: String(m.away_team_id),
      homeTeam: name.get(String(m.home_team_id))!,
      awayTeam: name.get(String(m.away_team_id))!,
      homeScore: Number(m.home_score),
      awayScore: Number(m.away_score),
      statusCode: Number(m.status_code),
      kickoffTs: Number(m.kickoff_ts),
    });
  }
  return (t.rows() as unknown as Record<string, unknown>[]).map((r) => ({
    team_id: r.team_id,
    points: r.points,
    played: r.played,
    goal_difference: r.goal_difference,
  }));
}

describe("importing every bundled file", () => {
  it("imports every file without an error, and reports what it left out and why", () => {
    expect(report.files).toHaveLength(62);
    const matches = report.files.reduce((n, f) => n + f.matches, 0);
    expect(matches).toBeGreaterThan(19_500);
    const skipped = report.files.flatMap((f) => f.skipped);
    expect(new Set(skipped.map((s) => s.reason))).toEqual(new Set(["no score, although its kickoff has passed"]));
    expect(report.files.find((f) => f.source.endsWith("worldcup.squads.json"))!.players).toBeGreaterThan(1_100);
  });

  it("a second run applies nothing: every file is in the ledger; sent again anyway, every op is unchanged", async () => {
    const again = await importBundled(BUNDLED);
    expect(again.files).toEqual([]);
    expect(again.alreadyImported).toHaveLength(62);
    const { importFiles } = await import("../../../src/import/run");
    const { workerTarget } = await import("../../helpers/openfootball");
    const forced = await importFiles(bundled(/worldcup|2015-16\/en\.1/), workerTarget(), {
      now: IMPORT_NOW,
      force: true,
    });
    expect(forced.ops).toBeGreaterThan(1_500);
    expect(forced.applied).toBe(0);
  }, 120_000);

  it("a season's final table equals the table computed from the file's results (Leicester 2015/16, 81 points)", async () => {
    for (const [league, season, file] of [
      ["lg_fb_eng1", "2015/16", /2015-16\/en\.1/],
      ["lg_fb_ger1", "2023/24", /2023-24\/de\.1/],
      ["lg_fb_ita1", "2016/17", /2016-17\/it\.1/], // with awarded matches
    ] as const) {
      const row = await one<{ rows: string }>(
        "SELECT rows FROM standings WHERE league_id = ? AND season = ?",
        league,
        season,
      );
      const stored = (JSON.parse(row!.rows) as Record<string, unknown>[]).map((r) => ({
        team_id: r.team_id,
        points: r.points,
        played: r.played,
        goal_difference: r.goal_difference,
      }));
      expect(stored, `${league} ${season}`).toEqual(tableFromFile(file));
    }
    const pl = JSON.parse(
      (await one<{ rows: string }>("SELECT rows FROM standings WHERE league_id = 'lg_fb_eng1' AND season = '2015/16'"))!
        .rows,
    );
    expect(pl[0]).toMatchObject({ team_id: "tm_fb_leicester-city", points: 81, played: 38 });
  });

  it("a past season's final table over the API (?season=), as the file's results make it", async () => {
    const body = await json("/v1/football/leagues/lg_fb_eng1/standings?season=2015/16");
    expect(body.season).toBe("2015/16");
    const got = (body.standings as Record<string, unknown>[]).map((r) => ({
      team_id: r.team_id,
      points: r.points,
      played: r.played,
      goal_difference: r.goal_difference,
    }));
    expect(got).toEqual(tableFromFile(/2015-16\/en\.1/));
    expect((await get("/v1/football/leagues/lg_fb_eng1/standings?season=1999/00", key)).status).toBe(404);
    const bad = await get("/v1/football/leagues/lg_fb_eng1/standings?season=2015", key);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("season");
  });

  it("the table at a match is the table of the results before its kickoff", async () => {
    const id = await matchId("lg_fb_eng1", "2015/16", "tm_fb_leicester-city", "tm_fb_manchester-city");
    const kickoff = (await one<{ kickoff_ts: number }>("SELECT kickoff_ts FROM matches WHERE id = ?", id))!.kickoff_ts;
    const body = await json(`/v1/football/matches/${id}/standings`);
    const got = (body.standings as Record<string, unknown>[]).map((r) => ({
      team_id: r.team_id,
      points: r.points,
      played: r.played,
      goal_difference: r.goal_difference,
    }));
    expect(got).toEqual(tableFromFile(/2015-16\/en\.1/, kickoff));
  });

  it("the 2026 World Cup final: its score after extra time and its one goal, over the API", async () => {
    const id = await matchId("lg_fb_wc", "2026/27", "tm_fb_nt_spain", "tm_fb_nt_argentina");
    expect(await json(`/v1/football/matches/${id}`)).toMatchObject({
      home_team: "Spain",
      away_team: "Argentina",
      home_score: 1,
      away_score: 0,
      status_code: 10,
      kickoff_ts: Date.UTC(2026, 6, 19, 19) / 1000,
    });
    const events = await json(`/v1/football/matches/${id}/events`);
    expect(events.data).toEqual([
      expect.objectContaining({ type: "goal", team: "home", player: "Ferran Torres", minute: 106, period: 15 }),
    ]);
  });

  it("an own goal on the side it counted for, and a shoot-out with the scores before it", async () => {
    const f18 = await matchId("lg_fb_wc", "2018/19", "tm_fb_nt_france", "tm_fb_nt_croatia");
    const e = (await json(`/v1/football/matches/${f18}/events`)).data;
    expect(e[0]).toMatchObject({ type: "own_goal", team: "home", player: "Mandžukić", minute: 18 });
    expect(await json(`/v1/football/matches/${f18}`)).toMatchObject({ home_score: 4, away_score: 2, status_code: 3 });
    const f22 = await matchId("lg_fb_wc", "2022/23", "tm_fb_nt_argentina", "tm_fb_nt_france");
    expect(await json(`/v1/football/matches/${f22}`)).toMatchObject({
      home_score: 3,
      away_score: 3,
      status_code: 9,
      home_penalties: 4,
      away_penalties: 2,
    });
  });

  it("head-to-head over real history: Arsenal and Chelsea met twice in each of ten seasons before 2025/26's", async () => {
    const id = await matchId("lg_fb_eng1", "2025/26", "tm_fb_arsenal", "tm_fb_chelsea");
    const h2h = await json(`/v1/football/matches/${id}/h2h?limit=50`);
    expect(h2h.summary.played).toBe(20 + 1); // ten seasons, and 2025/26's first meeting at Chelsea
    const meetings = h2h.matches as { id: string }[];
    expect(new Set(meetings.map((m) => m.id)).size).toBe(meetings.length);
  });

  it("coverage says what the routes answer: events ⇔ coverage.events, players ⇔ coverage.players, per league", async () => {
    const leagues = (await json("/v1/football/leagues")).data as {
      id: string;
      season: string;
      simulated: boolean;
      coverage: Record<string, boolean>;
    }[];
    expect(leagues.map((l) => l.id).sort()).toEqual([...LEAGUES].sort());
    for (const l of leagues) {
      expect(l.simulated, l.id).toBe(false);
      expect(l.coverage, l.id).toEqual({
        live: false,
        events: ["lg_fb_wc", "lg_fb_euro"].includes(l.id),
        lineups: false,
        stats: false,
        // The 2026 squads: national teams of EURO 2024 that went to the World Cup have their players too.
        players: ["lg_fb_wc", "lg_fb_euro"].includes(l.id),
      });
      // A finished match of the league's current season: its timeline is there exactly when coverage says so.
      const m = (await one<{ id: string; home_team_id: string }>(
        "SELECT id, home_team_id FROM matches WHERE league_id = ? AND season = ? AND status_code = 3 AND home_score > 0 ORDER BY kickoff_ts LIMIT 1",
        l.id,
        l.season,
      ))!;
      const events = await get(`/v1/football/matches/${m.id}/events`, key);
      expect(events.status, `${l.id} events`).toBe(l.coverage.events ? 200 : 404);
      if (!l.coverage.events) expect((await events.json<{ code: string }>()).code).toBe("no_data");
      for (const part of ["lineups", "stats"])
        expect((await get(`/v1/football/matches/${m.id}/${part}`, key)).status).toBe(404);
      const squad = await get(`/v1/football/teams/${m.home_team_id}/squad`, key);
      const players = squad.status === 200 ? ((await squad.json()) as { players: unknown[] }).players.length : 0;
      expect(players > 0, `${l.id} squad`).toBe(l.coverage.players);
    }
  });
});

describe("coverage over MCP", () => {
  it("list_leagues says what each league has; the imported ones are not simulated", async () => {
    const { request } = rawToolCall(
      "2025",
      { id: 1, name: "list_leagues", args: { sport: "football" } },
      { "x-api-key": key },
    );
    const res = await exports.default.fetch(request);
    const body = await readRpc(res);
    expect(body.error, JSON.stringify(body)).toBeUndefined();
    const text: string = body.result.content[0].text;
    expect(text).toContain("FIFA World Cup (World, 2026/27) [lg_fb_wc]: has events, players");
    expect(text).toContain("Premier League (England, 2025/26) [lg_fb_eng1]: results only");
    expect(text).not.toContain("SIMULATED");
    expect(body.result.structuredContent.leagues).toContainEqual(
      expect.objectContaining({
        id: "lg_fb_wc",
        simulated: false,
        coverage: expect.objectContaining({ events: true }),
      }),
    );
  });
});

describe("a past season's table over MCP", () => {
  it("get_standings with league_id and season gives that season's final table", async () => {
    const { request } = rawToolCall(
      "2025",
      { id: 2, name: "get_standings", args: { league_id: "lg_fb_eng1", season: "2015/16" } },
      { "x-api-key": key },
    );
    const body = await readRpc(await exports.default.fetch(request));
    expect(body.result.structuredContent).toMatchObject({ league_id: "lg_fb_eng1", season: "2015/16" });
    expect(body.result.structuredContent.standings[0]).toMatchObject({ team_id: "tm_fb_leicester-city", points: 81 });
    expect(body.result.content[0].text).toContain("Leicester City");
  });
});
