// Drizzle mirror of migrations/0008_people.sql: players, box scores, season stats, team match index, search.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const players = sqliteTable(
  "players",
  {
    id: text("id").primaryKey(),
    sport: text("sport", { enum: ["football", "basketball"] }).notNull(),
    teamId: text("team_id").notNull(),
    name: text("name").notNull(),
    number: integer("number"),
    position: text("position"),
    nationality: text("nationality"),
    birthDate: text("birth_date"),
  },
  (t) => [index("players_team").on(t.teamId, t.number, t.name)],
);

const count = (name: string) => integer(name).notNull().default(0);

export const playerLines = sqliteTable(
  "player_lines",
  {
    matchId: text("match_id").notNull(),
    playerId: text("player_id").notNull(),
    side: text("side", { enum: ["home", "away"] }).notNull(),
    ord: integer("ord").notNull(),
    name: text("name").notNull(),
    position: text("position"),
    minutes: count("minutes"),
    goals: count("goals"),
    assists: count("assists"),
    shots: count("shots"),
    yellowCards: count("yellow_cards"),
    redCards: count("red_cards"),
    points: count("points"),
    rebounds: count("rebounds"),
    steals: count("steals"),
    blocks: count("blocks"),
    turnovers: count("turnovers"),
    fgMade: count("fg_made"),
    fgAttempted: count("fg_attempted"),
    threeMade: count("three_made"),
    threeAttempted: count("three_attempted"),
    ftMade: count("ft_made"),
    ftAttempted: count("ft_attempted"),
    started: count("started"),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.playerId] }),
    index("player_lines_box").on(t.matchId, t.side, t.ord),
    index("player_lines_player").on(t.playerId, t.matchId),
  ],
);

const total = (name: string) => integer(name).notNull();

export const playerSeasonStats = sqliteTable(
  "player_season_stats",
  {
    playerId: text("player_id").notNull(),
    leagueId: text("league_id").notNull(),
    season: text("season").notNull(),
    playerName: text("player_name").notNull(),
    teamId: text("team_id").notNull(),
    teamName: text("team_name").notNull(),
    matches: total("matches"),
    starts: total("starts"),
    minutes: total("minutes"),
    goals: total("goals"),
    assists: total("assists"),
    yellowCards: total("yellow_cards"),
    redCards: total("red_cards"),
    cards: total("cards"),
    points: total("points"),
    rebounds: total("rebounds"),
    steals: total("steals"),
    blocks: total("blocks"),
    turnovers: total("turnovers"),
    ppg: real("ppg").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.season, t.leagueId] }),
    index("pss_goals").on(t.leagueId, t.season, sql`${t.goals} DESC`, t.playerName),
    index("pss_assists").on(t.leagueId, t.season, sql`${t.assists} DESC`, t.playerName),
    index("pss_cards").on(t.leagueId, t.season, sql`${t.cards} DESC`, t.playerName),
    index("pss_points").on(t.leagueId, t.season, sql`${t.points} DESC`, t.playerName),
    index("pss_rebounds").on(t.leagueId, t.season, sql`${t.rebounds} DESC`, t.playerName),
    index("pss_ppg").on(t.leagueId, t.season, sql`${t.ppg} DESC`, t.playerName),
  ],
);

export const teamMatches = sqliteTable(
  "team_matches",
  {
    teamId: text("team_id").notNull(),
    matchId: text("match_id").notNull(),
    sport: text("sport").notNull(),
    leagueId: text("league_id").notNull(),
    season: text("season").notNull(),
    statusGroup: integer("status_group").notNull(),
    kickoffTs: integer("kickoff_ts").notNull(),
    homeTeamId: text("home_team_id").notNull(),
    awayTeamId: text("away_team_id").notNull(),
    homeTeam: text("home_team").notNull(),
    awayTeam: text("away_team").notNull(),
    homeScore: integer("home_score").notNull(),
    awayScore: integer("away_score").notNull(),
    statusCode: integer("status_code").notNull(),
    minute: integer("minute"),
    updatedAt: text("updated_at").notNull(),
    seq: integer("seq").notNull().default(0),
    /** The match is the simulator's (migration 0018). */
    simulated: integer("simulated", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.matchId] }),
    index("team_matches_kickoff").on(t.teamId, t.sport, t.kickoffTs, t.matchId),
    index("team_matches_status").on(t.teamId, t.sport, t.statusGroup, t.kickoffTs, t.matchId),
    index("team_matches_league").on(t.teamId, t.leagueId, t.kickoffTs, t.matchId),
    index("team_matches_league_status").on(t.teamId, t.leagueId, t.statusGroup, t.kickoffTs, t.matchId),
    index("team_matches_leagues").on(t.teamId, t.leagueId, t.season, t.kickoffTs, t.matchId),
  ],
);

export const teamMatchCounts = sqliteTable(
  "team_match_counts",
  {
    teamId: text("team_id").notNull(),
    day: integer("day").notNull(),
    leagueId: text("league_id").notNull(),
    statusGroup: integer("status_group").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.day, t.leagueId, t.statusGroup] }),
    index("team_match_counts_status").on(t.teamId, t.day, t.statusGroup, t.leagueId, t.n),
  ],
);

export const searchPrefixes = sqliteTable(
  "search_prefixes",
  {
    prefix: text("prefix").notNull(),
    sport: text("sport").notNull(),
    class: integer("class").notNull(),
    folded: text("folded").notNull(),
    kind: text("kind", { enum: ["team", "player", "league"] }).notNull(),
    refId: text("ref_id").notNull(),
    name: text("name").notNull(),
    teamId: text("team_id"),
    country: text("country"),
    l1: text("l1"),
    l2: text("l2"),
    l3: text("l3"),
    l4: text("l4"),
  },
  (t) => [
    primaryKey({ columns: [t.prefix, t.sport, t.kind, t.class, t.folded, t.refId] }),
    index("search_prefixes_ref").on(t.refId),
    index("search_prefixes_team").on(t.teamId),
  ],
);
