import { describe, expect, it } from "vitest";
import { generateDemo } from "../../src/demo/generate";

const now = new Date("2026-11-22T15:10:00Z");
const data = generateDemo(now);
const matches = data.matches as any[];
const nowTs = now.getTime() / 1000;

describe("demo data generator", () => {
  it("is deterministic for a given instant", () => {
    const again = generateDemo(now);
    expect(JSON.stringify(again.matches)).toBe(JSON.stringify(data.matches));
    expect(JSON.stringify(again.events.slice(0, 500))).toBe(JSON.stringify(data.events.slice(0, 500)));
  });

  it("has at least 6 football and 3 basketball competitions, each with real-looking teams", () => {
    const bySport = (s: string) => data.leagues.filter((l) => l.sport === s);
    expect(bySport("football").length).toBeGreaterThanOrEqual(6);
    expect(bySport("basketball").length).toBeGreaterThanOrEqual(3);
    expect(data.leagues.map((l) => l.name)).toEqual(
      expect.arrayContaining([
        "Premier League",
        "La Liga",
        "Serie A",
        "Bundesliga",
        "Ligue 1",
        "UEFA Champions League",
        "NBA",
      ]),
    );
    expect(data.teams.map((t) => t.name)).toEqual(expect.arrayContaining(["Arsenal", "Real Madrid", "Boston Celtics"]));
  });

  it("spreads a season around today: finished before, live and scheduled today, scheduled after", () => {
    const day = Math.floor(nowTs / 86400) * 86400;
    const today = matches.filter((m) => m.kickoff_ts >= day && m.kickoff_ts < day + 86400);
    for (const sport of ["football", "basketball"]) {
      const t = today.filter((m) => m.sport === sport);
      expect(
        t.some((m) => m.status_code === 2),
        `${sport} live today`,
      ).toBe(true);
      expect(
        t.some((m) => m.status_code === 3),
        `${sport} finished today`,
      ).toBe(true);
      expect(
        t.some((m) => m.status_code === 1),
        `${sport} scheduled today`,
      ).toBe(true);
    }
    expect(matches.some((m) => m.kickoff_ts > nowTs + 60 * 86400 && m.status_code === 1)).toBe(true);
    expect(
      matches.filter((m) => m.kickoff_ts < nowTs - 86400).every((m) => m.status_code !== 1 && m.status_code !== 2),
    ).toBe(true);
    expect(matches.filter((m) => m.kickoff_ts > nowTs).every((m) => [1, 4].includes(m.status_code))).toBe(true);
  });

  it('plays a round of every league today (two finished, two live, the rest later) and no cup match (docs/operations.md "Demo data")', () => {
    const day = Math.floor(nowTs / 86400) * 86400;
    const today = (league: string) =>
      matches.filter((m) => m.league_id === league && m.kickoff_ts >= day && m.kickoff_ts < day + 86400);
    for (const league of [
      "lg_fb_eng1",
      "lg_fb_esp1",
      "lg_fb_ita1",
      "lg_fb_ger1",
      "lg_fb_fra1",
      "lg_bb_nba",
      "lg_bb_euroleague",
      "lg_bb_acb",
    ]) {
      const t = today(league);
      expect(t.filter((m) => m.status_code === 3 && m.kickoff_ts > nowTs - 4 * 3600).length, `${league} finished`).toBe(
        2,
      );
      // The last league's second kicks off within minutes of generating (kickoffs are staggered 4 min per league).
      const live = t.filter((m) => m.status_code === 2 || (m.status_code === 1 && m.kickoff_ts <= nowTs + 300));
      expect(live.length, `${league} live`).toBe(2);
      expect(
        t.filter((m) => m.status_code === 1 && m.kickoff_ts > nowTs + 300).length,
        `${league} later`,
      ).toBeGreaterThan(0);
    }
    expect(today("lg_fb_ucl")).toEqual([]);
    expect(today("lg_fb_facup")).toEqual([]);
    const next = (league: string) =>
      Math.min(...matches.filter((m) => m.league_id === league && m.status_code === 1).map((m) => m.kickoff_ts));
    expect(Math.floor(next("lg_fb_ucl") / 86400) * 86400).toBe(day + 86400); // the next matchday starts tomorrow
    expect(Math.floor(next("lg_fb_facup") / 86400) * 86400).toBe(day + 10 * 86400); // semi-finals in ten days
  });

  it("includes postponed, cancelled, abandoned, after-extra-time and after-penalties cases", () => {
    const codes = new Set(matches.map((m) => m.status_code));
    for (const c of [1, 2, 3, 4, 5, 8, 9, 10]) expect(codes.has(c), `status ${c}`).toBe(true);
  });

  it("live matches carry period and clock; finished ones carry half-time scores, attendance and finished_at", () => {
    for (const m of matches.filter((x) => x.status_code === 2)) {
      expect(m.period).not.toBeNull();
      if (m.sport === "football") expect(m.minute).not.toBeNull();
      else expect(m.game_clock_secs).not.toBeNull();
    }
    for (const m of matches.filter((x) => [3, 9, 10].includes(x.status_code))) {
      expect(m.period).toBeNull();
      expect(m.ht_home_score).not.toBeNull();
      expect(m.attendance).toBeGreaterThan(0);
      expect(Date.parse(m.finished_at) / 1000).toBeGreaterThan(m.kickoff_ts);
      expect(m.referee).toBeTruthy();
    }
  });

  it("no team plays twice in the same round of a league", () => {
    const seen = new Set<string>();
    for (const m of matches.filter((x) => x.round?.startsWith("Round"))) {
      for (const t of [m.home_team_id, m.away_team_id]) {
        const k = `${m.league_id}:${m.season}:${m.round}:${t}`;
        expect(seen.has(k), k).toBe(false);
        seen.add(k);
      }
    }
  });

  it("writes a standings snapshot after every finished league match", () => {
    const finishedLeague = matches.filter((m) => [3, 9, 10].includes(m.status_code) && !m.league_id.endsWith("facup"));
    expect(data.snapshots.length).toBe(finishedLeague.length);
  });
});
