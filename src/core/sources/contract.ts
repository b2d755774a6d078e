// The one contract every data source meets (docs/feeds.md "Sources"): what it declares (`Source`: its name, rank,
// id prefix, sports and configuration names), and for a provider the poller polls, the calls it makes and what it says
// about a match in our terms (`Provider`). Everything a source emits is ingest's typed `Op`. Adapters are pure (JSON
// in, MatchState out); the poller (src/core/feeds/poller.ts) does the I/O, the quotas and the diff. The poller, the
// crosswalk and ingest know sources only through this contract and the registry (./index.ts).
import type { Sport } from "../domain/codes";
import type { Op, OpIn } from "../ingest/ops";

/** What every source declares. The registry (./index.ts) lists them; adding one is one line there. */
export interface Source {
  /** Its name in FEEDS, in an ingest batch's `source` and in the crosswalk: lower-case letters, digits, dashes. */
  readonly name: string;
  /** Which report wins a field two sources state (docs/identity.md): a live source's over the history's. */
  readonly rank: "history" | "live";
  /** The prefix of the ids made from its references (`m_<prefix>_<ref>`); absent: its ids are ours or its own. */
  readonly idPrefix?: string;
  readonly sports: readonly Sport[];
  /** The configuration it reads (wrangler.toml vars and Worker secrets), by name: docs/feeds.md "Configuration". */
  readonly config: { readonly vars: readonly string[]; readonly secrets: readonly string[] };
}

export type { Op, OpIn };

/** A source that answers in ops itself (the `http` feed, the simulator): polled, its ops pass ingest's validation. */
export interface OpFeed extends Source {
  /** Ops for what changed in `leagueIds` since the last poll. */
  poll(env: Env, leagueIds: string[], now: Date): Promise<Op[]>;
}

/** One mapped competition-season: the provider's league and season, and the league id it feeds here. */
export interface Mapping {
  provider_league: string;
  season: string;
  league_id: string;
}

export type EventIn = Extract<Op, { op: "events" }>["events"][number];
export type LineupsIn = Omit<Extract<Op, { op: "lineups" }>, "op" | "match_id">;
export type StatIn = Extract<Op, { op: "stats" }>["data"][number];
export type MatchOpIn = Extract<Op, { op: "match" }>;
export type TeamIn = Omit<Extract<Op, { op: "team" }>, "op">;
export type LeagueIn = Omit<Extract<Op, { op: "league" }>, "op">;

/** The match columns a provider can state. A field left undefined is one this answer does not state: kept as is. */
export type MatchFields = Partial<
  Pick<
    MatchOpIn,
    | "season"
    | "round"
    | "home_team_id"
    | "away_team_id"
    | "home_score"
    | "away_score"
    | "status_code"
    | "period"
    | "minute"
    | "added_time"
    | "game_clock_secs"
    | "ht_home_score"
    | "ht_away_score"
    | "home_penalties"
    | "away_penalties"
    | "home_formation"
    | "away_formation"
    | "referee"
    | "venue"
    | "attendance"
    | "kickoff_ts"
    | "finished_at"
  >
>;

/** What one answer says about one match. `events`, `lineups`, `stats` undefined: this answer does not carry them. */
export interface MatchState {
  /** The provider's match id. */
  ref: string;
  id: string;
  sport: Sport;
  league_id: string;
  /** The provider's own status code, for the feed status when it is one the table does not know. */
  provider_status: string;
  fields: MatchFields;
  /** Set when the answer cannot be mapped (a status the table does not know): the match is left as it was. */
  problem?: string;
  teams: TeamIn[];
  events?: EventIn[];
  lineups?: LineupsIn;
  stats?: StatIn[];
}

/** One request to a provider: a path under its base URL and its query. */
export interface Call {
  kind: CallKind;
  path: string;
  query: Record<string, string>;
  /**
   * A live call: the leagues (our ids) and, when it is by day, the UTC days whose live matches its answer lists. A
   * live match of those it does not list has stopped being live or vanished (src/core/feeds/followed.ts).
   */
  covers?: { leagues: string[]; days?: string[] };
}

/** Why a call is made; the degradation order when the quota is short is live, then today, then the rest. */
export type CallKind = "live" | "today" | "followup" | "fixtures";

/** What a provider's answer says about its quota. Absent: the answer does not say. */
export interface QuotaHint {
  dayLimit?: number;
  dayLeft?: number;
  minuteLimit?: number;
  minuteLeft?: number;
  /** Seconds until the provider's counter resets (football-data.org). */
  resetS?: number;
}

/** A provider that answered but refused or failed (an error inside a 200 body, a 429, a 5xx): the poller backs off. */
export class FeedError extends Error {
  constructor(
    message: string,
    /** `ingest`: the provider answered and applying it here failed (D1 or the Ingestor busy): not the provider's fault. */
    readonly kind: "quota" | "provider" | "timeout" | "auth" | "unknown_status" | "ingest",
    /** Seconds to wait before the next call, when the provider says. */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

/** The previous state of a match as the poller last applied it: adapters that need history read it (basketball OT). */
export type PrevLookup = (matchId: string) => MatchState | undefined;

export interface Parsed {
  matches: MatchState[];
  /** A league row per mapped league the answer names (used only for a league that does not exist here yet). */
  leagues: LeagueIn[];
}

/** A provider the poller polls (one FeedPoller object each): its calls, its answers' parsing, quota and errors. */
export interface Provider<N extends string = string> extends Source {
  readonly name: N;
  readonly idPrefix: string;
  readonly sport: Sport;
  /**
   * Its live answer lists only matches in play (API-Football `live=`): a live match it no longer lists has stopped
   * (finished, usually) and is fetched in full. The others' live answers are day lists that carry the final status.
   */
  readonly liveOnlyListsInPlay: boolean;
  /**
   * Its detail call carries what its lists do not (API-Football: events, line-ups, statistics; football-data.org:
   * goals, bookings, substitutions, venue): a match first seen finished is fetched once in full. API-Basketball's
   * `/games?id=` says what its lists say.
   */
  readonly detailAdds: boolean;
  /** The base URL's default and the variable that overrides it. */
  readonly baseVar: string;
  readonly defaultBase: string;
  /** The variables that set the plan's limits, and the limits when they say nothing (the providers' free plans). */
  readonly quotaVars: { perDay: string; perMinute: string };
  readonly defaultQuota: { perDay: number; perMinute: number };
  /** The request headers: the key, and nothing else (API-Sports refuses extra headers). */
  headers(env: Env): Record<string, string>;
  /** The season's fixtures of one mapped league. */
  fixtures(m: Mapping): Call;
  /** Every match of these leagues on a UTC day (YYYY-MM-DD). */
  day(ms: Mapping[], day: string): Call[];
  /** The matches in play in these leagues (`days`: the UTC days they kicked off), with events where carried. */
  live(ms: Mapping[], days: string[]): Call[];
  /** Full detail (events, lineups, statistics) of these matches, by the provider's ids. */
  detail(refs: string[], ms: Mapping[]): Call[];
  /** The answer's matches of mapped leagues in our terms, and those leagues as the answer names them. */
  parse(call: Call, body: unknown, ms: Mapping[], prev: PrevLookup): Parsed;
  quota(headers: Headers): QuotaHint;
  /** An error carried by a non-2xx answer or inside a 2xx body, or undefined. */
  error(status: number, body: unknown, headers: Headers, nowMs: number): FeedError | undefined;
}
