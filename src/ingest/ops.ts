// Ingest ops (CONTRACT.md "Ingest"). Shapes reuse the public schemas, so what a feed writes is what clients read.
import { z } from "zod";
import { SPORTS } from "../domain/codes";
import { Event, IdParam, League, Lineup, StatRow } from "../domain/schemas";

export const MAX_OPS = 500;
export const MAX_BODY_BYTES = 1024 * 1024;

const Sport = z.enum(SPORTS);
const int = z.number().int();
const Season = z.string().regex(/^\d{4}\/\d{2}$/, "expected yyyy/yy");
const optionalInt = (min: number, max: number) => int.min(min).max(max).nullable().optional();

export const LeagueOp = League.extend({
  op: z.literal("league"),
  id: IdParam,
  sport: Sport,
  country: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
  season: Season,
  logo_url: z.url().max(500).nullable().default(null),
  format: z.enum(["league", "cup"]).default("league"),
});

export const TeamOp = z.object({
  op: z.literal("team"),
  id: IdParam,
  sport: Sport,
  name: z.string().min(1).max(200),
  country: z.string().min(1).max(100),
});

/** A match upsert. A new match needs teams, kickoff and status; an update sends only what changed. */
export const MatchOp = z.object({
  op: z.literal("match"),
  id: IdParam,
  sport: Sport,
  league_id: IdParam,
  season: Season.optional(),
  round: z.string().max(100).nullable().optional(),
  home_team_id: IdParam.optional(),
  away_team_id: IdParam.optional(),
  home_score: int.min(0).max(999).optional(),
  away_score: int.min(0).max(999).optional(),
  status_code: int.min(1).max(10).optional(),
  period: optionalInt(1, 99),
  minute: optionalInt(0, 200),
  added_time: optionalInt(0, 60),
  game_clock_secs: optionalInt(0, 3600),
  ht_home_score: optionalInt(0, 999),
  ht_away_score: optionalInt(0, 999),
  home_penalties: optionalInt(0, 99),
  away_penalties: optionalInt(0, 99),
  home_formation: z.string().max(20).nullable().optional(),
  away_formation: z.string().max(20).nullable().optional(),
  referee: z.string().max(200).nullable().optional(),
  venue: z.string().max(200).nullable().optional(),
  attendance: optionalInt(0, 1_000_000),
  kickoff_ts: int.min(0).max(4_102_444_800).optional(),
  finished_at: z.iso.datetime().nullable().optional(),
});
export type MatchOp = z.infer<typeof MatchOp>;

export const EventsOp = z.object({
  op: z.literal("events"),
  match_id: IdParam,
  events: z.array(Event.omit({ seq: true }).extend({ id: IdParam })).max(500),
});

export const StatsOp = z.object({ op: z.literal("stats"), match_id: IdParam, data: z.array(StatRow).max(200) });
export const LineupsOp = z.object({ op: z.literal("lineups"), match_id: IdParam, home: Lineup, away: Lineup });

export const Op = z.discriminatedUnion("op", [LeagueOp, TeamOp, MatchOp, EventsOp, StatsOp, LineupsOp]);
export type Op = z.infer<typeof Op>;

export const IngestBody = z.object({ ops: z.array(Op).min(1).max(MAX_OPS) });
