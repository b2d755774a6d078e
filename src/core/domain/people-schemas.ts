// Teams, players, box scores, leaders and search (docs/api.md "Teams, players and search"). One schema per shape.
import { z } from "@hono/zod-openapi";
import { SPORTS, type Sport } from "./codes";
import { ExternalIds, LIST_LIMITS, limitParam, listEnvelope } from "./schemas";

/** The box-score counts of player_lines (both sports; the other sport's stay 0). */
export const LINE_COUNTS = [
  "minutes",
  "goals",
  "assists",
  "shots",
  "yellow_cards",
  "red_cards",
  "points",
  "rebounds",
  "steals",
  "blocks",
  "turnovers",
  "fg_made",
  "fg_attempted",
  "three_made",
  "three_attempted",
  "ft_made",
  "ft_attempted",
] as const;

// ---------- request values ----------
export const FOOTBALL_LEADER_STATS = ["goals", "assists", "cards"] as const;
export const BASKETBALL_LEADER_STATS = ["points", "rebounds", "assists", "ppg"] as const;
export type LeaderStat = (typeof FOOTBALL_LEADER_STATS)[number] | (typeof BASKETBALL_LEADER_STATS)[number];

const LeadersSeason = z
  .string()
  .regex(/^\d{4}\/\d{2}$/, "expected yyyy/yy")
  .optional()
  .describe("A season of the league (`yyyy/yy`); default the current one.");
export const LeadersQuery: Record<
  Sport,
  z.ZodObject<{ stat: z.ZodType<LeaderStat>; season: z.ZodOptional<z.ZodString> }>
> = {
  football: z.object({
    stat: z.enum(FOOTBALL_LEADER_STATS).describe("`cards` = yellow + red."),
    season: LeadersSeason,
  }),
  basketball: z.object({
    stat: z.enum(BASKETBALL_LEADER_STATS).describe("`ppg` = points per game."),
    season: LeadersSeason,
  }),
};

export const SEARCH_TYPES = ["team", "player", "league"] as const;
export const SearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(2, "must be 2–100 characters")
    .max(100, "must be 2–100 characters")
    .describe(
      "2–100 characters; case and diacritics are ignored, each word is a prefix of a word of the name; past 10 words " +
        "(after folding: ½ is two words), only the first 10 are used.",
    ),
  type: z.enum(SEARCH_TYPES).optional().describe("Only this kind of result (default all)."),
  limit: limitParam(LIST_LIMITS.search),
});

// ---------- response shapes ----------
const int = z.number().int();

/** A competition season an entity appears in. */
export const LeagueSeason = z
  .object({ league_id: z.string(), season: z.string().describe("yyyy/yy.") })
  .openapi("LeagueSeason");

export const Team = z
  .object({
    id: z.string(),
    sport: z.enum(SPORTS),
    name: z.string(),
    short_name: z.string().nullable(),
    country: z.string(),
    venue: z.string().nullable(),
    logo_url: z.string().nullable(),
    league_ids: z.array(z.string()).describe("Tracked leagues the team plays in this season (none: not this season)."),
    seasons: z.array(LeagueSeason).describe("Every tracked league season the team has a match in, newest first."),
    external_ids: ExternalIds,
  })
  .openapi("Team");

const playerListItem = z.object({
  id: z.string(),
  name: z.string(),
  number: int.nullable(),
  position: z.string().nullable(),
  nationality: z.string().nullable(),
  birth_date: z.string().nullable().describe("YYYY-MM-DD."),
});
export const PlayerListItem = playerListItem.openapi("PlayerListItem");

export const Squad = z
  .object({ team_id: z.string(), season: z.string().nullable(), players: z.array(PlayerListItem) })
  .openapi("Squad");

export const FootballSeasonStats = z
  .object({
    appearances: int,
    starts: int,
    minutes: int,
    goals: int,
    assists: int,
    yellow_cards: int,
    red_cards: int,
  })
  .openapi("FootballSeasonStats");

export const BasketballSeasonStats = z
  .object({
    games: int,
    minutes: int,
    points: int,
    rebounds: int,
    assists: int,
    steals: int,
    blocks: int,
    turnovers: int,
    ppg: z.number().describe("Per game, one decimal; 0 before the first game."),
    rpg: z.number(),
    apg: z.number(),
  })
  .openapi("BasketballSeasonStats");

export const PlayerProfile = playerListItem
  .extend({
    sport: z.enum(SPORTS),
    team_id: z.string(),
    team: z.string(),
    season: z
      .string()
      .nullable()
      .describe("The season the stats cover (every competition): the current one, or the last he played."),
    season_stats: z.union([FootballSeasonStats, BasketballSeasonStats]),
    seasons: z.array(LeagueSeason).describe("Every tracked league season he has stats in, newest first."),
    external_ids: ExternalIds,
  })
  .openapi("PlayerProfile");

const LineBase = z.object({
  player_id: z.string(),
  name: z.string(),
  position: z.string().nullable(),
  minutes: int,
  started: z.boolean(),
});

export const FootballPlayerLine = LineBase.extend({
  goals: int,
  assists: int,
  shots: int,
  yellow_cards: int,
  red_cards: int,
}).openapi("FootballPlayerLine");

export const BasketballPlayerLine = LineBase.extend({
  points: int,
  rebounds: int,
  assists: int,
  steals: int,
  blocks: int,
  turnovers: int,
  fg_made: int,
  fg_attempted: int,
  three_made: int,
  three_attempted: int,
  ft_made: int,
  ft_attempted: int,
}).openapi("BasketballPlayerLine");

const PlayerLine = z.union([FootballPlayerLine, BasketballPlayerLine]);
export const BoxScore = z
  .object({ match_id: z.string(), home: z.array(PlayerLine), away: z.array(PlayerLine) })
  .openapi("BoxScore");

export const Leader = z
  .object({
    rank: int.describe("Competition ranking: ties share a rank (1, 2, 2, 4)."),
    player_id: z
      .string()
      .nullable()
      .describe("Null where the season's source names the scorer but has no player of ours (the history's timelines)."),
    player: z.string(),
    team_id: z.string(),
    team: z.string(),
    value: z.number(),
    matches: int.describe("Matches with a line for the player (ranked from the timeline: matches he scored in)."),
  })
  .openapi("Leader");

export const Leaders = z
  .object({ league_id: z.string(), season: z.string(), stat: z.string(), data: z.array(Leader) })
  .openapi("Leaders");

export const SearchHit = z
  .object({
    type: z.enum(SEARCH_TYPES),
    id: z.string(),
    name: z.string(),
    sport: z.enum(SPORTS),
    team_id: z.string().optional().describe("Players: their team."),
    league_id: z.string().optional().describe("Teams and players: one tracked league they play in."),
    country: z.string().optional().describe("Teams and leagues."),
    season: z
      .string()
      .optional()
      .describe(
        "The season the hit belongs to: a league's current one; a team's (a player's team's): that of its latest match in a tracked league. Hits of the current season come first.",
      ),
  })
  .openapi("SearchHit");
export const SearchList = listEnvelope(SearchHit).openapi("SearchList");

export type Team = z.infer<typeof Team>;
export type PlayerListItem = z.infer<typeof PlayerListItem>;
export type PlayerProfile = z.infer<typeof PlayerProfile>;
export type FootballPlayerLine = z.infer<typeof FootballPlayerLine>;
export type BasketballPlayerLine = z.infer<typeof BasketballPlayerLine>;
export type Leader = z.infer<typeof Leader>;
export type SearchHit = z.infer<typeof SearchHit>;
