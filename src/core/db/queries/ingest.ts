// Reads ingest needs before it plans a batch, and the batch write itself.
import type { Db } from "../client";
import { COLUMNS, upsert } from "./bulk";
import { refreshCoverage } from "./coverage";
import { addConflicts, addIdentities } from "./identities";
import { refreshSearchLeagues, replaceSearch, type Searchable } from "./search-index";

export type Row = Record<string, unknown>;

export interface IngestState {
  leagues: Map<string, Row>;
  teams: Map<string, Row>;
  matches: Map<string, Row>;
  /** Existing events per match, by event id. */
  events: Map<string, Map<string, Row>>;
  stats: Map<string, string>;
  lineups: Map<string, { home: string; away: string }>;
  /** Match of each event id the ops mention that already exists (event ids are global). */
  eventOwners: Map<string, string>;
  players: Map<string, Row>;
  /** Box-score rows per match, as stored (JSON of the rows in order, for change detection). */
  lines: Map<string, string>;
}

/** Stored columns only: the generated ones (status_group, pair_key) are never written back. */
const MATCHES_BY_ID = `SELECT ${COLUMNS.matches.join(", ")}, seq FROM matches WHERE id IN (SELECT value FROM json_each(?))`;

const byId = (rows: Row[], key = "id") => new Map(rows.map((r) => [String(r[key]), r]));

/** Everything the ops reference, in one round trip (every lookup is a primary-key or index seek). */
export async function loadIngestState(
  db: Db,
  ids: { leagues: string[]; teams: string[]; matches: string[]; events: string[]; players: string[] },
): Promise<IngestState> {
  const q = (sql: string, list: string[]) => db.$client.prepare(sql).bind(JSON.stringify(list));
  const [leagues, teams, matches, events, stats, lineups, owners, players, lines] = await db.$client.batch<Row>([
    q("SELECT * FROM leagues WHERE id IN (SELECT value FROM json_each(?))", ids.leagues),
    q("SELECT * FROM teams WHERE id IN (SELECT value FROM json_each(?))", ids.teams),
    q(MATCHES_BY_ID, ids.matches),
    q("SELECT * FROM match_events WHERE match_id IN (SELECT value FROM json_each(?))", ids.matches),
    q("SELECT match_id, data FROM match_stats WHERE match_id IN (SELECT value FROM json_each(?))", ids.matches),
    q("SELECT match_id, home, away FROM match_lineups WHERE match_id IN (SELECT value FROM json_each(?))", ids.matches),
    q("SELECT id, match_id FROM match_events WHERE id IN (SELECT value FROM json_each(?))", ids.events),
    q("SELECT * FROM players WHERE id IN (SELECT value FROM json_each(?))", ids.players),
    q(
      "SELECT * FROM player_lines WHERE match_id IN (SELECT value FROM json_each(?)) ORDER BY match_id, side, ord",
      ids.matches,
    ),
  ]);
  const lineMap = new Map<string, Row[]>();
  for (const l of lines!.results) {
    const list = lineMap.get(String(l.match_id)) ?? [];
    list.push(l);
    lineMap.set(String(l.match_id), list);
  }
  const eventMap = new Map<string, Map<string, Row>>();
  for (const e of events!.results) {
    const m = eventMap.get(String(e.match_id)) ?? new Map<string, Row>();
    m.set(String(e.id), e);
    eventMap.set(String(e.match_id), m);
  }
  return {
    leagues: byId(leagues!.results),
    teams: byId(teams!.results),
    matches: byId(matches!.results),
    events: eventMap,
    stats: new Map(stats!.results.map((r) => [String(r.match_id), String(r.data)])),
    lineups: new Map(lineups!.results.map((r) => [String(r.match_id), { home: String(r.home), away: String(r.away) }])),
    eventOwners: new Map(owners!.results.map((r) => [String(r.id), String(r.match_id)])),
    players: byId(players!.results),
    lines: new Map([...lineMap].map(([id, rows]) => [id, linesKey(rows)])),
  };
}

/** All matches of a league season (the table needs every team and every finished result). */
export async function seasonMatches(db: Db, leagueId: string, season: string): Promise<Row[]> {
  const { results } = await db.$client
    .prepare(
      "SELECT id, round, home_team_id, away_team_id, home_team, away_team, home_score, away_score, status_code, kickoff_ts, finished_at FROM matches INDEXED BY matches_league_season WHERE league_id = ? AND season = ?",
    )
    .bind(leagueId, season)
    .all<Row>();
  return results;
}

/** A match's box score in a comparable form: the stored columns of its rows, in order. */
export const linesKey = (rows: Row[]) =>
  JSON.stringify(
    [...rows]
      .sort((a, b) => String(a.side).localeCompare(String(b.side)) || Number(a.ord) - Number(b.ord))
      .map((r) => COLUMNS.player_lines.map((c) => (c === "started" ? Number(r[c]) : (r[c] ?? null)))),
  );

/**
 * Every line of these players in one competition season, with the match's status as stored
 * (season stats are sums over the finished ones; the caller overlays what the batch changes).
 */
export async function seasonLinesOf(db: Db, playerIds: string[], leagueId: string, season: string) {
  const { results } = await db.$client
    .prepare(
      "SELECT pl.*, m.status_code FROM player_lines pl INDEXED BY player_lines_player JOIN matches m ON m.id = pl.match_id WHERE pl.player_id IN (SELECT value FROM json_each(?)) AND m.league_id = ? AND m.season = ?",
    )
    .bind(JSON.stringify(playerIds), leagueId, season)
    .all<Row>();
  return results;
}

/** Who has a line in each of these matches. */
export async function linesOfMatches(db: Db, matchIds: string[]): Promise<Map<string, Row[]>> {
  const out = new Map<string, Row[]>();
  if (matchIds.length === 0) return out;
  const { results } = await db.$client
    .prepare("SELECT match_id, player_id FROM player_lines WHERE match_id IN (SELECT value FROM json_each(?))")
    .bind(JSON.stringify(matchIds))
    .all<Row>();
  for (const r of results) out.set(String(r.match_id), [...(out.get(String(r.match_id)) ?? []), r]);
  return out;
}

/** Players with their team's name (season stats carry both). */
export async function playersWithTeams(db: Db, ids: string[]) {
  const { results } = await db.$client
    .prepare(
      "SELECT p.id, p.name, p.team_id, t.name AS team_name FROM players p JOIN teams t ON t.id = p.team_id WHERE p.id IN (SELECT value FROM json_each(?))",
    )
    .bind(JSON.stringify(ids))
    .all<Row>();
  return results;
}

export type Writes = Partial<Record<keyof typeof COLUMNS, Row[]>>;

/** What a batch writes besides row upserts. */
export interface Extra {
  /** Events withdrawn (remove_events): deleted before the batch's event upserts, which may send an id again. */
  removedEvents?: string[];
  /** Matches merged into another (merge_match): deleted before anything is written, their children with them. */
  removedMatches?: string[];
  /** Matches whose box score is replaced (old lines deleted first). */
  lineMatches?: string[];
  search?: Searchable[];
  /** Teams whose search rows (and their players') need their leagues recomputed. */
  searchTeams?: string[];
  /** Leagues moved to another season: their teams' search rows need their leagues recomputed. */
  searchLeagues?: string[];
  /** Each match whose stream messages this batch numbered, with its last seq (src/core/ingest/versions.ts). */
  matchSeqs?: { id: string; seq: number }[];
  /** The changes feed's rows of this commit, in order (src/core/ingest/changes.ts). */
  changes?: ChangeRow[];
  /** Changes older than this (epoch ms) are trimmed in the same batch. */
  trimChangesBefore?: number;
  /** The batch changes a match that was already finished: bump `finished_version` (migrations/0011). */
  correctsFinished?: boolean;
  /** Leagues whose coverage flags to recompute, and teams whose leagues' (./coverage.ts). */
  coverage?: { leagues: string[]; teams: string[] };
  /** Crosswalk rows the batch's new references resolved to (./identities.ts). */
  identities?: Row[];
  /** Final scores two sources disagree on (./identities.ts). */
  conflicts?: Row[];
}

/** One row of the changes feed, as ingest writes it. */
export interface ChangeRow {
  sport: string;
  match_id: string;
  league_id: string;
  seq: number;
  /** JSON array of part names. */
  parts: string;
  at: string;
  at_ms: number;
}

/** One D1 batch: all of it is applied or none of it. */
export async function writeIngest(db: Db, writes: Writes, extra: Extra = {}): Promise<void> {
  const order: (keyof typeof COLUMNS)[] = [
    "leagues",
    "teams",
    "players",
    "matches",
    "match_events",
    "match_stats",
    "match_lineups",
    "player_lines",
    "standings",
    "standings_snapshots",
    "player_season_stats",
  ];
  const statements = [
    // First: a merged match's events may be written again on the match it was merged into (same ids).
    ...(extra.removedMatches?.length
      ? [
          db.$client
            .prepare("DELETE FROM matches WHERE id IN (SELECT value FROM json_each(?))")
            .bind(JSON.stringify(extra.removedMatches)),
        ]
      : []),
    ...order.flatMap((t) => [
      // First, so a new event may take the seq a removed one had (match_id, seq is unique).
      ...(t === "match_events" && extra.removedEvents?.length
        ? [
            db.$client
              .prepare("DELETE FROM match_events WHERE id IN (SELECT value FROM json_each(?))")
              .bind(JSON.stringify(extra.removedEvents)),
          ]
        : []),
      // A new box score replaces the old one: a player dropped by the feed loses his line.
      ...(t === "player_lines" && extra.lineMatches?.length
        ? [
            db.$client
              .prepare("DELETE FROM player_lines WHERE match_id IN (SELECT value FROM json_each(?))")
              .bind(JSON.stringify(extra.lineMatches)),
          ]
        : []),
      ...(writes[t]?.length ? upsert(db, t, writes[t]!) : []),
    ]),
  ];
  if (extra.matchSeqs?.length)
    statements.push(
      db.$client
        .prepare("UPDATE matches SET seq = value ->> '$.seq' FROM json_each(?) WHERE matches.id = value ->> '$.id'")
        .bind(JSON.stringify(extra.matchSeqs)),
    );
  if (extra.changes?.length)
    statements.push(
      db.$client
        .prepare(
          "INSERT INTO changes (sport, match_id, league_id, seq, parts, at, at_ms) SELECT value ->> '$.sport', value ->> '$.match_id', value ->> '$.league_id', value ->> '$.seq', value ->> '$.parts', value ->> '$.at', value ->> '$.at_ms' FROM json_each(?)",
        )
        .bind(JSON.stringify(extra.changes)),
    );
  // A range of the at_ms index; the newest row always stays, so an expired cursor is told from a quiet week.
  if (extra.trimChangesBefore !== undefined)
    statements.push(
      db.$client
        .prepare("DELETE FROM changes WHERE at_ms < ? AND id < (SELECT max(id) FROM changes)")
        .bind(extra.trimChangesBefore),
    );
  if (extra.correctsFinished)
    statements.push(
      db.$client.prepare("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'finished_version'"),
    );
  if (extra.coverage) statements.push(refreshCoverage(db, extra.coverage.leagues, extra.coverage.teams));
  if (extra.identities?.length) statements.push(addIdentities(db, extra.identities));
  if (extra.conflicts?.length) statements.push(addConflicts(db, extra.conflicts));
  statements.push(
    ...replaceSearch(db, extra.search ?? []),
    ...refreshSearchLeagues(db, extra.searchTeams ?? [], extra.searchLeagues ?? []),
  );
  if (statements.length > 0) await db.$client.batch(statements);
}
