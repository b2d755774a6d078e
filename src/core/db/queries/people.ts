// Teams, squads and players of the account's tracked leagues. A team is visible once it has played in a tracked league,
// whatever the season (the history's clubs too, issue 49); its players with it. Each read is one batch: visibility
// and data in one round trip.
import type { Sport } from "../../domain/codes";
import { seasonStats } from "../../domain/box-score";
import type { PlayerListItem, PlayerProfile, Team } from "../../domain/people-schemas";
import type { Db } from "../client";
import { externalIdsSql, MERGED_INTO, parseExternalIds } from "./identities";
import { seasonLeaguesOf, trackedSql, type Tracked } from "./visibility";

type Row = Record<string, unknown>;

/** Tracked leagues whose current season the team plays in (`team` is bound as ?1, the caller's leagues as ?2). */
const TEAM_LEAGUES = (team: string) =>
  `${seasonLeaguesOf(team, `AND ${trackedSql("c.league_id", "?2")}`, "c.league_id, l.season")} ORDER BY c.league_id`;

/**
 * Every tracked league season the team has a match in, newest first (`team` bound as ?1, the leagues as ?2). A skip
 * scan of team_matches_leagues: one seek per (league, season) the team played, however many matches each holds (a
 * club of the history plays ~40 a season): the seek starts past the last kickoff of the pair before, not at its first
 * match. The pair travels as one text, league and season joined by U+001F.
 */
const LAST = "9223372036854775807";
const SEP = "char(31)";
const league = (v: string) => `substr(${v}, 1, instr(${v}, ${SEP}) - 1)`;
const season = (v: string) => `substr(${v}, instr(${v}, ${SEP}) + 1)`;
const nextPair = (team: string, after?: string) =>
  `(SELECT tm.league_id || ${SEP} || tm.season FROM team_matches tm INDEXED BY team_matches_leagues
    WHERE tm.team_id = ${team}${after ? ` AND (tm.league_id, tm.season, tm.kickoff_ts) > (${league(after)}, ${season(after)}, ${LAST})` : ""}
    ORDER BY tm.league_id, tm.season LIMIT 1)`;
const TEAM_SEASONS = (team: string) =>
  `WITH RECURSIVE k(v) AS (SELECT ${nextPair(team)} UNION ALL SELECT ${nextPair(team, "k.v")} FROM k WHERE k.v IS NOT NULL)
   SELECT ${league("v")} AS league_id, ${season("v")} AS season FROM k
   WHERE v IS NOT NULL AND ${trackedSql(league("v"), "?2")} ORDER BY season DESC, league_id`;

const seasonRows = (rows: Row[]) => rows.map((r) => ({ league_id: String(r.league_id), season: String(r.season) }));

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
  const [team, leagues, seasons] = await d1.batch<Row>([
    d1
      .prepare(
        `SELECT id, sport, name, short_name, country, venue, logo_url, ${externalIdsSql("team", "teams.id")} AS external_ids FROM teams WHERE id = ${TEAM} AND sport = ?2`,
      )
      .bind(id, sport),
    d1.prepare(TEAM_LEAGUES(TEAM)).bind(id, tracked),
    d1.prepare(TEAM_SEASONS(TEAM)).bind(id, tracked),
  ]);
  const t = team!.results[0];
  if (!t || seasons!.results.length === 0) return undefined;
  return {
    ...(t as unknown as Omit<Team, "league_ids" | "seasons">),
    league_ids: leagues!.results.map((l) => String(l.league_id)),
    seasons: seasonRows(seasons!.results),
    external_ids: parseExternalIds(t.external_ids),
  };
}

export async function getSquad(db: Db, sport: Sport, id: string, tracked: Tracked) {
  const d1 = db.$client;
  const [team, leagues, seasons, players] = await d1.batch<Row>([
    d1.prepare(`SELECT id FROM teams WHERE id = ${TEAM} AND sport = ?2`).bind(id, sport),
    d1.prepare(TEAM_LEAGUES(TEAM)).bind(id, tracked),
    d1.prepare(`${TEAM_SEASONS(TEAM)} LIMIT 1`).bind(id, tracked),
    d1
      .prepare(
        `SELECT ${PLAYER_COLUMNS} FROM players p INDEXED BY players_team WHERE p.team_id = ${TEAM} ORDER BY p.number, p.name`,
      )
      .bind(id),
  ]);
  if (!team!.results[0] || seasons!.results.length === 0) return undefined;
  return {
    team_id: String(team!.results[0]!.id),
    // The current season while it plays one; else the last it played (the squad is as the sources left it).
    season: seasonOf(leagues!.results) ?? String(seasons!.results[0]!.season),
    players: players!.results as unknown as PlayerListItem[],
  };
}

/** The player, his team's tracked competitions, and his season stats rows (every competition, every season). */
export async function getPlayerRows(db: Db, sport: Sport, id: string, tracked: Tracked, asked?: string) {
  const d1 = db.$client;
  const TEAM_OF = `(SELECT team_id FROM players WHERE id = ${PLAYER})`;
  const [player, leagues, teamSeasons, stats] = await d1.batch<Row>([
    d1
      .prepare(
        `SELECT ${PLAYER_COLUMNS}, p.sport, p.team_id, t.name AS team, ${externalIdsSql("player", "p.id")} AS external_ids FROM players p JOIN teams t ON t.id = p.team_id WHERE p.id = ${PLAYER} AND p.sport = ?3`,
      )
      .bind(id, tracked, sport),
    d1.prepare(TEAM_LEAGUES(TEAM_OF)).bind(id, tracked),
    d1.prepare(`${TEAM_SEASONS(TEAM_OF)} LIMIT 1`).bind(id, tracked),
    d1
      .prepare(
        `SELECT * FROM player_season_stats WHERE player_id = ${PLAYER} AND ${trackedSql("league_id", "?2")} ORDER BY season DESC, league_id`,
      )
      .bind(id, tracked),
  ]);
  const p = player!.results[0];
  if (!p || teamSeasons!.results.length === 0) return undefined;
  // The current season while his team plays one; else the last he has stats for (or his team played).
  const season =
    asked ?? seasonOf(leagues!.results) ?? String(stats!.results[0]?.season ?? teamSeasons!.results[0]!.season);
  return {
    player: { ...p, external_ids: parseExternalIds(p.external_ids) },
    season,
    seasons: seasonRows(stats!.results),
    stats: stats!.results.filter((s) => s.season === season),
  };
}

/**
 * The player's profile as REST and MCP give it: his row, the season his stats cover (`season` asked for, or the
 * current one, or his last), those stats and his seasons.
 */
export async function getPlayer(
  db: Db,
  sport: Sport,
  id: string,
  tracked: Tracked,
  season?: string,
): Promise<PlayerProfile | undefined> {
  const res = await getPlayerRows(db, sport, id, tracked, season);
  if (!res) return undefined;
  return {
    ...(res.player as unknown as Omit<PlayerProfile, "season" | "season_stats" | "seasons">),
    season: res.season,
    season_stats: seasonStats(sport, res.stats),
    seasons: res.seasons,
  };
}
