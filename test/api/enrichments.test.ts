import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SPORTS } from "../../src/core/domain/codes";
import {
  EventsResponse,
  H2H,
  LineupsResponse,
  MatchDetail,
  Standings,
  StatsResponse,
} from "../../src/core/domain/schemas";
import { getJson, seed, type Seeded } from "../helpers/seed";

let s: Seeded;
beforeAll(async () => {
  s = await seed();
});

const LEAGUE = { football: "lg_fb_eng1", basketball: "lg_bb_euroleague" } as const;

async function some(sport: string, query: string) {
  const r = await getJson(`/v1/${sport}/matches?${query}&limit=200`, s.key);
  return r.body.data as any[];
}

describe.each(SPORTS)("%s match endpoints", (sport) => {
  const base = `/v1/${sport}/matches`;

  it("detail adds period, scores, officials and the league to the list item", async () => {
    const [live] = await some(sport, "status=live");
    const r = await getJson(`${base}/${live.id}`, s.key);
    expect(r.status).toBe(200);
    const d = MatchDetail.parse(r.body);
    expect(d).toMatchObject({ id: live.id, status_code: 2, home_score: live.home_score });
    expect(d.period).not.toBeNull();
    expect(d.period_label).toMatch(/Half|Q\d|OT\d|Half-time/);
    if (sport === "football") expect(d.minute).not.toBeNull();
    else expect(d.game_clock_secs).not.toBeNull();
    expect(d.league.id).toBe(live.league_id);
    expect(d.venue).toBeTruthy();
    expect(d.referee).toBeTruthy();
  });

  it("a finished match has a chronological timeline whose goals add up to the score", async () => {
    const [m] = await some(sport, `status=finished&league_id=${LEAGUE[sport]}`);
    const r = await getJson(`${base}/${m.id}/events`, s.key);
    expect(r.status).toBe(200);
    const ev = EventsResponse.parse(r.body);
    expect(ev.match_id).toBe(m.id);
    expect(ev.data.map((e) => e.seq)).toEqual(ev.data.map((_, i) => i + 1));
    expect(ev.data[0]!.type).toBe("period_start");
    if (sport === "football") {
      const goals = (t: string) =>
        ev.data.filter((e) => e.team === t && ["goal", "own_goal", "penalty_goal"].includes(e.type)).length;
      expect([goals("home"), goals("away")]).toEqual([m.home_score, m.away_score]);
    } else {
      const last = ev.data.filter((e) => e.type === "period_end").at(-1)!;
      expect(last.detail).toContain(`${m.home_score}–${m.away_score}`);
    }
  });

  it("stats and lineups of a finished match", async () => {
    const [m] = await some(sport, `status=finished&league_id=${LEAGUE[sport]}`);
    const st = await getJson(`${base}/${m.id}/stats`, s.key);
    expect(st.status).toBe(200);
    expect(StatsResponse.parse(st.body).data.length).toBeGreaterThan(5);
    const lu = await getJson(`${base}/${m.id}/lineups`, s.key);
    expect(lu.status).toBe(200);
    const l = LineupsResponse.parse(lu.body);
    expect(l.home.starters.length).toBe(sport === "football" ? 11 : 5);
    expect(l.away.substitutes.length).toBeGreaterThan(0);
    expect(l.home.coach).toBeTruthy();
    if (sport === "football") {
      const fb = st.body.data.find((x: any) => x.name === "Ball possession");
      expect(fb.home + fb.away).toBe(100);
      expect(l.home.formation).toMatch(/^\d(-\d)+$/);
    }
  });

  it("a scheduled match far ahead has no events, stats, lineups yet: 404 no_data", async () => {
    const all = await some(sport, "status=scheduled");
    const far = all.filter((m) => m.kickoff_ts > Date.now() / 1000 + 7 * 86400)[0] ?? all.at(-1);
    for (const sub of ["events", "stats", "lineups"]) {
      const r = await getJson(`${base}/${far.id}/${sub}`, s.key);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("no_data");
    }
    expect((await getJson(`${base}/${far.id}`, s.key)).status).toBe(200);
  });

  it("a live match that has started serves its timeline (possibly empty) with 200", async () => {
    for (const m of await some(sport, "status=live")) {
      const r = await getJson(`${base}/${m.id}/events`, s.key);
      expect(r.status).toBe(200);
      expect(Array.isArray(r.body.data)).toBe(true);
    }
  });

  it("unknown match id → 404 not_found on every endpoint", async () => {
    for (const sub of ["", "/events", "/stats", "/lineups", "/standings", "/h2h"]) {
      const r = await getJson(`${base}/m_does_not_exist${sub}`, s.key);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("not_found");
    }
  });

  it("a match of the other sport is not found under this sport", async () => {
    const other = sport === "football" ? "basketball" : "football";
    const [m] = await some(other, "status=finished");
    const r = await getJson(`${base}/${m.id}`, s.key);
    expect(r.status).toBe(404);
  });

  it("standings of a match are the table at kickoff: earlier matches counted, later ones not", async () => {
    const finished = await some(
      sport,
      `status=finished&league_id=${LEAGUE[sport]}&date=${new Date(Date.now() - 7 * 86400_000).toISOString().slice(0, 10)}`,
    );
    const m = finished[0] ?? (await some(sport, `status=finished&league_id=${LEAGUE[sport]}`)).at(-1);
    const r = await getJson(`${base}/${m.id}/standings`, s.key);
    expect(r.status).toBe(200);
    const t = Standings.parse(r.body);
    expect(Date.parse(t.as_of) / 1000).toBeLessThan(m.kickoff_ts);
    const played = (t.standings as any[]).reduce((n, row) => n + row.played, 0) / 2;
    const { results } = await env.DB.prepare(
      "SELECT count(*) AS n FROM matches WHERE league_id = ? AND season = ? AND status_code IN (3,9,10) AND finished_at <= ?",
    )
      .bind(m.league_id, m.season, t.as_of)
      .all<{ n: number }>();
    expect(played).toBe(results[0]!.n);
  });

  it("head-to-head lists earlier finished meetings, newest first, with a consistent summary", async () => {
    const current = await some(sport, `status=finished&league_id=${LEAGUE[sport]}`);
    const m = current.at(-1);
    const r = await getJson(`${base}/${m.id}/h2h?limit=50`, s.key);
    expect(r.status).toBe(200);
    const h = H2H.parse(r.body);
    expect(h.home_team_id).toBe(m.home_team_id);
    expect(h.matches.length).toBe(h.summary.played);
    expect(h.summary.home_team_wins + h.summary.away_team_wins + h.summary.draws).toBe(h.summary.played);
    let homeGoals = 0;
    for (const x of h.matches) {
      expect(x.kickoff_ts).toBeLessThan(m.kickoff_ts);
      expect([3, 9, 10]).toContain(x.status_code);
      expect(new Set([x.home_team_id, x.away_team_id])).toEqual(new Set([m.home_team_id, m.away_team_id]));
      homeGoals += x.home_team_id === m.home_team_id ? x.home_score : x.away_score;
    }
    expect(homeGoals).toBe(h.summary.home_team_goals);
    expect(h.matches.map((x) => x.kickoff_ts)).toEqual([...h.matches.map((x) => x.kickoff_ts)].sort((a, b) => b - a));
    const limited = await getJson(`${base}/${m.id}/h2h?limit=1`, s.key);
    expect(limited.body.matches.length).toBe(1);
    expect(limited.body.summary).toEqual(h.summary);
  });
});

describe("demo special cases", () => {
  it("has after-extra-time (10) and after-penalties (9) cup ties with a shoot-out score", async () => {
    const r = await getJson(`/v1/football/matches?league_id=lg_fb_facup&status=finished&limit=200`, s.key);
    const codes = r.body.data.map((m: any) => m.status_code);
    expect(codes).toContain(9);
    expect(codes).toContain(10);
    const pens = r.body.data.find((m: any) => m.status_code === 9);
    const d = await getJson(`/v1/football/matches/${pens.id}`, s.key);
    expect(d.body.home_score).toBe(d.body.away_score);
    expect(d.body.home_penalties).not.toBe(d.body.away_penalties);
  });

  it("a cup has no league table: standings → 404 no_data", async () => {
    const r = await getJson(`/v1/football/leagues/lg_fb_facup/standings`, s.key);
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("no_data");
  });

  it("has postponed (4) matches", async () => {
    const { results } = await env.DB.prepare(
      "SELECT status_code FROM matches WHERE league_id = 'lg_fb_eng1' AND status_code = 4",
    ).all();
    expect(results.length).toBeGreaterThan(0);
  });
});
