// One zod schema per shape: the request validators, the OpenAPI and AsyncAPI documents and the MCP tools use these.
// `z` is zod's, extended by @hono/zod-openapi with `.openapi()`: a named shape (`.openapi("Id")`) becomes a
// component of both documents.
import { z } from "@hono/zod-openapi";
import { PROBLEM_CODES } from "../errors";
import { EVENT_TYPE_DESCRIPTIONS, EVENT_TYPES, PERIOD_DESCRIPTIONS, SPORTS, STATUS_DESCRIPTIONS } from "./codes";
import { utcDay } from "../../lib/time";

/** `enum` plus `x-enumDescriptions` (a value → words map, read by Redoc and Scalar) for a documented code list. */
const described = (descriptions: Record<string | number, string>, numeric: boolean) => ({
  enum: Object.keys(descriptions).map((k) => (numeric ? Number(k) : k)),
  "x-enumDescriptions": descriptions,
});

// ---------- codes ----------
export const StatusCode = z
  .number()
  .int()
  .min(1)
  .max(10)
  .openapi("StatusCode", {
    description: "Match status (3, 9 and 10 are final).",
    ...described(STATUS_DESCRIPTIONS, true),
  });

export const PeriodCode = z
  .number()
  .int()
  .openapi("PeriodCode", {
    description:
      "Period of a live match. Basketball overtime n is 25 + n for OT1–OT4 and 26 + n from OT5 (30 is half-time).",
    ...described(PERIOD_DESCRIPTIONS, true),
  });

const EVENT_TYPE_SET: ReadonlySet<string> = new Set(EVENT_TYPES);
/** Checked at ingest, so what clients read is what this documents; typed as string: clients tolerate new types. */
/** `.nullable()` would keep PeriodCode's name and drop the null from the document: a union keeps both. */
const periodOrNull = z.union([PeriodCode, z.null()]);

export const EventType = z
  .string()
  .refine((t) => EVENT_TYPE_SET.has(t), "not a known event type")
  .openapi("EventType", {
    description: "Timeline event type; new types may be added (treat unknown ones as neutral).",
    ...described(EVENT_TYPE_DESCRIPTIONS, false),
  });

// ---------- request values ----------
export const SportParam = z.enum(SPORTS).describe("`football` or `basketball`; anything else is 404.");

export const IdParam = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "ids are 1–64 characters of A–Z, a–z, 0–9, _ and -")
  .describe("Opaque identifier.");

const isCalendarDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && utcDay(d.getTime()) === s;
};
export const DateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD")
  .refine(isCalendarDate, "not a calendar date")
  .describe("A UTC day, YYYY-MM-DD: matches whose kickoff falls on it.");

/** Page sizes of the lists, REST and MCP alike: 1–max, `fallback` when absent, larger values clamped to max. */
export const LIST_LIMITS = {
  matches: { max: 200, fallback: 50 },
  h2h: { max: 50, fallback: 10 },
  search: { max: 50, fallback: 10 },
  changes: { max: 1000, fallback: 100 },
} as const;
type ListLimit = (typeof LIST_LIMITS)[keyof typeof LIST_LIMITS];

const pageSize = (n: z.ZodNumber | z.ZodCoercedNumber, { max, fallback }: ListLimit) =>
  n
    .int("must be an integer")
    .min(1, "must be at least 1")
    .optional()
    .transform((x) => Math.min(x ?? fallback, max))
    .describe(`Page size, 1–${max} (default ${fallback}); larger values are clamped to ${max}.`);
/** `limit` in a query string: text, coerced to a number. */
export const limitParam = (limit: ListLimit) => pageSize(z.coerce.number(), limit);
/** `limit` in JSON (an MCP tool's arguments): a number, never text. */
export const limitArg = (limit: ListLimit) => pageSize(z.number(), limit);

export const MatchListQuery = z.object({
  status: z.enum(["live", "scheduled", "finished"]).optional().describe("`finished` covers status codes 3, 9 and 10."),
  league_id: IdParam.optional(),
  date: DateParam.optional(),
  team_id: IdParam.optional().describe("Only the matches of this team (home or away)."),
  season: z
    .string()
    .regex(/^\d{4}\/\d{2}$/, "expected yyyy/yy")
    .optional()
    .describe("Only this season of the league (`yyyy/yy`); needs `league_id`: a season is a league's."),
  limit: limitParam(LIST_LIMITS.matches),
  after: z.string().max(200).optional().describe("`next_cursor` of the previous page."),
});
export type MatchListQuery = z.infer<typeof MatchListQuery>;

export const H2HQuery = z.object({ limit: limitParam(LIST_LIMITS.h2h) });
export const TeamH2HQuery = H2HQuery.extend({ opponent: IdParam.describe("The other team's id.") });

export const StandingsQuery = z.object({
  season: z
    .string()
    .regex(/^\d{4}\/\d{2}$/, "expected yyyy/yy")
    .optional()
    .describe("A past season's final table (`yyyy/yy`); default the current season's table."),
});

export const ChangesQuery = z.object({
  since: z
    .string()
    .max(40)
    .optional()
    .describe(
      "`next_cursor` of the previous call; empty or absent: the oldest retained change; `now`: no data, the cursor of the latest change.",
    ),
  limit: limitParam(LIST_LIMITS.changes),
});

// ---------- response shapes ----------
/** What the service has for a league's current season (docs/data.md "Coverage"). */
export const Coverage = z
  .object({
    live: z.boolean().describe("Matches are followed as they are played (a provider feed or the simulator)."),
    events: z.boolean().describe("Timelines: goals, cards, substitutions (`/matches/{id}/events`)."),
    lineups: z.boolean().describe("Line-ups (`/matches/{id}/lineups`)."),
    stats: z.boolean().describe("Match statistics (`/matches/{id}/stats`)."),
    players: z.boolean().describe("Players: squads, box scores, leaders (`/players/{id}`, `/teams/{id}/players`)."),
  })
  .describe(
    "What the service has for this league's current season. A route for a match of a league without it answers `404 no_data`.",
  )
  .openapi("Coverage");

export const League = z
  .object({
    id: z.string(),
    country: z.string().describe("Country name; the continent for continental tournaments."),
    name: z.string(),
    season: z.string().describe("Current season, `yyyy/yy`."),
    logo_url: z.string().nullable(),
    coverage: Coverage,
    simulated: z
      .boolean()
      .describe(
        "The league's matches come from the simulator (local and staging demos), not from a real source: invented results.",
      ),
  })
  .openapi("League");

const nullableInt = z.number().int().nullable();

const matchListItem = z.object({
  id: z.string(),
  league_id: z.string(),
  season: z.string(),
  home_team: z.string(),
  away_team: z.string(),
  home_team_id: z.string(),
  away_team_id: z.string(),
  home_score: z.number().int(),
  away_score: z.number().int(),
  status_code: StatusCode,
  minute: nullableInt.describe("Football match minute while live; null otherwise."),
  kickoff_ts: z.number().int().describe("Kickoff, Unix epoch seconds (UTC)."),
  updated_at: z.string().describe("RFC 3339 UTC time of the last change to the match record."),
  seq: z
    .number()
    .int()
    .describe(
      "The seq of the last stream message this representation reflects (0 before the first): open the match's stream with `?since=` this value to receive exactly what follows.",
    ),
  simulated: z
    .boolean()
    .describe(
      "Not a real match being played now: an invented one the simulator plays for trying the service (docs/data.md), " +
        "or a replay of a finished match (POST /v1/replays); false for a real one.",
    ),
});
export const MatchListItem = matchListItem.openapi("MatchListItem");

/** Where an entity comes from: each source's own reference to it (docs/identity.md "external_ids"). */
export const ExternalIds = z
  .record(z.string(), z.string())
  .describe(
    "Each source's own reference to this entity, by source: `api-football`, `api-basketball` and `football-data` ids " +
      "as those APIs give them, `openfootball` the team name its files use. Join our data with yours on these.",
  )
  .openapi("ExternalIds", {
    example: { "api-football": "33", "football-data": "66", openfootball: "Manchester United" },
  });

export const MatchDetail = matchListItem
  .extend({
    sport: z.enum(SPORTS),
    round: z.string().nullable(),
    period: periodOrNull.describe("Period code while live, null otherwise."),
    period_label: z.string().nullable(),
    added_time: nullableInt,
    game_clock_secs: nullableInt.describe("Basketball: seconds left in the period."),
    ht_home_score: nullableInt,
    ht_away_score: nullableInt,
    home_penalties: nullableInt.describe("Shoot-out score (status 9)."),
    away_penalties: nullableInt,
    home_formation: z.string().nullable(),
    away_formation: z.string().nullable(),
    referee: z.string().nullable(),
    venue: z.string().nullable(),
    attendance: nullableInt,
    finished_at: z.string().nullable(),
    league: z.object({ id: z.string(), name: z.string(), country: z.string() }),
    external_ids: ExternalIds,
  })
  .openapi("MatchDetail");

export const Event = z
  .object({
    id: z.string(),
    seq: z.number().int(),
    type: EventType,
    minute: nullableInt,
    added_time: nullableInt,
    period: periodOrNull,
    team: z.enum(["home", "away"]).nullable(),
    player: z.string().nullable(),
    player_in: z.string().nullable(),
    player_out: z.string().nullable(),
    detail: z.string().nullable(),
    player_id: z.string().nullable().describe("Id of `player`, when known."),
    player_in_id: z.string().nullable(),
    player_out_id: z.string().nullable(),
  })
  .openapi("Event");

export const EventsResponse = z
  .object({
    match_id: z.string(),
    seq: z
      .number()
      .int()
      .describe("The match's seq this timeline reflects: open its stream with `?since=` this value to follow it."),
    data: z.array(Event),
  })
  .openapi("Events");

export const StatRow = z
  .object({ section: z.string(), name: z.string(), home: z.number(), away: z.number() })
  .openapi("StatRow");

export const StatsResponse = z.object({ match_id: z.string(), data: z.array(StatRow) }).openapi("Stats");

export const Player = z
  .object({
    name: z.string(),
    number: z.number().int().nullable(),
    position: z.string().nullable(),
    player_id: z.string().nullable().describe("Id of the player, null when unknown."),
  })
  .openapi("Player");

export const Lineup = z
  .object({
    formation: z.string().nullable(),
    starters: z.array(Player),
    substitutes: z.array(Player),
    coach: z.string().nullable(),
  })
  .openapi("Lineup");

export const LineupsResponse = z.object({ match_id: z.string(), home: Lineup, away: Lineup }).openapi("Lineups");

const StandingRowBase = z.object({
  position: z.number().int().describe("Place in its table (its group's, in a competition played in groups)."),
  group: z
    .string()
    .nullable()
    .describe(
      "The group whose table this row is in (`Group A` … in a World Cup, a EURO, a cup's group stage); null in a competition with one table. Rows come group by group.",
    ),
  team_id: z.string(),
  team: z.string(),
  played: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
});

export const FootballStandingRow = StandingRowBase.extend({
  drawn: z.number().int(),
  goals_for: z.number().int(),
  goals_against: z.number().int(),
  goal_difference: z.number().int(),
  points: z.number().int(),
  form: z.string().describe("Last five results, oldest first (e.g. `WWDLW`)."),
}).openapi("FootballStandingRow");

export const BasketballStandingRow = StandingRowBase.extend({
  points_for: z.number().int(),
  points_against: z.number().int(),
  win_pct: z.number().describe("won / played, three decimals; 0 before the first game."),
  games_behind: z.number(),
}).openapi("BasketballStandingRow");

export const StandingRow = z.union([FootballStandingRow, BasketballStandingRow]);
export type FootballStandingRow = z.infer<typeof FootballStandingRow>;
export type BasketballStandingRow = z.infer<typeof BasketballStandingRow>;
export type StandingRow = FootballStandingRow | BasketballStandingRow;

export const Standings = z
  .object({
    league_id: z.string(),
    season: z.string(),
    as_of: z.string().describe("RFC 3339 time the table reflects."),
    standings: z.array(StandingRow),
  })
  .openapi("Standings");

export const H2H = z
  .object({
    match_id: z
      .string()
      .nullable()
      .describe("The match the meetings are before; null for a team against a team (every meeting)."),
    home_team_id: z.string().describe("The match's home team; of a team against a team, the team (`home_team_*`)."),
    away_team_id: z.string().describe("The match's away team; of a team against a team, the opponent (`away_team_*`)."),
    summary: z.object({
      played: z.number().int(),
      home_team_wins: z.number().int(),
      away_team_wins: z.number().int(),
      draws: z.number().int(),
      home_team_goals: z.number().int(),
      away_team_goals: z.number().int(),
    }),
    matches: z.array(MatchListItem),
  })
  .openapi("H2H");

export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int().describe("Number of records matching the filters, over all pages."),
    limit: z.number().int().describe("Effective page size."),
    next_cursor: z.string().nullable().describe("Pass as `after` for the next page; null on the last page."),
  });
export const Change = z
  .object({
    match_id: z.string(),
    league_id: z.string(),
    seq: z.number().int().describe("The match's seq after this change (as on its REST representation)."),
    parts: z
      .array(z.enum(["match", "events", "stats", "lineups", "players", "standings"]))
      .describe("What changed: re-read these parts of the match (`standings`: its league's table)."),
    at: z.string().describe("RFC 3339 UTC time of the commit."),
  })
  .openapi("Change");
export const ChangeList = z
  .object({
    data: z.array(Change).describe("Changes of the tracked leagues, in commit order."),
    next_cursor: z.string().describe("Pass as `since` for what follows; the same cursor again when nothing did."),
  })
  .openapi("ChangeList");
export const LeagueList = listEnvelope(League).openapi("LeagueList");
export const MatchList = listEnvelope(MatchListItem).openapi("MatchList");

export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.enum(PROBLEM_CODES),
    detail: z.string(),
    request_id: z.string().optional().describe("Id of the request (also in `X-Request-Id`); quote it to support."),
  })
  .openapi("Problem");

// ---------- WebSocket frames ----------
const frame = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    type: z.literal(type),
    match_id: z.string(),
    sport: z.enum(SPORTS),
    seq: z.number().int().describe("Per match, +1 per message; the same on /v1/ws/match/{id} and /v1/ws/live."),
    ts: z.number().int().describe("Epoch milliseconds."),
    data,
  });
export const ScoreData = z.object({
  home: z.number().int(),
  away: z.number().int(),
  period: periodOrNull.optional(),
  minute: nullableInt.optional(),
  added_time: nullableInt.optional(),
  game_clock_secs: nullableInt.optional(),
});
const StatusChange = z.object({ from: StatusCode, to: StatusCode });
export const ScoreUpdateFrame = frame("score_update", ScoreData).openapi("ScoreUpdateFrame", {
  description: "The score, period, minute or clock changed.",
});
export const StatusChangeFrame = frame("status_change", StatusChange).openapi("StatusChangeFrame", {
  description: "The status code changed; after a change to 3, 9 or 10 a match stream closes with 1000.",
});
export const EventAddedFrame = frame("event_added", Event).openapi("EventAddedFrame", {
  description: "A timeline event was added.",
});
export const EventUpdatedFrame = frame("event_updated", Event).openapi("EventUpdatedFrame", {
  description:
    "A timeline event was corrected (a changed scorer, minute or type): `data` is the whole event as it now stands, " +
    "same `id` and `seq`; replace the one you hold.",
});
/** What a removal names: the event that is no longer in the timeline. */
export const EventRef = z.object({ id: z.string().describe("Id of the removed event.") }).openapi("EventRef");
export const EventRemovedFrame = frame("event_removed", EventRef).openapi("EventRemovedFrame", {
  description:
    "A timeline event was withdrawn (a goal disallowed by VAR, a duplicate): drop it. The score is not derived " +
    "from events: its correction arrives as a `score_update`.",
});
export const LiveMessage = z
  .discriminatedUnion("type", [
    ScoreUpdateFrame,
    StatusChangeFrame,
    EventAddedFrame,
    EventUpdatedFrame,
    EventRemovedFrame,
  ])
  .openapi("LiveMessage");
// What a stream opens with (docs/live-streams.md "Streams open with state"): not a published update, so it is not in
// LiveMessage (which ingest numbers and rooms log); StreamMessage is every message a stream may carry.
export const StateFrame = frame("state", MatchListItem).openapi("StateFrame", {
  description:
    "The match as it stands at `seq` (the seq of the last message it reflects; `data` is the REST list item). Sent first " +
    "by /v1/ws/match/{id} and /v1/sse/match/{id} opened without `since`, and once per live match of the tracked leagues " +
    "when /v1/ws/live or /v1/sse/live opens. Apply it, then the messages with a greater seq.",
});
/** The data of an SSE stream's last event, `event: close`: the WebSocket close code and reason it stands for. */
export const StreamClose = z
  .object({
    code: z.number().int().describe("1000 after the final whistle; 1008 revoked key, untracked league, lowered plan."),
    reason: z.string().describe("e.g. `match finished`, `api key revoked`, `league no longer tracked`."),
  })
  .openapi("StreamClose", {
    description: "Why the server ended an SSE stream (`event: close`), as a WebSocket close.",
  });
export const StreamMessage = z
  .discriminatedUnion("type", [StateFrame, ...LiveMessage.options])
  .openapi("StreamMessage", { description: "Any message of a stream: a state, or a LiveMessage." });

export type League = z.infer<typeof League>;
export type MatchListItem = z.infer<typeof MatchListItem>;
export type MatchDetail = z.infer<typeof MatchDetail>;
export type Event = z.infer<typeof Event>;
export type StatRow = z.infer<typeof StatRow>;
export type Lineup = z.infer<typeof Lineup>;
export type Player = z.infer<typeof Player>;
export type Standings = z.infer<typeof Standings>;
export type H2H = z.infer<typeof H2H>;
