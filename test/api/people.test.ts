// Teams, squads, players, leaders and box scores over REST, both sports, with tracked-league visibility.
import { describe, expect, it } from "vitest";
import { ingestOps } from "../helpers/live";
import { matchOp, playerLinesOp } from "../helpers/ops";
import { seedPeople } from "../helpers/people";
import { getJson, seed, type Seeded } from "../helpers/seed";

const s: Seeded = await seed(["acb"]);
await seedPeople(s.accountId);
const get = (path: string) => getJson(path, s.key);

describe("GET /v1/{sport}/teams/{teamId}", () => {
  it("returns the team with its metadata and the tracked leagues it plays in this season", async () => {
    const r = await get("/v1/football/teams/tm_pp_atm");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: "tm_pp_atm",
      sport: "football",
      name: "Atlético Madrid",
      short_name: "ATM",
      country: "Spain",
      venue: "Metropolitano",
      logo_url: null,
      league_ids: ["lg_fb_people"],
      seasons: [{ league_id: "lg_fb_people", season: "2026/27" }],
      // Sent without a source: no other source's reference (docs/identity.md "external_ids").
      external_ids: {},
    });
    expect((await get("/v1/basketball/teams/tm_pp_bb1")).body.league_ids).toEqual(["lg_bb_people"]);
  });

  it("is 404 not_found for an unknown team, a team of the other sport, and a team only in untracked leagues", async () => {
    for (const path of [
      "/v1/football/teams/tm_nope",
      "/v1/basketball/teams/tm_pp_atm",
      "/v1/football/teams/tm_pp_hid",
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.body.code).toBe("not_found");
    }
  });

  it("is 400 naming the parameter for a malformed id", async () => {
    const r = await get("/v1/football/teams/a%20b");
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain("teamId");
  });
});

describe("GET /v1/{sport}/teams/{teamId}/squad", () => {
  it("lists the players in shirt-number order with the season", async () => {
    const r = await get("/v1/football/teams/tm_pp_atm/squad");
    expect(r.status).toBe(200);
    expect(r.body.team_id).toBe("tm_pp_atm");
    expect(r.body.season).toBe("2026/27");
    expect(r.body.players).toEqual([
      {
        id: "pl_pp_ode",
        name: "Martin Ødegaard",
        number: 8,
        position: "M",
        nationality: "Spain",
        birth_date: "1998-12-17",
      },
      expect.objectContaining({ id: "pl_pp_mul", number: 25 }),
    ]);
    expect((await get("/v1/football/teams/tm_pp_hid/squad")).status).toBe(404);
  });
});

describe("GET /v1/{sport}/players/{playerId}", () => {
  it("?season= gives that season's stats (none here: zeros), and his seasons; a malformed season is 400", async () => {
    const now = await get("/v1/football/players/pl_pp_ode");
    expect(now.body.seasons).toEqual([{ league_id: "lg_fb_people", season: "2026/27" }]);
    const past = await get("/v1/football/players/pl_pp_ode?season=2025/26");
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ season: "2025/26", season_stats: { appearances: 0, goals: 0 } });
    const bad = await get("/v1/football/players/pl_pp_ode?season=2025");
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain("season");
  });

  it("football: the player with his team and season stats summed from his finished matches", async () => {
    const r = await get("/v1/football/players/pl_pp_ode");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: "pl_pp_ode", team_id: "tm_pp_atm", team: "Atlético Madrid", season: "2026/27" });
    expect(r.body.season_stats).toEqual({
      appearances: 1,
      starts: 1,
      minutes: 90,
      goals: 1,
      assists: 0,
      yellow_cards: 1,
      red_cards: 0,
    });
  });

  it("basketball: totals and per-game averages", async () => {
    const r = await get("/v1/basketball/players/pl_pp_don");
    expect(r.body.season_stats).toMatchObject({
      games: 1,
      points: 90,
      rebounds: 10,
      assists: 9,
      ppg: 90,
      rpg: 10,
      apg: 9,
    });
  });

  it("is 404 for a player of an untracked team or of the other sport", async () => {
    expect((await get("/v1/football/players/pl_pp_hid")).status).toBe(404);
    expect((await get("/v1/basketball/players/pl_pp_ode")).status).toBe(404);
  });
});

describe("GET /v1/{sport}/matches/{id}/players (box score)", () => {
  it("football: each side's lines; goals per side = score minus the other side's own goals", async () => {
    const r = await get("/v1/football/matches/m_pp_1/players");
    expect(r.status).toBe(200);
    expect(r.body.home.map((l: any) => l.player_id)).toEqual(["pl_pp_ode", "pl_pp_mul"]);
    expect(r.body.away[0]).toEqual({
      player_id: "pl_pp_mad",
      name: "Madrid Müllerson",
      position: "M",
      minutes: 90,
      started: true,
      goals: 1,
      assists: 0,
      shots: 3,
      yellow_cards: 0,
      red_cards: 0,
    });
  });

  it("basketball: points per side equal the score", async () => {
    const r = await get("/v1/basketball/matches/m_pp_b1/players");
    const sum = (xs: any[]) => xs.reduce((a, l) => a + l.points, 0);
    const m = (await get("/v1/basketball/matches/m_pp_b1")).body;
    expect([sum(r.body.home), sum(r.body.away)]).toEqual([m.home_score, m.away_score]);
    expect(r.body.home[0]).toHaveProperty("fg_attempted", 50);
  });

  it("is 404 no_data before kickoff and not_found for an untracked match", async () => {
    const r = await get("/v1/football/matches/m_pp_2/players");
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("no_data");
    expect((await get("/v1/football/matches/m_pp_h/players")).body.code).toBe("not_found");
  });
});

describe("GET /v1/{sport}/leagues/{leagueId}/leaders", () => {
  it("orders by value then name, ties share a rank, and counts matches", async () => {
    const r = await get("/v1/football/leagues/lg_fb_people/leaders?stat=goals");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ league_id: "lg_fb_people", season: "2026/27", stat: "goals" });
    expect(r.body.data).toEqual([
      {
        rank: 1,
        player_id: "pl_pp_mad",
        player: "Madrid Müllerson",
        team_id: "tm_pp_mad",
        team: "Madrid Norte",
        value: 1,
        matches: 1,
      },
      expect.objectContaining({ rank: 1, player_id: "pl_pp_ode" }),
    ]);
    const cards = await get("/v1/football/leagues/lg_fb_people/leaders?stat=cards");
    expect(cards.body.data.map((l: any) => [l.rank, l.player_id, l.value])).toEqual([[1, "pl_pp_ode", 1]]);
    const ppg = await get("/v1/basketball/leagues/lg_bb_people/leaders?stat=ppg");
    expect(ppg.body.data.map((l: any) => [l.rank, l.player_id])).toEqual([
      [1, "pl_pp_don"],
      [2, "pl_pp_leb"],
    ]);
    const reb = await get("/v1/basketball/leagues/lg_bb_people/leaders?stat=rebounds");
    expect(reb.body.data.map((l: any) => l.rank)).toEqual([1, 1]);
  });

  it("400 names `stat` for a missing or other sport's stat; 404 for an untracked league", async () => {
    for (const q of ["", "?stat=points", "?stat=nope"]) {
      const r = await get(`/v1/football/leagues/lg_fb_people/leaders${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.detail).toContain("stat");
    }
    expect((await get("/v1/football/leagues/lg_fb_hidden/leaders?stat=goals")).status).toBe(404);
  });

  it("follow a new final whistle in the same ingest", async () => {
    await ingestOps([
      matchOp({ id: "m_pp_2", league_id: "lg_fb_people", status_code: 2 }),
      playerLinesOp({ match_id: "m_pp_2", away: [{ player_id: "pl_pp_mul", goals: 2 }] }),
      matchOp({ id: "m_pp_2", league_id: "lg_fb_people", status_code: 3, away_score: 2 }),
    ]);
    const r = await get("/v1/football/leagues/lg_fb_people/leaders?stat=goals");
    expect(r.body.data[0]).toMatchObject({ rank: 1, player_id: "pl_pp_mul", value: 2, matches: 2 });
  });
});

describe("GET /v1/{sport}/matches?team_id=", () => {
  it("lists the team's matches in tracked leagues, home or away, and combines with the other filters", async () => {
    const all = await get("/v1/football/matches?team_id=tm_pp_atm");
    expect(all.status).toBe(200);
    const ids = all.body.data.map((m: any) => m.id);
    expect(ids.slice(0, 2)).toEqual(["m_pp_1", "m_pp_2"]); // not m_pp_h: its league is not tracked
    expect(all.body.total).toBe(ids.length);
    const page = await get("/v1/football/matches?team_id=tm_pp_atm&limit=1");
    expect(page.body.data.map((m: any) => m.id)).toEqual(["m_pp_1"]);
    const next = await get(`/v1/football/matches?team_id=tm_pp_atm&limit=1&after=${page.body.next_cursor}`);
    expect(next.body.data.map((m: any) => m.id)).toEqual(["m_pp_2"]);
    const finished = await get("/v1/football/matches?team_id=tm_pp_atm&status=finished&league_id=lg_fb_people");
    const expected = all.body.data.filter((m: any) => m.status_code === 3);
    expect(finished.body.data).toEqual(expected);
    expect(finished.body.data[0]).toMatchObject({ id: "m_pp_1", home_score: 2, away_score: 1 });
    expect(finished.body.total).toBe(expected.length);
    expect((await get("/v1/basketball/matches?team_id=tm_pp_atm")).body).toMatchObject({ data: [], total: 0 });
    expect((await get("/v1/football/matches?team_id=a%20b")).body.detail).toContain("team_id");
  });
});
