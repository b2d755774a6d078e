// Events, stats, lineups and the standings snapshot of one match. Each is fetched in one batch together with
// the visibility check, so "unknown/untracked match" (not_found) and "nothing yet" (no_data) cost one round trip.
import { mergedInto } from "./identities";
import { and, asc, desc, eq, lt } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { isInPlay, type Sport } from "../../domain/codes";
import type { Event, H2H, Lineup, StatRow, StandingRow, Standings } from "../../domain/schemas";
import type { BasketballPlayerLine, FootballPlayerLine } from "../../domain/people-schemas";
import type { Db } from "../client";
import { boxLine } from "../../domain/box-score";
import { matchEvents, matchLineups, matchStats, matches, playerLines, standingsSnapshots } from "../schema";
import { h2hQueries, toDetail, visibleMatchQuery } from "./matches";
import type { Tracked } from "./visibility";

type Visible = ReturnType<typeof toDetail>;
/** `match` undefined: unknown or not visible to the account. `data` null: the match has none of this yet. */
export type Enrichment<T> = { match: undefined } | { match: Visible; data: T | null };
/** `sport` undefined: either sport (MCP tools and WebSockets address matches by id alone). */
export type EnrichmentLoader<T> = (
  db: Db,
  sport: Sport | undefined,
  id: string,
  tracked: Tracked,
) => Promise<Enrichment<T>>;

/** Before kickoff (or if it never happens) a match has no timeline; once started, an empty one is real. */
const NOT_STARTED = [1, 4, 5, 6];

async function withVisibleMatch<Q extends BatchItem<"sqlite">, T>(
  db: Db,
  sport: Sport | undefined,
  id: string,
  tracked: Tracked,
  query: (id: string) => Q,
  map: (rows: BatchResponse<[Q]>[0], match: Visible) => T | null,
): Promise<Enrichment<T>> {
  const [m, rows] = (await db.batch([visibleMatchQuery(db, sport, id, tracked), query(id)])) as unknown as [
    Awaited<ReturnType<typeof visibleMatchQuery>>,
    BatchResponse<[Q]>[0],
  ];
  if (!m[0]) {
    // A match merged into another answers as that one (docs/identity.md "Merging"): one more seek, on a miss only.
    const into = await mergedInto(db, "match", id);
    return into ? withVisibleMatch(db, sport, into, tracked, query, map) : { match: undefined };
  }
  const match = toDetail(m[0]);
  return { match, data: map(rows, match) };
}

export const getEvents: EnrichmentLoader<Event[]> = (db, sport, id, tracked) =>
  withVisibleMatch(
    db,
    sport,
    id,
    tracked,
    (id) =>
      db
        .select({
          id: matchEvents.id,
          seq: matchEvents.seq,
          type: matchEvents.type,
          minute: matchEvents.minute,
          added_time: matchEvents.addedTime,
          period: matchEvents.period,
          team: matchEvents.team,
          player: matchEvents.player,
          player_in: matchEvents.playerIn,
          player_out: matchEvents.playerOut,
          detail: matchEvents.detail,
          player_id: matchEvents.playerId,
          player_in_id: matchEvents.playerInId,
          player_out_id: matchEvents.playerOutId,
        })
        .from(matchEvents)
        .where(eq(matchEvents.matchId, id))
        .orderBy(asc(matchEvents.seq)),
    // No timeline: not started yet, or over and no source ever gave it one (seq 0: history imported from results
    // only, docs/data.md "Coverage"). A match in play, or whose last event was withdrawn, has an empty one.
    (events, match) =>
      events.length === 0 &&
      (NOT_STARTED.includes(match.status_code) || (match.seq === 0 && !isInPlay(match.status_code)))
        ? null
        : events,
  );

export const getStats: EnrichmentLoader<StatRow[]> = (db, sport, id, tracked) =>
  withVisibleMatch(
    db,
    sport,
    id,
    tracked,
    (id) => db.select({ data: matchStats.data }).from(matchStats).where(eq(matchStats.matchId, id)),
    ([row]) => (row ? (JSON.parse(row.data) as StatRow[]) : null),
  );

export const getLineups: EnrichmentLoader<{ home: Lineup; away: Lineup }> = (db, sport, id, tracked) =>
  withVisibleMatch(
    db,
    sport,
    id,
    tracked,
    (id) =>
      db
        .select({ home: matchLineups.home, away: matchLineups.away })
        .from(matchLineups)
        .where(eq(matchLineups.matchId, id)),
    ([row]) => (row ? { home: JSON.parse(row.home) as Lineup, away: JSON.parse(row.away) as Lineup } : null),
  );

/** The table as it stood at kickoff: the newest snapshot taken before the match started (one index seek). */
export const getStandingsAtKickoff: EnrichmentLoader<Standings> = (db, sport, id, tracked) =>
  withVisibleMatch(
    db,
    sport,
    id,
    tracked,
    (id) =>
      db
        .select({
          league_id: standingsSnapshots.leagueId,
          season: standingsSnapshots.season,
          as_of: standingsSnapshots.asOf,
          rows: standingsSnapshots.rows,
        })
        .from(matches)
        .innerJoin(
          standingsSnapshots,
          and(
            eq(standingsSnapshots.leagueId, matches.leagueId),
            eq(standingsSnapshots.season, matches.season),
            lt(standingsSnapshots.asOfTs, matches.kickoffTs),
          ),
        )
        .where(eq(matches.id, id))
        .orderBy(desc(standingsSnapshots.asOfTs))
        .limit(1),
    ([s]) =>
      s
        ? { league_id: s.league_id, season: s.season, as_of: s.as_of, standings: JSON.parse(s.rows) as StandingRow[] }
        : null,
  );

/** Head-to-head needs the match's teams first, so it is two round trips: the match, then list + summary. */
export async function getH2H(
  db: Db,
  sport: Sport | undefined,
  id: string,
  tracked: Tracked,
  limit: number,
): Promise<Enrichment<H2H>> {
  const [m] = await visibleMatchQuery(db, sport, id, tracked);
  if (!m) {
    const into = await mergedInto(db, "match", id);
    return into ? getH2H(db, sport, into, tracked, limit) : { match: undefined };
  }
  const [list, [summary]] = await db.batch(
    // A real match's meetings are real ones; a simulated match's may be either (each says which).
    h2hQueries(db, m.sport, m.home_team_id, m.away_team_id, m.kickoff_ts, tracked, limit, !m.simulated),
  );
  return {
    match: toDetail(m),
    data:
      summary && summary.played > 0
        ? { match_id: m.id, home_team_id: m.home_team_id, away_team_id: m.away_team_id, summary, matches: list }
        : null,
  };
}

/** The box score: each side's lines in feed order; none before kickoff. */
type Line = FootballPlayerLine | BasketballPlayerLine;
export const getBoxScore: EnrichmentLoader<{ home: Line[]; away: Line[] }> = (db, sport, id, tracked) =>
  withVisibleMatch(
    db,
    sport,
    id,
    tracked,
    (id) =>
      db
        .select()
        .from(playerLines)
        .where(eq(playerLines.matchId, id))
        .orderBy(asc(playerLines.side), asc(playerLines.ord)),
    (lines, match) => {
      if (lines.length === 0 || NOT_STARTED.includes(match.status_code)) return null;
      const side = (s: "home" | "away") => lines.filter((l) => l.side === s).map((l) => boxLine(match.sport, l));
      return { home: side("home"), away: side("away") };
    },
  );
