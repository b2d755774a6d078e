// What /v1/ws/live and /v1/sse/live open with: every live match of the account's tracked leagues, as list items with
// their seq (docs/live-streams.md "Streams open with state").
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../client";
import { matches, trackedLeagues } from "../schema";
import { listItemColumns } from "./match-columns";

/** Status group 2 (live), both sports: one seek of (league_id, status_group) per tracked league. */
export const liveMatchesQuery = (db: Db, accountId: string) =>
  db
    .select({ ...listItemColumns, sport: matches.sport })
    .from(matches)
    .where(
      and(
        inArray(
          matches.leagueId,
          db
            .select({ id: trackedLeagues.leagueId })
            .from(trackedLeagues)
            .where(eq(trackedLeagues.accountId, accountId)),
        ),
        eq(matches.statusGroup, 2),
      ),
    );

export type LiveMatchRow = Awaited<ReturnType<typeof liveMatchesQuery>>[number];
