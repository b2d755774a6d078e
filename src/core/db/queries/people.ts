// Teams, squads and players of the account's tracked leagues. A team is visible while it plays in a tracked league
// this season; its players with it. Each read is one batch: visibility and data in one round trip.
import type { Sport } from "../../domain/codes";
import type { PlayerListItem, Team } from "../../domain/people-schemas";
import type { Db } from "../client";
import { externalIdsSql, MERGED_INTO, parseExternalIds } from "./identities";
import { seasonLeaguesOf, trackedSql, type Tracked } from "./visibility";

type Row = Record<string, unknown>;

/** Tracked leagues whose current season the team plays in (`team` is bound as ?1, the caller's leagues as ?2). */
const TEAM_LEAGUES = (team: string) =>
  `${seasonLeaguesOf(team, `AND ${trackedSql("c.league_id", "?2")}`, "c.league_id, l.season")} ORDER BY c.league_id`;

const PLAYER_COLUMNS = "p.id, p.name, p.number, p.position, p.nationality, p.birth_date";

/** The newest season among a team's tracked competitions (they may straddle two, e.g. a calendar-year league). */
const seasonOf = (leagues: Row[]) =>
  leagues
    .map((l) => String(l.season))
    .sort()
    .at(-1) ?? null;

/** The team `?1` names: itself, or the team it was merged into (docs/identity.md "Merging"). */
const TEAM = MERGED_INTO("team", "?1");
const PLAYER = MERGED_INTO("player", "?1");

export async function getTeam(db: Db, sport: Sport, id: string, tracked: Tracked): Promise<Team | undefined> {
  const d1 = db.$client;
  const [team, leagues] = await d1.batch<Row>([
    d1
      .prepare(
        `SELECT id, sport, name, short_name, country, venue, logo_url, ${externalIdsSql("team", "teams.id")} AS external_ids FROM teams WHERE id = ${TEAM} AND sport = ?2`,
      )
      .bind(id, sport),
    d1.prepare(TEAM_LEAGUES(TEAM)).bind(id, tracked),
  ]);
  const t = team!.results[0];
  if (!t || leagues!.results.length === 0) return undefined;
  return {
    ...(t as unknown as Omit<Team, "league_ids">),
    league_ids: leagues!.results.map((l) => String(l.league_id)),
    external_ids: parseExternalIds(t.external_ids),
  };
}

export async function getSquad(db: Db, sport: Sport, id: string, tracked: Tracked) {
  const d1 = db.$client;
  const [team, leagues, players] = await d1.batch<Row>([
    d1.prepare(`SELECT id FROM teams WHERE id = ${TEAM} AND sport = ?2`).bind(id, sport),
    d1.prepare(TEAM_LEAGUES(TEAM)).bind(id, tracked),
    d1
      .prepare(
        `SELECT ${PLAYER_COLUMNS} FROM players p INDEXED BY players_team WHERE p.team_id = ${TEAM} ORDER BY p.number, p.name`,
      )
      .bind(id),
  ]);
  if (!team!.results[0] || leagues!.results.length === 0) return undefined;
  return {
    team_id: String(team!.results[0]!.id),
    season: seasonOf(leagues!.results),
    players: players!.results as unknown as PlayerListItem[],
  };
}

/** The player, his team's tracked competitions, and his season stats rows (every competition, every season). */
export async function getPlayerRows(db: Db, sport: Sport, id: string, tracked: Tracked) {
  const d1 = db.$client;
  const [player, leagues, stats] = await d1.batch<Row>([
    d1
      .prepare(
        `SELECT ${PLAYER_COLUMNS}, p.sport, p.team_id, t.name AS team, ${externalIdsSql("player", "p.id")} AS external_ids FROM players p JOIN teams t ON t.id = p.team_id WHERE p.id = ${PLAYER} AND p.sport = ?3`,
      )
      .bind(id, tracked, sport),
    d1.prepare(TEAM_LEAGUES(`(SELECT team_id FROM players WHERE id = ${PLAYER})`)).bind(id, tracked),
    d1.prepare(`SELECT * FROM player_season_stats WHERE player_id = ${PLAYER}`).bind(id),
  ]);
  const p = player!.results[0];
  if (!p || leagues!.results.length === 0) return undefined;
  const season = seasonOf(leagues!.results);
  return {
    player: { ...p, external_ids: parseExternalIds(p.external_ids) },
    season,
    stats: stats!.results.filter((s) => s.season === season),
  };
}
