// What planning a batch produces (IngestPlan), and what every op's planner shares while it is built (PlanContext).
import type { Sport } from "../../domain/codes";
import type { IngestState, Row, Writes } from "../../db/queries/ingest";
import type { Searchable } from "../../db/queries/search-index";
import { badRequest } from "../../errors";
import type { LiveUpdate, MatchUpdates } from "../../live/messages";
import type { PlanOp } from "../ops";

/** Per league season: the matches that changed it. */
export type SeasonMatches = Map<string, { leagueId: string; season: string; matchIds: string[] }>;

export interface IngestPlan {
  writes: Writes;
  updates: MatchUpdates[];
  applied: number;
  unchanged: number;
  /** Matches that became finished or had a finished result corrected, per league season. */
  finals: SeasonMatches;
  /** Match rows as they stand after the batch (for standings). */
  matches: Map<string, Row>;
  /** Finished matches (any format) whose result or box score changed: season stats to recompute. */
  statFinals: SeasonMatches;
  /** Ids of the events the batch deletes (before it writes any event). */
  removedEvents: string[];
  /** Matches merged into another (merge_match), as they were: deleted first, with everything that hangs on them. */
  removedMatches: Row[];
  /** New box scores per match (replacing the stored ones). */
  lines: Map<string, Row[]>;
  lineMatches: string[];
  search: Searchable[];
  searchTeams: Set<string>;
}

/** The op of one kind, as validated (src/core/ingest/ops.ts). */
export type OpOf<K extends PlanOp["op"]> = Extract<PlanOp, { op: K }>;

/**
 * One batch being planned. `state` is the ingest state as the ops so far leave it: each planner updates it, so later
 * ops of the batch see earlier ones (a league op, then its team and match ops, in one request).
 */
export interface PlanContext {
  readonly plan: IngestPlan;
  readonly state: IngestState;
  readonly now: string;
  write(table: keyof Writes, row: Row): void;
  /** Queues a live update for match `m`'s room, in batch order (one entry per match). */
  publish(m: Row, u: LiveUpdate): void;
}

/** A planner: validates op `i` against the state, plans its writes and says whether anything changed. */
export type Planner<K extends PlanOp["op"]> = (ctx: PlanContext, op: OpOf<K>, i: number) => boolean;

export function planContext(state: IngestState, now: string): PlanContext {
  const plan: IngestPlan = {
    writes: {},
    updates: [],
    applied: 0,
    unchanged: 0,
    finals: new Map(),
    matches: state.matches,
    statFinals: new Map(),
    removedEvents: [],
    removedMatches: [],
    lines: new Map(),
    lineMatches: [],
    search: [],
    searchTeams: new Set(),
  };
  const updatesFor = new Map<string, MatchUpdates>();
  return {
    plan,
    state,
    now,
    write: (table, row) => (plan.writes[table] ??= []).push(row),
    publish(m, u) {
      const id = String(m.id);
      let entry = updatesFor.get(id);
      if (!entry) {
        entry = { match_id: id, sport: m.sport as Sport, league_id: String(m.league_id), updates: [] };
        updatesFor.set(id, entry);
        plan.updates.push(entry);
      }
      entry.updates.push(u);
    },
  };
}

/** A 400 naming the op's field: `ops.<i>.<field>`. */
export const fail = (i: number, field: string, why: string) => badRequest(`ops.${i}.${field}`, why);

/** Whether the stored row `a` already holds `b`'s values in `cols` (absent and null are the same). */
export const same = (a: Row | undefined, b: Row, cols: readonly string[]) =>
  !!a && cols.every((c) => (a[c] ?? null) === (b[c] ?? null));

/** The match an op of match data refers to, as the batch leaves it so far. */
export function requireMatch(ctx: PlanContext, id: string, i: number): Row {
  const m = ctx.state.matches.get(id);
  if (!m) throw fail(i, "match_id", `unknown match ${id}`);
  return m;
}
