// The operator's hand on the crosswalk (docs/identity.md "For operators"): the list to review, pinning a source's
// reference to an id, and merging two entities already served. A merge goes through the one ingest path, so every
// derived figure (tables, head-to-head, search, season stats) is recomputed and the changes feed records it.
import { dbFor } from "../db/client";
import type { Db } from "../db/client";
import type { Row } from "../db/queries/ingest";
import {
  finishMerge,
  leaguesOf,
  listIdentities,
  pinIdentity,
  playerMergeRows,
  sportOf,
  teamMergeRows,
} from "../db/queries/identities";
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
 * Merges `from` into `into` (docs/identity.md "Merging"): what hangs on `from` becomes `into`'s through ingest (so
 * tables, head-to-head, leaders, search and season stats follow, and the changes feed has the matches it touched),
 * its source references resolve to `into`, and `from` answers as `into` from then on. Leagues are not merged: a
 * league is configured (mapped), not resolved.
 */
export async function merge(env: Env, r: { kind: OperatorKind; from: string; into: string }) {
  if (r.kind === "league") throw badRequest("kind", "leagues are not merged: map the source's league onto ours");
  if (r.from === r.into) throw badRequest("into", `a ${r.kind} cannot be merged into itself`);
  const db = dbFor(env.DB);
  const [a, b] = await Promise.all([sportOf(db, r.kind, r.from), sportOf(db, r.kind, r.into)]);
  if (!a) throw badRequest("from", `no ${r.kind} ${r.from}`);
  if (!b) throw badRequest("into", `no ${r.kind} ${r.into}`);
  if (a !== b) throw badRequest("into", `${r.into} is a ${b} ${r.kind}; ${r.from} is a ${a} ${r.kind}`);
  const ops = r.kind === "team" ? await teamOps(db, r, a) : r.kind === "player" ? await playerOps(db, r) : [];
  if (r.kind === "match") {
    const league_ids = await leaguesOf(db, [r.from, r.into]);
    await ingestInOrder(env, [{ op: "merge_match", from: r.from, into: r.into, league_ids }]);
  }
  for (let i = 0; i < ops.length; i += 200) await ingestInOrder(env, ops.slice(i, i + 200));
  await finishMerge(db, r.kind, r.from, r.into, rfc3339());
  await env.INGESTOR.getByName("ingest").forgetIdentities();
  // What the merge touched: the matches re-written (of a match merge, the one kept) and the players moved.
  const matches = new Set(ops.map((o) => (o.op === "match" ? o.id : "match_id" in o ? o.match_id : "")));
  matches.delete("");
  const players = ops.filter((o) => o.op === "player").length;
  return { kind: r.kind, from: r.from, into: r.into, matches: r.kind === "match" ? 1 : matches.size, players };
}

type Merge = { from: string; into: string };

/** A team's matches and players, re-pointed at `into`. */
async function teamOps(db: Db, r: Merge, sport: string): Promise<Op[]> {
  const rows = await teamMergeRows(db, r.from);
  const swap = (id: unknown) => (id === r.from ? r.into : String(id));
  const ops: Op[] = [];
  for (const m of rows.matches) {
    const [home, away] = [swap(m.home_team_id), swap(m.away_team_id)];
    if (home === away) throw badRequest("into", `${r.from} and ${r.into} played each other (match ${m.id}): two teams`);
    ops.push({
      op: "match",
      id: String(m.id),
      sport,
      league_id: String(m.league_id),
      home_team_id: home,
      away_team_id: away,
    } as Op);
  }
  for (const p of rows.players) ops.push({ ...(p as object), op: "player", team_id: r.into } as Op);
  return ops;
}

/** The events, line-ups and box scores naming player `from`, naming `into` instead. */
async function playerOps(db: Db, r: Merge): Promise<Op[]> {
  const rows = await playerMergeRows(db, r.from);
  const swap = (id: unknown) => (id === r.from ? r.into : id);
  const ops: Op[] = [];
  const byMatch = new Map<string, Row[]>();
  for (const e of rows.events) byMatch.set(String(e.match_id), [...(byMatch.get(String(e.match_id)) ?? []), e]);
  for (const [matchId, events] of byMatch) {
    const moved = events.map(({ match_id: _m, seq: _s, ...e }) => ({
      ...e,
      player_id: swap(e.player_id),
      player_in_id: swap(e.player_in_id),
      player_out_id: swap(e.player_out_id),
    }));
    ops.push({ op: "events", match_id: matchId, events: moved } as Op);
  }
  for (const l of rows.lineups) {
    const side = (json: unknown) => {
      const x = JSON.parse(String(json)) as { starters: Row[]; substitutes: Row[] };
      const named = [...x.starters, ...x.substitutes].some((p) => p.player_id === r.from);
      for (const p of [...x.starters, ...x.substitutes]) p.player_id = swap(p.player_id);
      return { x, named };
    };
    const [home, away] = [side(l.home), side(l.away)];
    if (home.named || away.named)
      ops.push({ op: "lineups", match_id: String(l.match_id), home: home.x, away: away.x } as Op);
  }
  const lines = new Map<string, { home: Row[]; away: Row[] }>();
  for (const { match_id, side, ord: _o, started, ...line } of rows.lines) {
    const box = lines.get(String(match_id)) ?? { home: [], away: [] };
    if (line.player_id === r.into)
      throw badRequest("into", `${r.from} and ${r.into} both have a line in match ${match_id}: two players`);
    box[side as "home" | "away"].push({ ...line, player_id: swap(line.player_id), started: Boolean(started) });
    lines.set(String(match_id), box);
  }
  for (const [matchId, box] of lines) ops.push({ op: "player_lines", match_id: matchId, ...box } as Op);
  return ops;
}
