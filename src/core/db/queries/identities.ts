// The crosswalk (migrations/0016_identities.sql, docs/identity.md): lookups ingest makes to resolve a source's
// references, the candidates the rules choose from, and what the API shows of an entity's sources.
import type { Db } from "../client";
import type { IdentityKind } from "../../identity/refs";

type Row = Record<string, unknown>;

const json = (v: unknown) => JSON.stringify(v);

/**
 * One round trip for what a batch's references already are: the crosswalk rows of `refs` (per kind) for `source`,
 * and which of the `local` ids already exist as ours (ids made before the crosswalk, or a source whose ids are ours),
 * with their sport.
 */
export async function knownRefs(
  db: Db,
  source: string,
  refs: Partial<Record<IdentityKind, string[]>>,
  local: { teams: string[]; matches: string[]; players: string[] },
): Promise<{ rows: Row[]; teams: Map<string, string>; matches: Map<string, string>; players: Map<string, string> }> {
  const kinds = Object.entries(refs).filter(([, list]) => list && list.length > 0) as [IdentityKind, string[]][];
  const statements = [
    ...kinds.map(([kind, list]) =>
      db.$client
        .prepare(
          "SELECT kind, ref, id FROM identities WHERE source = ? AND kind = ? AND ref IN (SELECT value FROM json_each(?))",
        )
        .bind(source, kind, json(list)),
    ),
    db.$client
      .prepare("SELECT id, sport FROM teams WHERE id IN (SELECT value FROM json_each(?))")
      .bind(json(local.teams)),
    db.$client
      .prepare("SELECT id, sport FROM matches WHERE id IN (SELECT value FROM json_each(?))")
      .bind(json(local.matches)),
    db.$client
      .prepare("SELECT id, sport FROM players WHERE id IN (SELECT value FROM json_each(?))")
      .bind(json(local.players)),
  ];
  const out = await db.$client.batch<Row>(statements);
  // Each local id that is ours already, with its sport (what a crosswalk row of it records).
  const ids = (i: number) => new Map(out[kinds.length + i]!.results.map((r) => [String(r.id), String(r.sport)]));
  return {
    rows: out.slice(0, kinds.length).flatMap((r) => r.results),
    teams: ids(0),
    matches: ids(1),
    players: ids(2),
  };
}

/**
 * What the rules choose from, in one round trip: the teams of these countries (or of the whole sport, for an
 * international competition), the matches of these team pairs, the players of these teams, and the leagues' formats.
 */
export async function candidates(
  db: Db,
  q: { sport: string; countries: string[]; everywhere: boolean; pairs: string[]; teams: string[]; leagues: string[] },
) {
  const [teams, matches, players, leagues] = await db.$client.batch<Row>([
    q.everywhere
      ? db.$client.prepare("SELECT id, name, country FROM teams WHERE sport = ?").bind(q.sport)
      : db.$client
          .prepare(
            "SELECT id, name, country FROM teams WHERE sport = ? AND country IN (SELECT value FROM json_each(?))",
          )
          .bind(q.sport, json(q.countries)),
    db.$client
      .prepare(
        // The simulator's matches are invented: a real match never resolves to one.
        "SELECT id, league_id, season, home_team_id, away_team_id, kickoff_ts FROM matches WHERE pair_key IN (SELECT value FROM json_each(?)) AND simulated = 0",
      )
      .bind(json(q.pairs)),
    db.$client
      .prepare(
        "SELECT id, team_id, name, number, birth_date FROM players WHERE team_id IN (SELECT value FROM json_each(?))",
      )
      .bind(json(q.teams)),
    db.$client
      .prepare("SELECT id, season, format FROM leagues WHERE id IN (SELECT value FROM json_each(?))")
      .bind(json(q.leagues)),
  ]);
  return { teams: teams!.results, matches: matches!.results, players: players!.results, leagues: leagues!.results };
}

/** The crosswalk rows a batch adds: a reference once resolved stays resolved (an existing row is kept). */
export const addIdentities = (db: Db, rows: readonly Row[]) =>
  db.$client
    .prepare(
      `INSERT INTO identities (source, kind, ref, id, sport, name, status, resolved_by, created_at)
       SELECT value ->> '$.source', value ->> '$.kind', value ->> '$.ref', value ->> '$.id', value ->> '$.sport',
              value ->> '$.name', value ->> '$.status', 'rule', value ->> '$.created_at'
       FROM json_each(?) WHERE true ON CONFLICT (source, kind, ref) DO NOTHING`,
    )
    .bind(json(rows));

/** Final scores two sources disagree on (the latest disagreement per match and source). */
export const addConflicts = (db: Db, rows: readonly Row[]) =>
  db.$client
    .prepare(
      `INSERT INTO source_conflicts (match_id, source, kept_source, kept, theirs, at)
       SELECT value ->> '$.match_id', value ->> '$.source', value ->> '$.kept_source', value ->> '$.kept',
              value ->> '$.theirs', value ->> '$.at'
       FROM json_each(?) WHERE true
       ON CONFLICT (match_id, source) DO UPDATE SET kept_source = excluded.kept_source, kept = excluded.kept,
         theirs = excluded.theirs, at = excluded.at`,
    )
    .bind(json(rows));

/**
 * `external_ids` of one entity, as an SQL expression over its id column (a JSON object text): each source's reference
 * (one index range of identities_id). The history's teams show the name its files use; its matches and players have
 * no reference of their own worth showing.
 */
export const externalIdsSql = (kind: "team" | "player" | "match", idColumn: string) =>
  `(SELECT json_group_object(source, CASE WHEN source = 'openfootball' THEN name ELSE ref END) FROM identities ` +
  `WHERE kind = '${kind}' AND id = ${idColumn} AND (source != 'openfootball' OR kind = 'team'))`;

/** The JSON text of an `external_ids` column → the object (empty where no source is recorded). */
export const parseExternalIds = (text: unknown): Record<string, string> =>
  typeof text === "string" && text !== "" ? (JSON.parse(text) as Record<string, string>) : {};

/** Conflicts for the feed status, newest first. */
export async function recentConflicts(db: Db, limit = 20) {
  const { results } = await db.$client
    .prepare("SELECT match_id, source, kept_source, kept, theirs, at FROM source_conflicts ORDER BY at DESC LIMIT ?")
    .bind(limit)
    .all<Row>();
  return results;
}

/** One page of the crosswalk for the operator, in (kind, status, source, ref) order (identities_status). */
export async function listIdentities(
  db: Db,
  f: { kind?: string; source?: string; status?: string },
  limit: number,
  after: [string, string, string, string] | undefined,
) {
  const where = ["(?1 IS NULL OR kind = ?1)", "(?2 IS NULL OR source = ?2)", "(?3 IS NULL OR status = ?3)"];
  if (after) where.push("(kind, status, source, ref) > (?4, ?5, ?6, ?7)");
  const { results } = await db.$client
    .prepare(
      `SELECT kind, source, ref AS source_ref, id, sport, name, status, resolved_by FROM identities
       WHERE ${where.join(" AND ")} ORDER BY kind, status, source, ref LIMIT ?8`,
    )
    .bind(f.kind ?? null, f.source ?? null, f.status ?? null, ...(after ?? [null, null, null, null]), limit + 1)
    .all<Row>();
  return results;
}

/** The sport of an entity of ours, or undefined when there is none (teams, players, matches, leagues). */
export async function sportOf(db: Db, kind: "league" | "team" | "player" | "match", id: string) {
  const table = { league: "leagues", team: "teams", player: "players", match: "matches" }[kind];
  const row = await db.$client.prepare(`SELECT sport FROM ${table} WHERE id = ?`).bind(id).first<{ sport: string }>();
  return row?.sport;
}

/** The leagues of these matches. */
export async function leaguesOf(db: Db, matchIds: string[]) {
  const { results } = await db.$client
    .prepare("SELECT DISTINCT league_id FROM matches WHERE id IN (SELECT value FROM json_each(?))")
    .bind(JSON.stringify(matchIds))
    .all<{ league_id: string }>();
  return results.map((r) => r.league_id);
}

/** Pins a source's reference to an id: resolved by the operator, whatever the rules had said. */
export async function pinIdentity(
  db: Db,
  r: { kind: string; source: string; source_ref: string; id: string; sport: string; at: string },
) {
  await db.$client
    .prepare(
      `INSERT INTO identities (source, kind, ref, id, sport, name, status, resolved_by, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, NULL, 'resolved', 'operator', ?6)
       ON CONFLICT (source, kind, ref) DO UPDATE SET id = excluded.id, status = 'resolved', resolved_by = 'operator'`,
    )
    .bind(r.source, r.kind, r.source_ref, r.id, r.sport, r.at)
    .run();
}

/** What a team merge re-points: the matches `from` plays (as ingest's match ops need them) and its players. */
export async function teamMergeRows(db: Db, from: string) {
  const [matches, players] = await db.$client.batch<Row>([
    db.$client
      .prepare(
        "SELECT id, sport, league_id, home_team_id, away_team_id FROM matches WHERE id IN (SELECT match_id FROM team_matches WHERE team_id = ?1)",
      )
      .bind(from),
    db.$client
      .prepare(
        "SELECT id, sport, team_id, name, number, position, nationality, birth_date FROM players WHERE team_id = ?1",
      )
      .bind(from),
  ]);
  return { matches: matches!.results, players: players!.results };
}

/**
 * What a player merge re-points: the events, line-ups and box scores that name `from`, in the matches of his team
 * and the matches he has a line in (index seeks: team_matches, player_lines_player, the events' match_id prefix).
 */
export async function playerMergeRows(db: Db, from: string) {
  const MATCHES = `SELECT match_id FROM team_matches WHERE team_id = (SELECT team_id FROM players WHERE id = ?1)
    UNION SELECT match_id FROM player_lines WHERE player_id = ?1`;
  const [events, lineups, lines] = await db.$client.batch<Row>([
    db.$client
      .prepare(
        `SELECT * FROM match_events WHERE match_id IN (${MATCHES}) AND ?1 IN (player_id, player_in_id, player_out_id)`,
      )
      .bind(from),
    db.$client.prepare(`SELECT match_id, home, away FROM match_lineups WHERE match_id IN (${MATCHES})`).bind(from),
    db.$client
      .prepare(
        "SELECT * FROM player_lines WHERE match_id IN (SELECT match_id FROM player_lines WHERE player_id = ?1) ORDER BY match_id, side, ord",
      )
      .bind(from),
  ]);
  return { events: events!.results, lineups: lineups!.results, lines: lines!.results };
}

/**
 * The end of a merge, in one transaction: every source reference of `from` is `into`'s, `from` answers as `into`
 * (merged_ids, and merges into `from` made before follow), and `from`'s own row and search entries go (a merged
 * match's row went with the ingest batch that merged it).
 */
export async function finishMerge(db: Db, kind: "team" | "player" | "match", from: string, into: string, at: string) {
  const gone = {
    team: ["DELETE FROM search_prefixes WHERE team_id = ?1 AND ref_id = ?1", "DELETE FROM teams WHERE id = ?1"],
    player: [
      "DELETE FROM search_prefixes WHERE ref_id = ?1 AND kind = 'player'",
      "DELETE FROM player_season_stats WHERE player_id = ?1",
      "DELETE FROM players WHERE id = ?1",
    ],
    match: [],
  }[kind];
  await db.$client.batch([
    db.$client
      .prepare(
        "UPDATE identities SET id = ?3, resolved_by = 'operator', status = 'resolved' WHERE kind = ?1 AND id = ?2",
      )
      .bind(kind, from, into),
    db.$client.prepare("UPDATE merged_ids SET into_id = ?3 WHERE kind = ?1 AND into_id = ?2").bind(kind, from, into),
    db.$client
      .prepare(
        "INSERT INTO merged_ids (kind, from_id, into_id, merged_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (kind, from_id) DO UPDATE SET into_id = excluded.into_id",
      )
      .bind(kind, from, into, at),
    ...gone.map((sql) => db.$client.prepare(sql).bind(from)),
  ]);
}

/** The id `id` was merged into, when it was (one primary-key seek). */
export async function mergedInto(db: Db, kind: "team" | "player" | "match", id: string) {
  const row = await db.$client
    .prepare("SELECT into_id FROM merged_ids WHERE kind = ?1 AND from_id = ?2")
    .bind(kind, id)
    .first<{ into_id: string }>();
  return row?.into_id;
}

/** The id an old id was merged into, if it was. */
export const MERGED_INTO = (kind: string, param: string) =>
  `COALESCE((SELECT into_id FROM merged_ids WHERE kind = '${kind}' AND from_id = ${param}), ${param})`;
