// A provider poller's answer applier (docs/feeds.md "Changes only"): one answer in, the changes it holds out through
// ingest, in batches of whole matches; what fails validation dropped and listed; the matches it follows updated. The
// poller (./poller.ts) decides which calls are due and makes them; this part only applies what they answered.
import type { Op } from "../ingest/ops";
import { keepValid, type DroppedValue } from "../ingest/validate";
import { countsInTable, estimatedEndTs, type Sport } from "../domain/codes";
import { rfc3339, utcDay } from "../../lib/time";
import type { Call, LeagueIn, Mapping, MatchState, Provider } from "../sources/contract";
import { matchOps, merged } from "./diff";
import type { FeedLog, LogEntry } from "./feed-log";
import type { FollowedMatches, Followed } from "./followed";
import type { PollerStore } from "./store";

/** A value validation dropped (src/core/ingest/validate.ts), as the feed status lists it. */
export interface DroppedEntry extends LogEntry, DroppedValue {}

/** One match's state as this answer leaves it, and the ops that take it there. */
interface Change {
  state: MatchState;
  ops: Op[];
}

/** Ops per ingest batch: whole matches, never split. */
const MAX_BATCH = 400;
/** A result this poller did not see happen is dated by its kickoff after this long (docs/feeds.md). */
const ENDED_UNSEEN_AFTER_S = 30 * 60;

/** What the applier is handed of the poller's I/O (./poller.ts PollerDeps has these and more). */
export interface AnswerDeps {
  provider: Provider;
  now(): number;
  store: PollerStore;
  /** The status of those of these matches that exist here (from D1; optional: none known without it). */
  storedStatus?(ids: string[]): Promise<Map<string, number>>;
  /** Which of these league ids exist here already. */
  existingLeagues(ids: string[]): Promise<Set<string>>;
  /** The one ingest path; throws an ApiError (400) naming the op it refused, or another error when it could not run. */
  apply(ops: Op[]): Promise<{ applied: number; unchanged: number }>;
}

export class AnswerApplier {
  /** Teams already applied (a team op is sent once), and leagues that exist here. */
  private readonly teams: Set<string>;
  private readonly known: Set<string>;

  constructor(
    private readonly d: AnswerDeps,
    private readonly followed: FollowedMatches,
    private readonly dropped: FeedLog<DroppedEntry>,
    private readonly error: (message: string) => void,
  ) {
    this.teams = new Set(d.store.get<string[]>("teams") ?? []);
    this.known = new Set(d.store.get<string[]>("leagues") ?? []);
  }

  private readonly prev = (id: string) => this.d.store.get<MatchState>(`m:${id}`);

  /** Applies an answer's changes; returns the ids of the matches it listed. */
  async apply(call: Call, body: unknown, ms: Mapping[], live: Set<string> | undefined): Promise<string[]> {
    const parsed = this.d.provider.parse(call, body, ms, this.prev);
    const now = this.d.now();
    const leagueOps = await this.newLeagues(parsed.leagues);
    const changes: Change[] = [];
    const teams = new Set(this.teams);
    const prevs = new Map(parsed.matches.map((m) => [m.id, this.prev(m.id)]));
    // Matches this poller has applied nothing of (new ones, or after its storage was lost): their status here, so
    // that a move the contract's transitions allow only in steps is taken in steps.
    const unknown = [...prevs].filter(([, p]) => p === undefined).map(([id]) => id);
    const stored = unknown.length > 0 && this.d.storedStatus ? await this.d.storedStatus(unknown) : new Map();
    for (const next of parsed.matches) {
      if (next.problem) {
        this.error(`${next.id}: ${next.problem}; the match is left as it was`);
        continue;
      }
      const prev = prevs.get(next.id);
      endedUnseen(prev, next, stored.get(next.id), this.d.provider.sport, now);
      let mOps: Op[];
      try {
        mOps = this.valid(matchOps(prev, next, teams, stored.get(next.id)));
      } catch (err) {
        this.error(`${next.id}: ${String(err instanceof Error ? err.message : err)}; the match is left as it was`);
        continue;
      }
      for (const t of next.teams) teams.add(t.id);
      if (mOps.length > 0) changes.push({ state: merged(prev, next), ops: mOps });
      else this.followed.follow(merged(prev, next), now, call.kind, this.d.provider.detailAdds);
    }
    const kept = leagueOps.length > 0 || changes.length > 0 ? await this.applyChanges(leagueOps, changes) : [];
    for (const c of kept) this.followed.follow(c.state, now, call.kind, this.d.provider.detailAdds);
    const listed = parsed.matches.map((m) => m.id);
    if (live && call.kind === "live") {
      for (const id of listed) this.followed.listed(id);
      this.notListed(call, live, new Set(listed));
    }
    this.followed.save();
    return listed;
  }

  /**
   * Live matches the live answer should list and does not: fetched in full at once (they finished, were interrupted,
   * or vanished from the provider: given up on after a few fetches, src/core/feeds/followed.ts).
   */
  notListed(call: Call, live: Set<string>, listed: Set<string>) {
    for (const id of live) {
      const f = this.followed.get(id);
      if (!f || listed.has(id) || !covered(call, f)) continue;
      this.followed.leftLive(id);
    }
  }

  /** The ops that pass ingest's validation; what fails is dropped and listed in the status (docs/feeds.md "Validation"). */
  private valid(ops: Op[]): Op[] {
    const { ops: kept, dropped } = keepValid(ops);
    const now = this.d.now();
    // One entry per field, whichever list item held it ("events.*.player"): a bad answer is a few lines, not 20.
    for (const d of dropped) {
      const path = d.path.replace(/\.\d+(?=\.|$)/g, ".*");
      this.dropped.add(now, { ...d, path, message: `${d.ref} ${path}: ${d.reason}` });
    }
    return kept;
  }

  /** League rows for mapped leagues that do not exist here yet (a mapped league keeps the row it has). */
  private async newLeagues(leagues: LeagueIn[]): Promise<Op[]> {
    const unknown = leagues.filter((l) => !this.known.has(l.id));
    if (unknown.length === 0) return [];
    const exist = await this.d.existingLeagues(unknown.map((l) => l.id));
    exist.forEach((id) => this.known.add(id));
    this.d.store.put("leagues", [...this.known]);
    return this.valid(unknown.filter((l) => !exist.has(l.id)).map((l) => ({ op: "league" as const, ...l })));
  }

  /**
   * Applies the changes in batches of whole matches. A batch ingest refuses (a 400 naming an op) is retried match by
   * match, so one match the service cannot take does not hold back the others; that match stays as it was and its
   * state is not kept, so the next answer is diffed against what was really applied.
   */
  private async applyChanges(leagueOps: Op[], changes: Change[]): Promise<Change[]> {
    const applied: Change[] = [];
    if (leagueOps.length > 0) {
      await this.d.apply(leagueOps);
      leagueOps.forEach((o) => this.known.add((o as { id: string }).id));
      this.d.store.put("leagues", [...this.known]);
    }
    let batch: Change[] = [];
    let size = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const ops = batch.flatMap((c) => c.ops);
      try {
        await this.d.apply(ops);
        applied.push(...this.kept(batch));
      } catch (err) {
        if (!isRefusal(err)) throw err;
        for (const c of batch) {
          try {
            await this.d.apply(c.ops);
            applied.push(...this.kept([c]));
          } catch (e) {
            if (!isRefusal(e)) throw e;
            this.error(
              `${c.state.id}: ingest refused the change (${(e as Error).message}); the match is left as it was`,
            );
          }
        }
      }
      batch = [];
      size = 0;
    };
    for (const c of changes) {
      if (size + c.ops.length > MAX_BATCH) await flush();
      batch.push(c);
      size += c.ops.length;
    }
    await flush();
    return applied;
  }

  private kept(changes: Change[]): Change[] {
    const teams = this.teams.size;
    for (const c of changes) {
      this.d.store.put(`m:${c.state.id}`, c.state);
      for (const op of c.ops) if (op.op === "team") this.teams.add(op.id);
    }
    if (this.teams.size !== teams) this.d.store.put("teams", [...this.teams]);
    return changes;
  }
}

/** Whether a live call's answer lists `f` when it is live (the leagues, and the days when the call is by day). */
function covered(call: Call, f: Followed): boolean {
  if (!call.covers) return true;
  if (!call.covers.leagues.includes(f.league)) return false;
  return !call.covers.days || call.covers.days.includes(utcDay(f.kickoff * 1000));
}

/**
 * A result this poller did not see happen (a past season, a league mapped mid-season, a result after a long outage):
 * its `finished_at` is when it ended by its kickoff and how it ended, not the poll's time, so that tables as of each
 * match follow the order the matches were played (docs/feeds.md "A match first seen finished").
 */
function endedUnseen(
  prev: MatchState | undefined,
  next: MatchState,
  storedStatus: number | undefined,
  sport: Sport,
  now: number,
) {
  const to = next.fields.status_code;
  const from = prev?.fields.status_code ?? storedStatus;
  const kickoff = next.fields.kickoff_ts ?? prev?.fields.kickoff_ts;
  if (to === undefined || !countsInTable(to) || (from !== undefined && countsInTable(from)) || kickoff === undefined)
    return;
  const end = estimatedEndTs(sport, to, kickoff);
  if ((end + ENDED_UNSEEN_AFTER_S) * 1000 < now) next.fields.finished_at = rfc3339(end * 1000);
}

/** Ingest refused the batch (a 400 naming an op), as opposed to not running at all. */
const isRefusal = (err: unknown) =>
  typeof err === "object" && err !== null && "status" in err && (err as { status: number }).status === 400;
