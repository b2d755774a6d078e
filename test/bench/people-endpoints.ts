// The people endpoints' statements for P2 (rows_read per endpoint), on a team and player of the given match.
import { env } from "cloudflare:workers";
import type { Db } from "../../src/core/db/client";
import { getBoxScore } from "../../src/core/db/queries/enrichments";
import { getLeaders } from "../../src/core/db/queries/leaders";
import { getPlayerRows, getSquad, getTeam } from "../../src/core/db/queries/people";
import { search } from "../../src/core/db/queries/search";
import type { Tracked } from "../../src/core/db/queries/visibility";

export function peopleEndpoints(
  sport: "football" | "basketball",
  matchId: string,
  bound: Tracked,
): [string, (db: Db) => Promise<unknown>][] {
  const league = sport === "football" ? "lg_fb_eng1" : "lg_bb_nba";
  const teamOf = async () =>
    (await env.DB.prepare("SELECT home_team_id AS id FROM matches WHERE id = ?").bind(matchId).first<{ id: string }>())!
      .id;
  const playerOf = async () =>
    (await env.DB.prepare("SELECT player_id AS id FROM player_lines WHERE match_id = ? LIMIT 1")
      .bind(matchId)
      .first<{ id: string }>())!.id;
  const stat = sport === "football" ? "goals" : "points";
  return [
    [`${sport} team`, async (db) => getTeam(db, sport, await teamOf(), bound)],
    [`${sport} squad`, async (db) => getSquad(db, sport, await teamOf(), bound)],
    [`${sport} player`, async (db) => getPlayerRows(db, sport, await playerOf(), bound)],
    [`${sport} leaders ?stat=${stat}`, (db) => getLeaders(db, sport, league, stat, bound)],
    [`${sport} match players (box score)`, (db) => getBoxScore(db, sport, matchId, bound)],
    [`${sport} search ?q=ma`, (db) => search(db, sport, "ma", undefined, 10, bound)],
    [
      `${sport} matches ?team_id`,
      async (db) =>
        (await import("../../src/core/db/queries/matches")).listMatches(
          db,
          { sport, tracked: bound, teamId: await teamOf() },
          50,
        ),
    ],
  ];
}
