// The people endpoints' statements for P2 (rows_read per endpoint), on a team and player of the given match.
import { env } from "cloudflare:workers";
import type { Db } from "../../src/core/db/client";
import { getBoxScore } from "../../src/core/db/queries/enrichments";
import { getLeaders } from "../../src/core/db/queries/leaders";
import { getPlayerRows, getSquad, getTeam } from "../../src/core/db/queries/people";
import { search } from "../../src/core/db/queries/search";

export function peopleEndpoints(
  sport: "football" | "basketball",
  matchId: string,
  accountId: string,
  tracked: string[],
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
    [`${sport} team`, async (db) => getTeam(db, sport, await teamOf(), accountId)],
    [`${sport} squad`, async (db) => getSquad(db, sport, await teamOf(), accountId)],
    [`${sport} player`, async (db) => getPlayerRows(db, sport, await playerOf(), accountId)],
    [`${sport} leaders ?stat=${stat}`, (db) => getLeaders(db, sport, league, stat, accountId)],
    [`${sport} match players (box score)`, (db) => getBoxScore(db, sport, matchId, accountId)],
    [`${sport} search ?q=ma`, (db) => search(db, sport, "ma", undefined, 10, tracked)],
    [
      `${sport} matches ?team_id`,
      async (db) =>
        (await import("../../src/core/db/queries/matches")).listMatches(
          db,
          { sport, accountId, teamId: await teamOf() },
          50,
        ),
    ],
  ];
}
