// The one ingest code path: the HTTP route, the simulator and the production poller all call ingest().
import type { Sport } from "../domain/codes";
import { dbFor } from "../db/client";
import { dataChanged } from "../db/data-view";
import { loadIngestState, writeIngest } from "../db/queries/ingest";
import { publishAll } from "../live/publish";
import { webhookEvents } from "./webhooks";
import type { WebhookEvent } from "../webhooks/events";
import type { Op, PlanOp } from "./ops";
import { planIngest, type IngestPlan } from "./plan";
import { seasonStatsWrites } from "./season-stats";
import { competitionMoves, competitionsOf } from "./competition-moves";
import { standingsWrites } from "./standings";
import { rfc3339 } from "../../lib/time";
import { isFinished, isInPlay } from "../domain/codes";
import { changeRows, CHANGES_KEPT_MS } from "./changes";
import { numberUpdates } from "./versions";
import { tracer, type Marks } from "../../lib/trace";
import type { Row } from "../db/queries/ingest";
import { badRequest } from "../errors";
import { identify, rememberIdentities } from "./identify";
import { mergeSources } from "./merge-sources";

export interface Ingested {
  applied: number;
  unchanged: number;
  /** The batch's webhook events (bodies carry the rooms' seq), for the caller to enqueue (src/core/ingest/serial.ts). */
  webhooks: WebhookEvent[];
  /** A traced batch's hop marks (src/lib/trace.ts). */
  marks?: Marks;
}

/**
 * `quiet`: the batch is history (docs/data.md "Quiet history"): written, numbered (`seq`) and in the changes feed like
 * any other, but pushed to no stream and no MCP feed and sent to no webhook, so no match room is woken for it. A
 * quiet batch may not leave a match in play. `source`: the batch is that source's (docs/identity.md): its ids are its
 * own references, resolved to ours through the crosswalk, and merged field by field with other sources'.
 */
export async function ingest(
  env: Env,
  input: PlanOp[],
  trace = false,
  quiet = false,
  source?: string,
): Promise<Ingested> {
  const t = tracer(trace);
  t?.mark("ingestor");
  const db = dbFor(env.DB);
  const now = rfc3339();
  // A source's references in our ids (docs/identity.md): looked up in the crosswalk, new ones resolved once.
  const identified = source ? await identify(db, source, sourceOps(input), now) : undefined;
  let ops = identified?.ops ?? input;
  let ids = referenced(ops);
  const state = await loadIngestState(db, {
    leagues: [...ids.leagues],
    teams: [...ids.teams],
    matches: [...ids.matches],
    events: [...ids.events],
    players: [...ids.players],
  });
  t?.mark("d1_read");
  // Two sources on one match: each field from the best source that has it (src/core/ingest/merge-sources.ts).
  const merged = identified && source ? mergeSources(identified.ops, state, { source, now, ...identified }) : undefined;
  if (merged) {
    ops = merged.ops;
    ids = referenced(ops);
  }
  // Planning updates `state` in place: remember where leagues and matches start from (see `competitionMoves`), and
  // which matches were finished (a change to one is a correction: finished answers kept at the edge are retired).
  const before = competitionsOf(state);
  const finishedBefore = new Set(
    [...state.matches.values()].filter((m) => isFinished(Number(m.status_code))).map((m) => String(m.id)),
  );
  // A quiet batch may not touch a match in play, before or after it: planning changes `state`, so look first.
  if (quiet) refuseInPlayInQuiet(state.matches, ids.matches, "touch");
  const plan = planIngest(ops, state, now);
  if (merged) takeTimelines(plan, state.matches, merged.timelines, source!);
  if (quiet) refuseInPlayInQuiet(state.matches, ids.matches, "leave");
  t?.mark("plan");
  const moved = competitionMoves(before, competitionsOf(state));
  for (const t of moved.teams) plan.searchTeams.add(t);
  const { standings, snapshots } = await standingsWrites(db, plan, (id) => state.leagues.get(id)!.sport as Sport);
  plan.writes.standings = standings;
  plan.writes.standings_snapshots = snapshots;
  plan.writes.player_season_stats = await seasonStatsWrites(db, plan, state);
  t?.mark("derived_reads");
  // The commit numbers its stream messages after each match's stored seq and stores the new one with the data.
  const atMs = Date.now();
  const stored = (id: string) => Number(state.matches.get(id)?.seq ?? 0);
  const { numbered, seqs } = numberUpdates(plan.updates, stored, atMs);
  const seqAfter = new Map(seqs.map((s) => [s.id, s.seq]));
  const seqOf = (id: string) => seqAfter.get(id) ?? stored(id);
  const changes = changeRows(plan, seqOf, rfc3339(atMs), atMs);
  const newIdentities = [...(identified?.identities ?? []), ...(merged?.identities ?? [])];
  await writeIngest(db, plan.writes, {
    removedEvents: plan.removedEvents,
    removedMatches: plan.removedMatches.map((m) => String(m.id)),
    lineMatches: plan.lineMatches,
    search: plan.search,
    searchTeams: [...plan.searchTeams],
    searchLeagues: moved.leagues,
    matchSeqs: seqs,
    changes,
    trimChangesBefore: atMs - CHANGES_KEPT_MS,
    correctsFinished: changes.some((c) => finishedBefore.has(c.match_id)),
    identities: newIdentities,
    conflicts: merged?.conflicts,
    // What the leagues' current seasons have may have changed with anything the batch applied.
    coverage:
      plan.applied > 0
        ? {
            leagues: [
              // A match merged away (merge_match) is gone from the state: its league came with the op.
              ...new Set([
                ...ids.leagues,
                ...[...ids.matches].flatMap((id) => {
                  const league = state.matches.get(id)?.league_id;
                  return league === undefined ? [] : [String(league)];
                }),
              ]),
            ],
            teams: [...ids.teams],
          }
        : undefined,
  });
  t?.mark("d1_write");
  rememberIdentities(newIdentities);
  for (const { id, seq } of seqs) state.matches.get(id)!.seq = seq;
  // The isolate that committed (the Ingestor's) serves the write on its next read; the others within 1 s.
  dataChanged();
  // Publish only after the commit: a client never sees an update that is not in D1.
  if (!quiet) await publishAll(env, numbered, t);
  t?.mark("published");
  const published = new Map(numbered.map((n) => [n.match_id, n.envelopes]));
  return {
    applied: plan.applied,
    unchanged: plan.unchanged,
    webhooks: quiet ? [] : webhookEvents(plan, published, seqOf),
    marks: t?.marks,
  };
}

/** The matches whose timeline the batch's source now gives: their rows say so (written with the batch). */
function takeTimelines(plan: IngestPlan, matches: Map<string, Row>, ids: Set<string>, source: string) {
  for (const id of ids) {
    const row = matches.get(id);
    if (!row || row.timeline_source === source) continue;
    row.timeline_source = source;
    const written = (plan.writes.matches ??= []);
    if (!written.includes(row)) written.push(row);
  }
}

/** A source's batch: its ops only (the operator's merge is no source's). */
function sourceOps(ops: PlanOp[]): Op[] {
  if (ops.some((o) => o.op === "merge_match")) throw badRequest("ops", "a source's batch cannot merge matches");
  return ops as Op[];
}

/** Every id the ops reference, by kind (what ingest loads before it plans). */
function referenced(ops: PlanOp[]) {
  const ids = {
    leagues: new Set<string>(),
    teams: new Set<string>(),
    matches: new Set<string>(),
    events: new Set<string>(),
    players: new Set<string>(),
  };
  for (const op of ops) {
    if (op.op === "league") ids.leagues.add(op.id);
    else if (op.op === "team") ids.teams.add(op.id);
    else if (op.op === "player") {
      ids.players.add(op.id);
      ids.teams.add(op.team_id);
    } else if (op.op === "merge_match") {
      ids.matches.add(op.from);
      ids.matches.add(op.into);
      for (const id of op.league_ids) ids.leagues.add(id);
    } else if (op.op === "match") {
      ids.matches.add(op.id);
      ids.leagues.add(op.league_id);
      if (op.home_team_id) ids.teams.add(op.home_team_id);
      if (op.away_team_id) ids.teams.add(op.away_team_id);
    } else {
      ids.matches.add(op.match_id);
      if (op.op === "events") for (const e of op.events) ids.events.add(e.id);
      if (op.op === "remove_events") for (const id of op.event_ids) ids.events.add(id);
      if (op.op === "player_lines") for (const l of [...op.home, ...op.away]) ids.players.add(l.player_id);
    }
  }
  return ids;
}

/**
 * History is quiet; a match in play is not: a quiet batch that touches one (its sockets, listens and webhooks would
 * never hear of the change) or leaves one in play is refused whole.
 */
function refuseInPlayInQuiet(matches: Map<string, Row>, ids: Set<string>, verb: "touch" | "leave") {
  for (const id of ids) {
    if (isInPlay(Number(matches.get(id)?.status_code)))
      throw badRequest(
        "quiet",
        verb === "touch"
          ? `a quiet batch is history: it may not touch match ${id}, which is in play`
          : `a quiet batch is history: it would leave match ${id} in play`,
      );
  }
}
