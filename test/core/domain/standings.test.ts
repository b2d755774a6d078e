import { describe, expect, it } from "vitest";
import { computeTable, type ResultInput } from "../../../src/core/domain/standings";

const teams = [
  { id: "a", name: "Arsenal" },
  { id: "b", name: "Brentford" },
  { id: "c", name: "Chelsea" },
  { id: "d", name: "Derby" },
];
const r = (h: string, a: string, hs: number, as: number, ts: number, statusCode = 3): ResultInput => ({
  homeTeamId: h,
  awayTeamId: a,
  homeTeam: h,
  awayTeam: a,
  homeScore: hs,
  awayScore: as,
  statusCode,
  kickoffTs: ts,
});

describe("football table", () => {
  const table = computeTable("football", teams, [
    r("a", "b", 2, 0, 1),
    r("c", "d", 1, 1, 2),
    r("b", "c", 3, 1, 3),
    r("d", "a", 0, 0, 4),
    r("a", "c", 5, 5, 5, 1), // scheduled: ignored
    r("b", "d", 4, 0, 6, 9), // after penalties: counts with the score before the shoot-out
  ]) as any[];

  it("3 points a win, 1 a draw; played = W + D + L", () => {
    const b = table.find((x) => x.team_id === "b");
    expect(b).toMatchObject({
      played: 3,
      won: 2,
      drawn: 0,
      lost: 1,
      goals_for: 7,
      goals_against: 3,
      goal_difference: 4,
      points: 6,
    });
    const a = table.find((x) => x.team_id === "a");
    expect(a).toMatchObject({ played: 2, won: 1, drawn: 1, lost: 0, points: 4, form: "WD" });
  });

  it("orders by points, goal difference, goals for, then name", () => {
    expect(table.map((x) => x.team_id)).toEqual(["b", "a", "d", "c"]);
    expect(table.map((x) => x.position)).toEqual([1, 2, 3, 4]);
    const tie = computeTable("football", teams, [r("a", "b", 1, 1, 1), r("c", "d", 1, 1, 2)]) as any[];
    expect(tie.map((x) => x.team)).toEqual(["Arsenal", "Brentford", "Chelsea", "Derby"]);
  });

  it("form is the last five results, oldest first", () => {
    const many = [1, 2, 3, 4, 5, 6].map((i) => r("a", "b", i % 2, 0, i));
    const t = computeTable("football", teams, many) as any[];
    expect(t.find((x) => x.team_id === "a").form).toBe("DWDWD");
  });
});

describe("basketball table", () => {
  const table = computeTable("basketball", teams, [
    r("a", "b", 100, 90, 1),
    r("a", "c", 101, 99, 2),
    r("b", "c", 80, 85, 3),
    r("d", "c", 70, 75, 4),
  ]) as any[];
  it("win_pct = won / played to three decimals, games behind the leader", () => {
    expect(table.map((x) => x.team_id)).toEqual(["a", "c", "b", "d"]);
    const c = table.find((x) => x.team_id === "c");
    expect(c).toMatchObject({
      played: 3,
      won: 2,
      lost: 1,
      win_pct: 0.667,
      points_for: 259,
      points_against: 251,
      games_behind: 0.5,
    });
    expect(table[0]).toMatchObject({ win_pct: 1, games_behind: 0 });
  });
});
