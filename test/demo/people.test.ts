// The demo's people: squads with diverse names, timelines and lineups that name player ids, box scores that agree
// with the score, season stats that are the sums of the finished matches' lines.
import { describe, expect, it } from "vitest";
import { isFinished } from "../../src/core/domain/codes";
import { generateDemo } from "../../src/demo/generate";

const now = new Date("2026-11-22T15:10:00Z");
const data = generateDemo(now);
const matches = data.matches as any[];
const lines = data.lines as any[];
const byMatch = new Map<string, any[]>();
for (const l of lines) byMatch.set(l.match_id, [...(byMatch.get(l.match_id) ?? []), l]);
const linesOf = (id: string, side: string) => (byMatch.get(id) ?? []).filter((l) => l.side === side);
const sum = (xs: any[], k: string) => xs.reduce((a, x) => a + x[k], 0);
const eventsOf = new Map<string, any[]>();
for (const e of data.events as any[]) eventsOf.set(e.match_id, [...(eventsOf.get(e.match_id) ?? []), e]);

describe("demo people", () => {
  it("squads have real-looking, diverse names, including letters with diacritics and Ø", () => {
    const names = data.players.map((p) => String(p.name));
    expect(names.length).toBeGreaterThan(2000);
    expect(names.some((n) => n.includes("Ø"))).toBe(true);
    expect(names.some((n) => /[üöä]/.test(n))).toBe(true);
    expect(names.some((n) => /[čćš]/.test(n))).toBe(true);
    expect(new Set(data.players.map((p) => p.nationality)).size).toBeGreaterThan(8);
    for (const p of data.players.slice(0, 50)) expect(p.birth_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("football box scores: goals per side = score minus the other side's own goals", () => {
    const played = matches.filter((m) => m.sport === "football" && [2, 3, 9, 10].includes(m.status_code));
    expect(played.length).toBeGreaterThan(100);
    for (const m of played) {
      for (const side of ["home", "away"] as const) {
        const owns = (eventsOf.get(m.id) ?? []).filter((e) => e.type === "own_goal" && e.team === side).length;
        expect(sum(linesOf(m.id, side), "goals"), m.id).toBe(m[`${side}_score`] - owns);
      }
    }
  });

  it("basketball box scores: points per side = score", () => {
    const played = matches.filter((m) => m.sport === "basketball" && m.status_code !== 1);
    expect(played.length).toBeGreaterThan(50);
    for (const m of played) {
      expect(sum(linesOf(m.id, "home"), "points"), m.id).toBe(m.home_score);
      expect(sum(linesOf(m.id, "away"), "points"), m.id).toBe(m.away_score);
    }
  });

  it("events and lineups reference player ids of the right side", () => {
    const lineups = new Map(
      data.lineups.map((l) => [l.match_id, { home: JSON.parse(l.home), away: JSON.parse(l.away) }]),
    );
    let checked = 0;
    for (const e of data.events as any[]) {
      if (!e.player || !e.team) continue;
      const side = e.type === "own_goal" ? (e.team === "home" ? "away" : "home") : e.team;
      const l = (lineups.get(e.match_id) as any)[side];
      const ids = [...l.starters, ...l.substitutes].map((p: any) => p.player_id);
      expect(ids).toContain(e.player_id);
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("season stats are the sums of the finished matches' lines, per competition season", () => {
    const finished = new Set(matches.filter((m) => isFinished(m.status_code)).map((m) => m.id));
    const league = new Map(matches.map((m) => [m.id, `${m.league_id}|${m.season}`]));
    for (const s of data.seasonStats.slice(0, 300) as any[]) {
      const mine = lines.filter(
        (l) =>
          l.player_id === s.player_id &&
          finished.has(l.match_id) &&
          league.get(l.match_id) === `${s.league_id}|${s.season}`,
      );
      expect(s.matches).toBe(mine.length);
      expect(s.goals).toBe(sum(mine, "goals"));
      expect(s.points).toBe(sum(mine, "points"));
      expect(s.cards).toBe(sum(mine, "yellow_cards") + sum(mine, "red_cards"));
    }
  });

  it("a basketball match lists three different referees", () => {
    for (const m of matches.filter((x) => x.sport === "basketball")) {
      const refs = String(m.referee).split(", ");
      expect(refs).toHaveLength(3);
      expect(new Set(refs).size).toBe(3);
    }
  });
});
