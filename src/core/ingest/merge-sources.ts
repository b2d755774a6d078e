// Two sources on one match (docs/identity.md "Two sources on one match"): each field from the best source that has
// it. A provider (or a direct feed) is the primary for live fields — score, minute, status, events — and the history
// never overwrites its values; the history fills what the primary left empty. A timeline comes from one source, the
// best that has one: an event another source reported already keeps its id (one event), and when a better source's
// timeline arrives, what only the worse one had is withdrawn. A final score two sources disagree on is kept as the
// better says and listed (`source_conflicts`, the feed status's `conflicts`). Pure: ops and the loaded state in.
import { COLUMNS } from "../db/queries/bulk";
import type { IngestState, Row } from "../db/queries/ingest";
import { canTransition, isFinished, isInPlay, transitionPath } from "../domain/codes";
import { matchEvent, rankOf, type EventLike } from "../identity/rules";
import type { Op } from "./ops";

type OpOf<K extends Op["op"]> = Extract<Op, { op: K }>;

export interface Merged {
  ops: Op[];
  /** Crosswalk rows of events matched to another source's. */
  identities: Row[];
  conflicts: Row[];
  /** Matches whose timeline now comes from this source (written with the batch: `timeline_source`). */
  timelines: Set<string>;
}

export interface SourceContext {
  source: string;
  now: string;
  /** Local match id of each of our match ids the batch names (its events' ids start with it). */
  localMatch: Map<string, string>;
  /** Our teams and players this source's references resolved to, whose rows another source made. */
  adopted: Set<string>;
  /** Event references already in the crosswalk: local id → ours. */
  events: Map<string, string>;
}

/** Match columns the primary owns: a worse source never changes them once set. */
const LIVE = new Set(["home_score", "away_score", "status_code", "period", "minute", "added_time", "game_clock_secs"]);
const MATCH_FIELDS = COLUMNS.matches.filter((c) => !["id", "sport", "league_id", "home_team", "away_team"].includes(c));
const score = (h: unknown, a: unknown) => `${Number(h)}–${Number(a)}`;

export function mergeSources(ops: Op[], state: IngestState, ctx: SourceContext): Merged {
  const { source } = ctx;
  const rank = rankOf(source);
  const out: Op[] = [];
  const identities: Row[] = [];
  const conflicts: Row[] = [];
  const timelines = new Set<string>();
  const inBatch = new Map<string, OpOf<"match">>();
  const stored = (id: string) => state.matches.get(id);
  for (const op of ops) {
    if (op.op === "team" || op.op === "player") {
      out.push(
        ctx.adopted.has(op.id)
          ? fillOnly(op, op.op === "team" ? state.teams.get(op.id) : state.players.get(op.id))
          : op,
      );
      continue;
    }
    if (op.op === "league") {
      out.push(op);
      continue;
    }
    if (op.op === "match") {
      const m = stored(op.id);
      inBatch.set(op.id, { ...(inBatch.get(op.id) ?? {}), ...op });
      const theirs = rankOf(m?.source as string | null | undefined);
      if (!m || rank >= theirs) {
        if (m && m.source !== source && disagrees(m, op))
          conflicts.push({
            match_id: op.id,
            source: m.source ?? "ingest",
            kept_source: source,
            kept: score(op.home_score, op.away_score),
            theirs: score(m.home_score, m.away_score),
            at: ctx.now,
          });
        // The match may stand where this source's answers did not start (another source's, or a poller that lost its
        // storage and knows the match only by its own reference): it passes through the statuses between, as a
        // provider's own jumps do.
        const from = Number(m?.status_code);
        if (m && op.status_code !== undefined && !canTransition(from, op.status_code))
          for (const step of transitionPath(from, op.status_code)?.slice(1, -1) ?? [])
            out.push({
              op: "match",
              id: op.id,
              sport: op.sport,
              league_id: op.league_id,
              status_code: step,
              source,
            } as Op);
        // A value this source does not have (null) is not a value: another source's stays.
        const kept = m && m.source !== source ? withoutNulls(op, m) : op;
        out.push({ ...kept, source } as Op);
        continue;
      }
      // A worse source: never on a match in play; otherwise only what the better left empty.
      if (isInPlay(Number(m.status_code))) continue;
      if (disagrees(m, op))
        conflicts.push({
          match_id: op.id,
          source,
          kept_source: m.source,
          kept: score(m.home_score, m.away_score),
          theirs: score(op.home_score, op.away_score),
          at: ctx.now,
        });
      const filled = Object.fromEntries(
        MATCH_FIELDS.filter((f) => !LIVE.has(f) && (op as Row)[f] != null && m[f] == null).map((f) => [
          f,
          (op as Row)[f],
        ]),
      );
      if (Object.keys(filled).length > 0)
        out.push({ op: "match", id: op.id, sport: op.sport, league_id: op.league_id, ...filled } as Op);
      continue;
    }
    const m = stored(op.match_id);
    if (op.op === "events" || op.op === "remove_events") {
      const timeline = (m?.timeline_source as string | null | undefined) ?? null;
      if (timeline !== null && rank < rankOf(timeline)) continue;
      if (op.op === "remove_events") {
        out.push({ ...op, event_ids: op.event_ids.map((id) => ctx.events.get(id) ?? id) });
        continue;
      }
      const own = (id: string) =>
        id.startsWith(`${ctx.localMatch.get(op.match_id) ?? op.match_id}_`) || [...ctx.events.values()].includes(id);
      const have = state.events.get(op.match_id) ?? new Map<string, Row>();
      const others = [...have.values()].filter((e) => !own(String(e.id))) as unknown as EventLike[];
      const claimed = new Set<string>();
      const events = op.events.map((e) => {
        const known = ctx.events.get(e.id);
        if (known !== undefined) return (claimed.add(known), { ...e, id: known });
        if (have.has(e.id)) return e;
        const same = matchEvent(
          e,
          others.filter((o) => !claimed.has(o.id)),
        );
        if (same === undefined) return e;
        claimed.add(same);
        identities.push({
          source,
          kind: "event",
          ref: e.id,
          id: same,
          sport: m?.sport ?? inBatch.get(op.match_id)?.sport ?? "football",
          name: e.type,
          status: "resolved",
          created_at: ctx.now,
        });
        return { ...e, id: same };
      });
      // A better source's timeline replaces a worse one's: what only the worse had is withdrawn.
      const worse = timeline !== null && timeline !== source && rank > rankOf(timeline);
      const gone = worse ? others.map((o) => o.id).filter((id) => !claimed.has(id)) : [];
      if (events.length > 0 && timeline !== source) timelines.add(op.match_id);
      if (gone.length > 0) out.push({ op: "remove_events", match_id: op.match_id, event_ids: gone });
      out.push({ ...op, events });
      continue;
    }
    // Line-ups, statistics and box scores: from the match's primary, or any source while it has none.
    if (m && rank < rankOf(m.source as string | null | undefined)) continue;
    out.push(op);
  }
  return { ops: out, identities, conflicts, timelines };
}

/** Whether `op` finishes the match with another score than the stored finished one. */
function disagrees(m: Row, op: OpOf<"match">): boolean {
  if (!isFinished(Number(m.status_code)) || op.status_code === undefined || !isFinished(op.status_code)) return false;
  if (op.home_score === undefined || op.away_score === undefined) return false;
  return Number(m.home_score) !== op.home_score || Number(m.away_score) !== op.away_score;
}

/** `op` without the fields it leaves empty (null) where `m` has a value, but the live ones (a finished match's clock). */
function withoutNulls(op: OpOf<"match">, m: Row): OpOf<"match"> {
  const out = { ...op } as Row;
  for (const [k, v] of Object.entries(op)) if (v === null && !LIVE.has(k) && m[k] != null) delete out[k];
  return out as OpOf<"match">;
}

/** A team or player another source made: this source fills what it left empty, and changes nothing it set. */
function fillOnly<T extends OpOf<"team"> | OpOf<"player">>(op: T, row: Row | undefined): T {
  if (!row) return op;
  const next = { ...op } as Row;
  for (const [k, v] of Object.entries(row)) if (k in next && v !== null && v !== undefined) next[k] = v;
  return next as T;
}
