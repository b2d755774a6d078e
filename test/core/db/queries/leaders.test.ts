// Leaders' minimum-games rule for per-game stats (src/core/db/queries/leaders.ts): a player ranks by ppg with at
// least 70% of his team's games; totals rank everyone (docs/api.md "Teams, players and search").
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { dbFor } from "../../../../src/core/db/client";
import { getLeaders, MIN_GAMES_PERCENT } from "../../../../src/core/db/queries/leaders";
import { trackedParam } from "../../../../src/core/db/queries/visibility";
import { ingestOps } from "../../../helpers/live";
import { leagueOp, matchOp, newMatchOp, playerLinesOp, playerOp, teamOp } from "../../../helpers/ops";

const LEAGUE = "lg_bb_ldr";
const CUP = "lg_bb_ldrcup";
const tracked = trackedParam([LEAGUE, CUP]);
/** Points per game each player scored, in the games (1–4) he played; both teams play all four. */
const PLAYED: Record<string, { team: string; pts: number; games: number[] }> = {
  pl_ldr_every: { team: "tm_ldr_a", pts: 20, games: [1, 2, 3, 4] },
  pl_ldr_once: { team: "tm_ldr_a", pts: 50, games: [1] },
  pl_ldr_three: { team: "tm_ldr_b", pts: 25, games: [1, 2, 3] },
  pl_ldr_two: { team: "tm_ldr_b", pts: 30, games: [1, 2] },
};

async function play(league: string) {
  for (const g of [1, 2, 3, 4]) {
    const id = `m_${league}_${g}`;
    const side = (team: string) =>
      Object.entries(PLAYED)
        .filter(([, p]) => p.team === team && p.games.includes(g))
        .map(([player_id, p]) => ({ player_id, points: p.pts, minutes: 30, started: true }));
    const [home, away] = [side("tm_ldr_a"), side("tm_ldr_b")];
    const score = (l: { points: number }[]) => l.reduce((n, x) => n + x.points, 0);
    const keys = { id, sport: "basketball", league_id: league };
    await ingestOps([
      newMatchOp({
        ...keys,
        home_team_id: "tm_ldr_a",
        away_team_id: "tm_ldr_b",
        kickoff_ts: 1_790_000_000 + g * 86_400,
      }),
      matchOp({ ...keys, status_code: 2 }),
      playerLinesOp({ match_id: id, home, away }),
      matchOp({ ...keys, status_code: 3, home_score: score(home), away_score: score(away) }),
    ]);
  }
}

beforeAll(async () => {
  await ingestOps([
    leagueOp({ id: LEAGUE, sport: "basketball", country: "Spain", name: "Liga Líderes" }),
    leagueOp({ id: CUP, sport: "basketball", country: "Spain", name: "Copa Líderes", format: "cup" }),
    teamOp({ id: "tm_ldr_a", sport: "basketball", name: "Líderes A", country: "Spain" }),
    teamOp({ id: "tm_ldr_b", sport: "basketball", name: "Líderes B", country: "Spain" }),
    ...Object.entries(PLAYED).map(([id, p]) =>
      playerOp({ id, sport: "basketball", team_id: p.team, name: id.replace("pl_ldr_", "Player ") }),
    ),
  ]);
  await play(LEAGUE);
  await play(CUP);
});

const leaders = async (league: string, stat: "ppg" | "points") =>
  (await getLeaders(dbFor(env.DB), "basketball", league, stat, tracked))!.rows.map((r) => [r.player_id, r.value]);

describe("per-game leaders: at least 70% of the team's games", () => {
  it("ranks by ppg only players with 70% of their team's games: 1 or 2 of 4 do not qualify, 3 of 4 does", async () => {
    expect(MIN_GAMES_PERCENT).toBe(70);
    expect(await leaders(LEAGUE, "ppg")).toEqual([
      ["pl_ldr_three", 25],
      ["pl_ldr_every", 20],
    ]);
  });

  it("totals rank everyone, whatever games they played", async () => {
    expect(await leaders(LEAGUE, "points")).toEqual([
      ["pl_ldr_every", 80],
      ["pl_ldr_three", 75],
      ["pl_ldr_two", 60],
      ["pl_ldr_once", 50],
    ]);
  });

  it("a competition without a table (a cup) ranks everyone by ppg", async () => {
    expect(await leaders(CUP, "ppg")).toEqual([
      ["pl_ldr_once", 50],
      ["pl_ldr_two", 30],
      ["pl_ldr_three", 25],
      ["pl_ldr_every", 20],
    ]);
  });
});
