// The operator's hand on the crosswalk (docs/identity.md "For operators"): the list to review, pinning a source's
// reference to an id, and merging two entities already served. A merge goes through the one ingest path, so every
// derived figure (tables, head-to-head, search, season stats) is recomputed and the changes feed records it.
import { dbFor } from "../db/client";
import { finishMerge, listIdentities, pinIdentity, sportOf, teamMergeRows } from "../db/queries/identities";
import { badRequest } from "../errors";
import { ingestInOrder } from "../ingest/serial";
import type { Op } from "../ingest/ops";
import { rfc3339 } from "../../lib/time";

export type OperatorKind = "league" | "team" | "player" | "match";

export async function identities(
  env: Env,
  f: { kind?: OperatorKind; source?: string; status?: "resolved" | "unresolved" },
  limit: number,
  after?: string,
) {
  let cursor: [string, string, string, string] | undefined;
  if (after !== undefined) {
    try {
      cursor = JSON.parse(atob(after)) as [string, string, string, string];
      if (!Array.isArray(cursor) || cursor.length !== 4 || !cursor.every((x) => typeof x === "string")) throw 0;
    } catch {
      throw badRequest("after", "not a cursor this list gave");
    }
  }
  const rows = await listIdentities(dbFor(env.DB), f, limit, cursor);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page,
    limit,
    next_cursor:
      rows.length > limit && last
        ? btoa(JSON.stringify([last.kind, last.status, last.source, last.source_ref].map(String)))
        : null,
  };
}

/** Pins (`source`, `kind`, `source_ref`) to `id`: the source's next reports of it are `id`'s. */
export async function pin(env: Env, r: { kind: OperatorKind; source: string; source_ref: string; id: string }) {
  const db = dbFor(env.DB);
  const sport = await sportOf(db, r.kind, r.id);
  if (!sport) throw badRequest("id", `no ${r.kind} ${r.id}`);
  await pinIdentity(db, { ...r, sport, at: rfc3339() });
  await env.INGESTOR.getByName("ingest").forgetIdentities();
  return { ...r, sport, status: "resolved", resolved_by: "operator" };
}

/**
 * Merges team `from` into team `into`: `from`'s matches and players become `into`'s (through ingest, so tables,
 * head-to-head, search and season stats follow), its source references resolve to `into`, and `from` answers as
 * `into` from then on. Only teams are merged so far (docs/identity.md "Merging").
 */
export async function merge(env: Env, r: { kind: OperatorKind; from: string; into: string }) {
  if (r.kind !== "team") throw badRequest("kind", 'only teams are merged so far (docs/identity.md "Merging")');
  if (r.from === r.into) throw badRequest("into", "a team cannot be merged into itself");
  const db = dbFor(env.DB);
  const [a, b] = await Promise.all([sportOf(db, "team", r.from), sportOf(db, "team", r.into)]);
  if (!a) throw badRequest("from", `no team ${r.from}`);
  if (!b) throw badRequest("into", `no team ${r.into}`);
  if (a !== b) throw badRequest("into", `${r.into} is a ${b} team; ${r.from} is a ${a} team`);
  const rows = await teamMergeRows(db, r.from);
  const swap = (id: unknown) => (id === r.from ? r.into : String(id));
  const ops: Op[] = [];
  for (const m of rows.matches) {
    const [home, away] = [swap(m.home_team_id), swap(m.away_team_id)];
    if (home === away) throw badRequest("into", `${r.from} and ${r.into} played each other (match ${m.id}): two teams`);
    ops.push({
      op: "match",
      id: String(m.id),
      sport: a,
      league_id: String(m.league_id),
      home_team_id: home,
      away_team_id: away,
    } as Op);
  }
  for (const p of rows.players) ops.push({ ...(p as object), op: "player", team_id: r.into } as Op);
  for (let i = 0; i < ops.length; i += 200) await ingestInOrder(env, ops.slice(i, i + 200));
  await finishMerge(db, "team", r.from, r.into, rfc3339());
  await env.INGESTOR.getByName("ingest").forgetIdentities();
  return { kind: r.kind, from: r.from, into: r.into, matches: rows.matches.length, players: rows.players.length };
}
