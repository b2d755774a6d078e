// What planning an ingest produces (src/core/ingest/plan.ts): the rows to write and the live updates to push.
import type { Row, Writes } from "../db/queries/ingest";
import type { Searchable } from "../db/queries/search-index";
import type { MatchUpdates } from "../live/messages";

export interface Plan {
  writes: Writes;
  updates: MatchUpdates[];
  applied: number;
  unchanged: number;
  /** Matches that became finished or had a finished result corrected, per league season. */
  finals: Map<string, { leagueId: string; season: string; matchIds: string[] }>;
  /** Match rows as they stand after the batch (for standings). */
  matches: Map<string, Row>;
  /** Finished matches (any format) whose result or box score changed: season stats to recompute. */
  statFinals: Map<string, { leagueId: string; season: string; matchIds: string[] }>;
  /** New box scores per match (replacing the stored ones). */
  lines: Map<string, Row[]>;
  lineMatches: string[];
  search: Searchable[];
  searchTeams: Set<string>;
}
