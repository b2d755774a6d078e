// Ingest ops (docs/operations.md "Ingest"). Shapes reuse the public schemas, so what a feed writes is what clients
// read.
import { z } from "zod";
import { SPORTS } from "../domain/codes";
import { LINE_COUNTS } from "../domain/people-schemas";
import { Event, IdParam, League, Lineup, Player, StatRow } from "../domain/schemas";

export const MAX_OPS = 500;
export const MAX_BODY_BYTES = 1024 * 1024;

const Sport = z.enum(SPORTS);
const int = z.number().int();

/**
 * Text a source may send (docs/operations.md "Ingest": one validation for every source): at most `max` characters,
 * and none that would change how the text around it reads — control characters (C0, DEL, C1), direction marks and
 * overrides, or a lone surrogate. A real name never holds one; a hostile or broken provider's may.
 */
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]|\p{Cs}/u;
export const Text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !UNSAFE_TEXT.test(s), "control or text-direction characters are not allowed");
const Name = Text(200).pipe(z.string().min(1));
/** A logo or crest: an absolute http(s) URL (never `javascript:` or `data:`). */
const HttpUrl = z.url({ protocol: /^https?$/ }).max(500);
const Season = z.string().regex(/^\d{4}\/\d{2}$/, "expected yyyy/yy");
const optionalInt = (min: number, max: number) => int.min(min).max(max).nullable().optional();

const LeagueOp = League.omit({ coverage: true }).extend({
  op: z.literal("league"),
  /** The simulator's leagues say so; left out, the stored value stays (docs/operations.md "Ingest"). */
  simulated: z.boolean().optional(),
  id: IdParam,
  sport: Sport,
  country: Text(100).pipe(z.string().min(1)),
  name: Name,
  season: Season,
  logo_url: HttpUrl.nullable().default(null),
  format: z.enum(["league", "cup"]).default("league"),
});

/** An omitted nullable field means null (docs/operations.md "Ingest": feeds may send sparse objects). */
function sparse<T extends z.ZodObject>(o: T): T {
  const shape = Object.fromEntries(
    Object.entries(o.shape).map(([k, f]) => {
      const t = f as z.ZodType;
      const nullable = t.safeParse(null).success && !t.safeParse(undefined).success;
      return [k, nullable ? (t as z.ZodNullable<z.ZodType>).default(null) : t];
    }),
  );
  return z.object(shape) as unknown as T;
}

const nullableText = (max: number) => Text(max).nullable();

const TeamOp = sparse(
  z.object({
    op: z.literal("team"),
    id: IdParam,
    sport: Sport,
    name: Name,
    country: Text(100).pipe(z.string().min(1)),
    short_name: nullableText(50),
    venue: nullableText(200),
    logo_url: HttpUrl.nullable(),
  }),
);

const PlayerOp = sparse(
  z.object({
    op: z.literal("player"),
    id: IdParam,
    sport: Sport,
    team_id: IdParam,
    name: Name,
    number: int.min(0).max(999).nullable(),
    position: nullableText(20),
    nationality: nullableText(100),
    birth_date: z.iso.date().nullable(),
  }),
);

const count = int.min(0).max(9999).default(0);
/** A box-score line; counts a feed leaves out are 0, the name defaults to the player's. */
export const LineIn = z.object({
  player_id: IdParam,
  name: Name.optional(),
  position: nullableText(20).optional(),
  started: z.boolean().default(false),
  ...Object.fromEntries(LINE_COUNTS.map((k) => [k, count])),
});
export type LineIn = z.infer<typeof LineIn> & Record<string, number>;

const PlayerLinesOp = z.object({
  op: z.literal("player_lines"),
  match_id: IdParam,
  home: z.array(LineIn).max(60),
  away: z.array(LineIn).max(60),
});

/** A match upsert. A new match needs teams, kickoff and status; an update sends only what changed. */
export const MatchOp = z.object({
  op: z.literal("match"),
  id: IdParam,
  sport: Sport,
  league_id: IdParam,
  season: Season.optional(),
  round: Text(100).nullable().optional(),
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
  home_formation: Text(20).nullable().optional(),
  away_formation: Text(20).nullable().optional(),
  referee: Text(200).nullable().optional(),
  venue: Text(200).nullable().optional(),
  attendance: optionalInt(0, 1_000_000),
  kickoff_ts: int.min(0).max(4_102_444_800).optional(),
  finished_at: z.iso.datetime().nullable().optional(),
  /** The simulator's own match (it plays only these); left out, the stored value stays (false for a new match). */
  simulated: z.boolean().optional(),
});

/** An event as a source sends it: the public shape without `seq`, its texts and clock bounded. */
const EventIn = sparse(
  Event.omit({ seq: true }).extend({
    id: IdParam,
    minute: int.min(0).max(200).nullable(),
    added_time: int.min(0).max(60).nullable(),
    player: nullableText(200),
    player_in: nullableText(200),
    player_out: nullableText(200),
    detail: nullableText(500),
    player_id: IdParam.nullable(),
    player_in_id: IdParam.nullable(),
    player_out_id: IdParam.nullable(),
  }),
);

const EventsOp = z.object({
  op: z.literal("events"),
  match_id: IdParam,
  events: z.array(EventIn).max(500),
});

/** Most event ids one remove_events op may name: a correction withdraws a few events, not a timeline. */
export const MAX_REMOVED_EVENTS = 200;

/** Withdraws events of a match (a goal disallowed by VAR, a duplicate): ids the match does not have are a no-op. */
const RemoveEventsOp = z.object({
  op: z.literal("remove_events"),
  match_id: IdParam,
  event_ids: z.array(IdParam).min(1).max(MAX_REMOVED_EVENTS),
});

const statValue = z.number().min(-1_000_000).max(1_000_000);
const StatIn = StatRow.extend({
  section: Text(100).pipe(z.string().min(1)),
  name: Name,
  home: statValue,
  away: statValue,
});
const StatsOp = z.object({ op: z.literal("stats"), match_id: IdParam, data: z.array(StatIn).max(200) });
const LineupPlayer = sparse(
  Player.extend({
    name: Name,
    number: int.min(0).max(999).nullable(),
    position: nullableText(20),
    player_id: IdParam.nullable(),
  }),
);
const LineupIn = sparse(
  Lineup.extend({
    formation: nullableText(20),
    coach: nullableText(200),
    starters: z.array(LineupPlayer).max(60),
    substitutes: z.array(LineupPlayer).max(60),
  }),
);
const LineupsOp = z.object({ op: z.literal("lineups"), match_id: IdParam, home: LineupIn, away: LineupIn });

export const Op = z.discriminatedUnion("op", [
  LeagueOp,
  TeamOp,
  PlayerOp,
  MatchOp,
  EventsOp,
  RemoveEventsOp,
  StatsOp,
  LineupsOp,
  PlayerLinesOp,
]);
export type Op = z.infer<typeof Op>;
/**
 * An op as a source may send it: a nullable field of a sparse shape (`sparse` above: a team's logo, an event's
 * detail…) may be left out, and validation makes it null. (`sparse` hides its defaults from zod's input type.)
 */
export type OpIn = SparseIn<z.input<typeof Op>>;
type SparseIn<T> = T extends readonly (infer E)[]
  ? SparseIn<E>[]
  : T extends object
    ? { [K in keyof T as null extends T[K] ? never : K]: SparseIn<T[K]> } & {
        [K in keyof T as null extends T[K] ? K : never]?: SparseIn<T[K]>;
      }
    : T;

/** A source's name: lower-case letters, digits and dashes ("openfootball", "api-football", "my-feed"). */
export const SourceName = z.string().regex(/^[a-z][a-z0-9-]{1,39}$/, "lower-case letters, digits and dashes, 2–40");

export const IngestBody = z.object({
  ops: z.array(Op).min(1).max(MAX_OPS),
  /** History (docs/data.md "Quiet history"): stored and numbered, pushed to no stream, sent to no webhook. */
  quiet: z.boolean().default(false),
  /**
   * The source whose references the ops' ids are (docs/identity.md): resolved to ours through the crosswalk, and
   * merged with other sources' data field by field. Left out: the ids are ours.
   */
  source: SourceName.optional(),
});

/**
 * The operator's merge of two stored matches that are one real match (POST /internal/admin/identities/merge,
 * docs/identity.md "Merging"): planned by src/core/ingest/plan/merge-match.ts. Not an op of the ingest route's
 * body: no source sends it.
 */
export interface MergeMatchOp {
  op: "merge_match";
  from: string;
  into: string;
  /** The two matches' leagues (ingest loads what its ops name; the operator reads them). */
  league_ids: string[];
}
/** What ingest plans: a source's ops, or the operator's merge. */
export type PlanOp = Op | MergeMatchOp;
