import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { LeagueList } from "../../src/core/domain/schemas";
import { admin, createKey } from "../helpers/admin";
import { getJson, seed, today, type Seeded } from "../helpers/seed";

let s: Seeded;
beforeAll(async () => {
  s = await seed();
});

describe("GET /v1/{sport}/leagues", () => {
  it("lists the tracked leagues of the sport ordered by country, then name", async () => {
    const r = await getJson("/v1/football/leagues", s.key);
    expect(r.status).toBe(200);
    const list = LeagueList.parse(r.body);
    expect(list.data.map((l) => l.id)).toEqual(["lg_fb_facup", "lg_fb_eng1", "lg_fb_ucl"]);
    expect(list.total).toBe(3);
    expect(list.next_cursor).toBeNull();
    for (const l of list.data) expect(l.season).toMatch(/^\d{4}\/\d{2}$/);
    const bb = await getJson("/v1/basketball/leagues", s.key);
    expect(bb.body.data.map((l: any) => `${l.country}/${l.name}`)).toEqual(["Europe/EuroLeague", "Spain/Liga ACB"]);
  });

  it('is one page of every tracked league: limit and after are not read (docs/api.md "Pagination")', async () => {
    const all = await getJson("/v1/football/leagues", s.key);
    for (const query of ["?limit=1", "?limit=0", "?after=abc"]) {
      const r = await getJson(`/v1/football/leagues${query}`, s.key);
      expect(r.status).toBe(200);
      expect(r.body).toEqual(all.body);
    }
    expect(all.body).toMatchObject({ total: 3, limit: 1000, next_cursor: null });
  });
});

describe("GET /v1/{sport}/leagues/{id}/standings", () => {
  it("football table: points = 3W + D, played = W + D + L, ordered by points, goal difference, goals, name", async () => {
    const r = await getJson("/v1/football/leagues/lg_fb_eng1/standings", s.key);
    expect(r.status).toBe(200);
    expect(r.body.league_id).toBe("lg_fb_eng1");
    const rows = r.body.standings as any[];
    expect(rows.length).toBe(20);
    rows.forEach((row, i) => {
      expect(row.position).toBe(i + 1);
      expect(row.points).toBe(3 * row.won + row.drawn);
      expect(row.played).toBe(row.won + row.drawn + row.lost);
      expect(row.goal_difference).toBe(row.goals_for - row.goals_against);
      expect(row.form).toMatch(/^[WDL]{0,5}$/);
      if (i === 0) return;
      const p = rows[i - 1];
      const key = (x: any) => [x.points, x.goal_difference, x.goals_for];
      const cmp =
        key(p)
          .map((v, k) => v - key(row)[k]!)
          .find((d) => d !== 0) ?? -p.team.localeCompare(row.team);
      expect(cmp).toBeGreaterThanOrEqual(0);
    });
    const goalsFor = rows.reduce((n, x) => n + x.goals_for, 0);
    expect(goalsFor).toBe(rows.reduce((n, x) => n + x.goals_against, 0));
  });

  it("basketball table: win_pct = won / played, ordered by win_pct then wins", async () => {
    const r = await getJson("/v1/basketball/leagues/lg_bb_euroleague/standings", s.key);
    expect(r.status).toBe(200);
    const rows = r.body.standings as any[];
    expect(rows.length).toBe(18);
    const leader = rows[0];
    rows.forEach((row, i) => {
      expect(row.played).toBe(row.won + row.lost);
      expect(row.win_pct).toBeCloseTo(row.played ? row.won / row.played : 0, 3);
      expect(row.games_behind).toBe((leader.won - row.won + (row.lost - leader.lost)) / 2);
      if (i > 0)
        expect(
          rows[i - 1].win_pct > row.win_pct || (rows[i - 1].win_pct === row.win_pct && rows[i - 1].won >= row.won),
        ).toBe(true);
    });
  });

  it("the table as of an early-season match differs from the current table", async () => {
    const season = (await getJson("/v1/football/leagues", s.key)).body.data.find(
      (l: any) => l.id === "lg_fb_eng1",
    ).season;
    const early = await env.DB.prepare(
      "SELECT id FROM matches WHERE league_id = 'lg_fb_eng1' AND season = ? AND status_code = 3 ORDER BY kickoff_ts LIMIT 1 OFFSET 15",
    )
      .bind(season)
      .first<{ id: string }>();
    const asOf = await getJson(`/v1/football/matches/${early!.id}/standings`, s.key);
    const current = await getJson(`/v1/football/leagues/lg_fb_eng1/standings`, s.key);
    expect(asOf.status).toBe(200);
    const playedAsOf = asOf.body.standings.reduce((n: number, x: any) => n + x.played, 0);
    const playedNow = current.body.standings.reduce((n: number, x: any) => n + x.played, 0);
    expect(playedAsOf).toBeGreaterThan(0);
    expect(playedAsOf).toBeLessThan(playedNow);
    expect(Date.parse(asOf.body.as_of)).toBeLessThan(Date.parse(current.body.as_of));
  });

  it("unknown league → 404 not_found; a league of the other sport → 404", async () => {
    expect((await getJson("/v1/football/leagues/lg_nope/standings", s.key)).body.code).toBe("not_found");
    expect((await getJson("/v1/basketball/leagues/lg_fb_eng1/standings", s.key)).status).toBe(404);
  });
});

describe("tracked leagues decide what an account sees", () => {
  it("an untracked league is absent from lists and 404 on every direct read", async () => {
    const acc = await admin("POST", "/accounts", { email: "tracker@example.com", plan: "starter" });
    expect(acc.status).toBe(201);
    const { id } = (await acc.json()) as { id: string };
    expect(
      (await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_ucl", "lg_bb_acb"] })).status,
    ).toBe(200);
    const { key } = await createKey(id);

    const leagues = await getJson("/v1/football/leagues", key);
    expect(leagues.body.data.map((l: any) => l.id)).toEqual(["lg_fb_ucl"]);

    const demoMatches = await getJson(`/v1/football/matches?limit=200&league_id=lg_fb_eng1`, s.key);
    const eng1Match = demoMatches.body.data.find((m: any) => m.status_code === 3);
    const mine = await getJson(`/v1/football/matches?limit=200`, key);
    expect(mine.body.data.every((m: any) => m.league_id === "lg_fb_ucl")).toBe(true);
    expect(mine.body.total).toBe((await getJson(`/v1/football/matches?limit=1&league_id=lg_fb_ucl`, s.key)).body.total);
    const filtered = await getJson(`/v1/football/matches?league_id=lg_fb_eng1&date=${today()}`, key);
    expect(filtered.body).toMatchObject({ data: [], total: 0 });

    for (const sub of ["", "/events", "/stats", "/lineups", "/standings", "/h2h"]) {
      const r = await getJson(`/v1/football/matches/${eng1Match.id}${sub}`, key);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("not_found");
    }
    expect((await getJson("/v1/football/leagues/lg_fb_eng1/standings", key)).body.code).toBe("not_found");
    expect((await getJson("/v1/football/leagues/lg_fb_ucl/standings", key)).status).toBe(200);
  });

  it("head-to-head only counts meetings in tracked leagues", async () => {
    const acc = (await (await admin("POST", "/accounts", { email: "h2h@example.com" })).json()) as { id: string };
    await admin("PUT", `/accounts/${acc.id}/tracked-leagues`, { league_ids: ["lg_fb_ucl"] });
    const { key } = await createKey(acc.id);
    const ucl = await getJson(`/v1/football/matches?league_id=lg_fb_ucl&status=finished&limit=200`, s.key);
    for (const m of ucl.body.data.slice(-10)) {
      const all = await getJson(`/v1/football/matches/${m.id}/h2h?limit=50`, s.key);
      const mine = await getJson(`/v1/football/matches/${m.id}/h2h?limit=50`, key);
      if (mine.status === 200) expect(mine.body.matches.every((x: any) => x.league_id === "lg_fb_ucl")).toBe(true);
      if (all.status === 200)
        expect(mine.status === 404 || mine.body.summary.played <= all.body.summary.played).toBe(true);
    }
  });
});
