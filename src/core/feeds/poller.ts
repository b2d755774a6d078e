// One provider's poller (docs/feeds.md "Polling"): which calls are due by the state of each match, within the quota,
// and making them; what an answer changes is applied by ./answers.ts. Its I/O is handed in (fetch, clock, storage, ingest), so the FeedPoller object
// (workers/feed-poller.ts) runs it on alarms and tests run it on a fake clock against a fake provider.
import { FollowedMatches, inPlay, type Followed } from "./followed";
import { isFinished, STATUS } from "../domain/codes";
import { utcDay } from "../../lib/time";
import { planDay, type DayPlan } from "./day-plan";
import { FeedError, type Call, type Mapping, type Provider } from "../sources/contract";
import { exchange, fingerprint, parseBody } from "./exchange";
import { FeedLog, type LogEntry } from "./feed-log";
import { AnswerApplier, type AnswerDeps, type DroppedEntry } from "./answers";
import {
  canCall,
  freshQuota,
  left,
  limitsOf,
  nextAllowed,
  observe,
  record,
  type QuotaLimits,
  type QuotaState,
} from "./quota";

export interface PollerDeps extends AnswerDeps {
  provider: Provider;
  base: string;
  headers: Record<string, string>;
  quota: QuotaLimits;
  liveEveryS: number;
  /** How long a call may take before it counts as a timeout (default 10 s). */
  timeoutMs?: number;
  fetch(url: string, init: RequestInit): Promise<Response>;
  /** The mapped leagues some account tracks, and those that do not exist here yet (their first poll creates them). */
  mappings(): Promise<Mapping[]>;
  /** The mapping changed (an operator's edit): `mappings` reads it again. */
  mappingsChanged?(): void;
  /**
   * Told when the provider goes down for this service (failing three calls in a row, or today's quota spent) or comes
   * back: a standby provider of the same leagues polls while it is down (docs/identity.md "A standby provider").
   */
  health?(h: { down: boolean; since: number }): Promise<void>;
}

/** Failures in a row after which the provider counts as down (its standby takes over). */
export const DOWN_AFTER_FAILURES = 3;

export interface PollerStatus {
  last_poll_at: string | null;
  next_poll_at: string | null;
  backoff_until: string | null;
  degraded: string;
  /** The last errors, newest first; one repeated is one entry with its count. */
  errors: LogEntry[];
  /** Values the provider sent that failed validation: never stored or served. */
  dropped: DroppedEntry[];
  /** Live matches the provider stopped listing that result fetches did not end: no longer polled live. */
  vanished: { match_id: string; since: string; tries: number }[];
  /**
   * The rest of the UTC day as the last round planned it: the calls it will make until midnight against those the
   * quota leaves, and the pace it keeps (null before the first round).
   */
  day_plan: {
    projected_calls: number;
    calls_left: number;
    live_every_s: number | null;
    today_every_s: number | null;
    rest: boolean;
  } | null;
  live_matches: Record<string, number>;
}

/** What one answer changed for one match: the state to keep once ingest committed its ops. */

/** A call due now, what to note once it succeeded, and for a live poll the matches it should list. */
interface Due {
  call: Call;
  after: (ok: boolean) => void;
  live?: Set<string>;
}

export const TODAY_EVERY_S = 300;
export const FIXTURES_EVERY_S = 86_400;
/** How long a football / basketball match is expected to be live after kickoff, for the day's plan. */
const LIVE_SPAN_S = { football: 2 * 3600, basketball: 2.5 * 3600 };
const TIMEOUT_MS = 10_000;
/** Answers remembered for the same-answer check: a live call and each league's today call. */
const MAX_ANSWERS = 64;

export class Poller {
  private followed: FollowedMatches;
  /** What an answer changes, applied through ingest (./answers.ts). */
  private readonly applier: AnswerApplier;
  private quota: QuotaState;
  private failures: number;
  /** A fingerprint of the last answer of each live and today call that was applied in full (in memory). */
  private answers = new Map<string, { print: string; listed: string[] }>();
  private errorCount = 0;
  private readonly errors: FeedLog;
  private readonly dropped: FeedLog<DroppedEntry>;
  /** Kept in storage only when they change (a poll that finds nothing new writes the quota counter alone). */
  private backoffUntil: number;
  /**
   * What the status says of the rounds: the last that called the provider, the next, and the day's plan as the last
   * round made it (kept in storage as `round` when it changes: see `schedule`).
   */
  private mem = { lastPollAt: 0, nextPollAt: 0, degraded: "", plan: null as PollerStatus["day_plan"] };
  /**
   * When the last live call and each league's last today call were made: kept in storage (written with the call's
   * quota count), so a restart — a Durable Object evicted between two alarms, as an idle one is — keeps the pace the
   * plan set instead of polling live at every alarm.
   */
  private pace: { liveAt: number; todayAt: Record<string, number> };
  /** The last round's status as kept in storage (see `schedule`). */
  private saved: Poller["mem"] | undefined;

  constructor(private readonly d: PollerDeps) {
    const s = d.store;
    this.errors = new FeedLog(s, "errors");
    this.dropped = new FeedLog<DroppedEntry>(s, "dropped");
    this.followed = new FollowedMatches(s);
    this.quota = s.get<QuotaState>("quota") ?? freshQuota(d.now());
    this.failures = s.get<number>("failures") ?? 0;
    this.backoffUntil = s.get<number>("backoff_until") ?? 0;
    this.pace = s.get<Poller["pace"]>("pace") ?? { liveAt: 0, todayAt: {} };
    this.saved = s.get<Poller["mem"]>("round");
    if (this.saved) this.mem = { ...this.saved };
    this.applier = new AnswerApplier(d, this.followed, this.dropped, (m) => this.error(m));
  }

  private paced(update: (p: Poller["pace"]) => void) {
    update(this.pace);
    this.d.store.put("pace", this.pace);
  }

  /** The mapping changed: read it again at the next round. */
  mappingsChanged(): void {
    this.d.mappingsChanged?.();
  }

  status(): PollerStatus {
    const live: Record<string, number> = {};
    for (const f of this.followed.values())
      if (f.status === STATUS.LIVE && !f.vanished) live[f.league] = (live[f.league] ?? 0) + 1;
    const iso = (t: number | undefined) => (t ? new Date(t).toISOString() : null);
    const until = this.backoffUntil;
    return {
      last_poll_at: iso(this.mem.lastPollAt),
      next_poll_at: iso(this.mem.nextPollAt),
      backoff_until: until > this.d.now() ? iso(until) : null,
      degraded: this.mem.degraded,
      errors: this.errors.list(),
      dropped: this.dropped.list(),
      vanished: this.followed.vanished(),
      day_plan: this.mem.plan,
      live_matches: live,
    };
  }

  /** Calls used and left, and the limits in force: the configured plan, lowered by the provider's headers. */
  quotaStatus() {
    const l = left(this.quota, this.d.quota, this.d.now());
    const limits = limitsOf(this.quota, this.d.quota);
    return {
      day_used: this.quota.dayUsed,
      day_left: l.day,
      minute_used: this.quota.recent.length,
      minute_left: l.minute,
      per_day: limits.perDay,
      per_minute: limits.perMinute,
      /** Today's calls (UTC) by why they were made: live, today (day lists), followup (detail), fixtures (season). */
      day_by_kind: { live: 0, today: 0, followup: 0, fixtures: 0, ...this.quota.byKind },
    };
  }

  /** One round: the calls due now, as many as the quota allows, highest priority first. Returns when to come back. */
  async tick(): Promise<number> {
    const at = await this.round();
    await this.report();
    return at;
  }

  /** Says when the provider went down or came back (`health`), once per change. */
  private async report() {
    if (!this.d.health) return;
    const now = this.d.now();
    const down = this.failures >= DOWN_AFTER_FAILURES || left(this.quota, this.d.quota, now).day <= 0;
    const was = this.d.store.get<{ down: boolean; since: number }>("health");
    if ((was?.down ?? false) === down) return;
    const h = { down, since: now };
    await this.d.health(h);
    this.d.store.put("health", h);
  }

  private async round(): Promise<number> {
    const now = this.d.now();
    if (this.backoffUntil > now) return this.schedule(this.backoffUntil);
    const ms = await this.d.mappings();
    if (ms.length === 0) return this.schedule(now + 60_000);
    const plan = this.plan(ms, now);
    this.mem.degraded = plan.degraded;
    this.mem.plan = {
      projected_calls: plan.projected,
      calls_left: left(this.quota, this.d.quota, now).day,
      live_every_s: Number.isFinite(plan.liveEveryS) ? plan.liveEveryS : null,
      today_every_s: plan.todayEveryS,
      rest: plan.rest,
    };
    let calls = 0;
    for (const call of this.due(ms, plan, now)) {
      if (!canCall(this.quota, this.d.quota, this.d.now())) break;
      calls++;
      const ok = await this.run(call, ms);
      if (!ok) break;
    }
    if (calls > 0) this.mem.lastPollAt = now;
    if (this.backoffUntil > this.d.now()) return this.schedule(this.backoffUntil, calls > 0);
    return this.schedule(this.nextDue(ms, plan, this.d.now()), calls > 0);
  }

  /**
   * When to come back. What the status says of the round is kept in storage when the round called the provider or
   * its plan changed (a round that calls nothing writes nothing), so an object evicted between alarms still reports it.
   */
  private schedule(at: number, called = false): number {
    const before = JSON.stringify([this.saved?.degraded, this.saved?.plan]);
    this.mem.nextPollAt = at;
    if (called || before !== JSON.stringify([this.mem.degraded, this.mem.plan])) {
      this.saved = { ...this.mem };
      this.d.store.put("round", this.saved);
    }
    return at;
  }

  /** The calls due now, in the degradation order: live, today's (follow-ups of today's), then the rest. */
  private due(ms: Mapping[], plan: DayPlan, now: number): Due[] {
    const p = this.d.provider;
    const out: Due[] = [];
    const byLeague = new Map(ms.map((m) => [m.league_id, m]));
    const liveMatches = [...this.followed.entries()].filter(([, f]) => byLeague.has(f.league) && inPlay(f, now));
    if (liveMatches.length > 0 && now - this.pace.liveAt >= plan.liveEveryS * 1000) {
      const leagues = [...new Set(liveMatches.map(([, f]) => f.league))].map((l) => byLeague.get(l)!);
      const days = [...new Set(liveMatches.map(([, f]) => utcDay(f.kickoff * 1000)))];
      const ids = new Set(liveMatches.map(([id]) => id));
      // `live`: matches the live answer no longer lists have stopped being live (applyAnswer).
      for (const call of p.live(leagues, days))
        out.push({ call, after: (ok) => ok && this.paced((p) => (p.liveAt = now)), live: ids });
    }
    const today = utcDay(now);
    if (plan.todayEveryS !== null) {
      for (const m of ms) {
        const hasToday = [...this.followed.values()].some(
          (f) => f.league === m.league_id && !isFinished(f.status) && utcDay(f.kickoff * 1000) === today,
        );
        const at = this.pace.todayAt[m.league_id] ?? 0;
        if (hasToday && now - at >= plan.todayEveryS * 1000)
          for (const call of p.day([m], today))
            out.push({ call, after: (ok) => ok && this.paced((p) => (p.todayAt[m.league_id] = now)) });
      }
    }
    const refs = (list: [string, Followed][]) => list.map(([id]) => this.refOf(id));
    // Results first: matches that left the live answer. Then, when the plan has room, the follow-ups (full time and
    // ~30 min later for corrections, lineups before kickoff).
    const results = [...this.followed.entries()].filter(([, f]) => byLeague.has(f.league) && f.result);
    for (const call of p.detail(refs(results), ms))
      out.push({ call, after: (ok) => ok && results.forEach(([id]) => this.followed.followedUp(id, now)) });
    const followups = [...this.followed.entries()].filter(
      ([, f]) => byLeague.has(f.league) && !f.result && f.followups.some((t) => t <= now),
    );
    if (plan.rest && followups.length > 0) {
      for (const call of p.detail(refs(followups), ms))
        out.push({ call, after: (ok) => ok && followups.forEach(([id]) => this.followed.followedUp(id, now)) });
    }
    if (plan.rest) {
      for (const m of ms) {
        const key = `fixtures_at:${m.league_id}:${m.provider_league}:${m.season}`;
        if (now - this.fixturesAt(key) >= FIXTURES_EVERY_S * 1000)
          out.push({ call: p.fixtures(m), after: (ok) => ok && this.fixturesDone(key, now) });
      }
    }
    return out;
  }

  private fixtures = new Map<string, number>();
  /** When a league-season's fixtures were last fetched (kept in storage: a restart does not fetch them again). */
  private fixturesAt(key: string): number {
    if (!this.fixtures.has(key)) this.fixtures.set(key, this.d.store.get<number>(key) ?? 0);
    return this.fixtures.get(key)!;
  }

  private fixturesDone(key: string, now: number) {
    this.fixtures.set(key, now);
    this.d.store.put(key, now);
  }

  private refOf(id: string): string {
    return id.slice(id.indexOf("_", 2) + 1);
  }

  private plan(ms: Mapping[], now: number): DayPlan {
    const end = (Math.floor(now / 86_400_000) + 1) * 86_400_000;
    const leagues = new Set(ms.map((m) => m.league_id));
    let liveUntil = now;
    let lastKickoff = now;
    let liveSeconds = 0;
    const todays = new Set<string>();
    const windows = [...this.followed.values()]
      .filter(
        (f) =>
          leagues.has(f.league) &&
          !f.vanished &&
          !isFinished(f.status) &&
          f.status !== STATUS.POSTPONED &&
          f.status !== STATUS.CANCELLED,
      )
      .map((f) => [f.kickoff * 1000, f.kickoff * 1000 + LIVE_SPAN_S[this.d.provider.sport] * 1000, f.league] as const)
      .filter(([start, stop]) => stop > now && start < end)
      .sort((a, b) => a[0] - b[0]);
    for (const [start, stop, league] of windows) {
      const from = Math.max(start, liveUntil);
      const to = Math.min(stop, end);
      if (to > from) liveSeconds += (to - from) / 1000;
      liveUntil = Math.max(liveUntil, to);
      if (start > now) lastKickoff = Math.max(lastKickoff, start);
      todays.add(league);
    }
    const p = this.d.provider;
    const byLeague = ms.filter((m) => todays.has(m.league_id));
    const unfinished = [...this.followed.entries()]
      .filter(
        ([, f]) =>
          leagues.has(f.league) &&
          (f.status === STATUS.SCHEDULED || f.status === STATUS.LIVE || f.status === STATUS.INTERRUPTED) &&
          f.kickoff * 1000 < end,
      )
      .map(([id]) => this.refOf(id));
    const restCalls =
      ms.filter(
        (m) =>
          now - this.fixturesAt(`fixtures_at:${m.league_id}:${m.provider_league}:${m.season}`) >=
          FIXTURES_EVERY_S * 1000,
      ).length + this.followupCalls(leagues, end, ms);
    return planDay(
      left(this.quota, this.d.quota, now).day,
      {
        liveCalls: Math.max(1, p.live(byLeague, [utcDay(now)]).length),
        liveSeconds,
        todayCalls: p.day(byLeague, utcDay(now)).length,
        todaySeconds: Math.max(0, (lastKickoff - now) / 1000),
        restCalls,
        reserve: p.detail(unfinished, ms).length,
      },
      { liveEveryS: this.d.liveEveryS, todayEveryS: TODAY_EVERY_S },
      limitsOf(this.quota, this.d.quota).perMinute,
    );
  }

  /**
   * The detail calls today's follow-ups take: a provider that fetches many matches per call (API-Football, 20) takes
   * one call for each round of them, not one per match.
   */
  private followupCalls(leagues: Set<string>, end: number, ms: Mapping[]): number {
    const due = [...this.followed.entries()]
      .filter(([, f]) => leagues.has(f.league))
      .map(([id, f]) => [id, f.followups.filter((t) => t < end).length] as const);
    const most = due.reduce((n, [, k]) => Math.max(n, k), 0);
    let calls = 0;
    for (let k = 1; k <= most; k++)
      calls += this.d.provider.detail(
        due.filter(([, n]) => n >= k).map(([id]) => this.refOf(id)),
        ms,
      ).length;
    return calls;
  }

  private nextDue(ms: Mapping[], plan: DayPlan, now: number): number {
    const leagues = new Set(ms.map((m) => m.league_id));
    let next = now + 60_000;
    const anyLive = [...this.followed.values()].some((f) => leagues.has(f.league) && inPlay(f, now));
    if (anyLive) next = Math.min(next, this.pace.liveAt + plan.liveEveryS * 1000);
    for (const f of this.followed.values()) {
      if (!leagues.has(f.league)) continue;
      if (f.result) next = now;
      if (plan.rest) for (const t of f.followups) next = Math.min(next, t);
      // A kickoff within the minute: the live poll starts then.
      if (f.status === STATUS.SCHEDULED && f.kickoff * 1000 > now) next = Math.min(next, f.kickoff * 1000);
    }
    next = Math.max(next, nextAllowed(this.quota, this.d.quota, now));
    return Math.max(next, now + 1000);
  }

  /** One call: counted, answered, parsed, diffed and applied. False when the poller must stop this round. */
  private async run(item: Due, ms: Mapping[]): Promise<boolean> {
    const { call } = item;
    const now = this.d.now();
    const url = `${this.d.base}${call.path}${Object.keys(call.query).length ? `?${new URLSearchParams(call.query)}` : ""}`;
    record(this.quota, now, call.kind);
    this.d.store.put("quota", this.quota);
    const answer = await exchange(this.d.fetch, url, this.d.headers, this.d.timeoutMs ?? TIMEOUT_MS, call.path);
    if (answer instanceof FeedError) return this.fail(answer, item);
    const { res, text } = answer;
    observe(this.quota, this.d.provider.quota(res.headers), now);
    // The same answer as last time, which was applied in full: nothing new, nothing to parse.
    const print = call.kind === "live" || call.kind === "today" ? await fingerprint(text) : "";
    const same = this.answers.get(url);
    if (res.ok && print !== "" && same?.print === print) {
      // Still, a live match it does not list has stopped being live (or vanished): as for a new answer.
      if (call.kind === "live" && item.live) this.applier.notListed(call, item.live, new Set(same.listed));
      this.followed.save();
      return this.succeeded(item);
    }
    const body = parseBody(text);
    const problem = this.d.provider.error(res.status, body, res.headers, now);
    if (problem) return this.fail(problem, item);
    const errors = this.errorCount;
    let listed: string[];
    try {
      listed = await this.applier.apply(call, body, ms, item.live);
    } catch (err) {
      return this.fail(new FeedError(String(err instanceof Error ? err.message : err), "ingest"), item);
    }
    // Remembered only when every match of it was applied (a match left as it was is tried again with the next one).
    if (errors === this.errorCount && (call.kind === "live" || call.kind === "today")) {
      if (this.answers.size >= MAX_ANSWERS) this.answers.clear();
      this.answers.set(url, { print, listed });
    }
    return this.succeeded(item);
  }

  private succeeded(item: Due): true {
    if (this.failures !== 0) {
      this.failures = 0;
      this.d.store.put("failures", 0);
    }
    item.after(true);
    return true;
  }

  private fail(err: FeedError, item: Due): false {
    const now = this.d.now();
    this.failures++;
    // A failure here, not the provider's, is tried again at the live pace, never slower: a result the provider showed
    // is in within two live intervals (docs/feeds.md "Faults and backoff"), and a lasting one costs no more calls
    // than live polling does.
    const wait =
      err.retryAfterS !== undefined
        ? err.retryAfterS * 1000
        : err.kind === "auth"
          ? 15 * 60_000
          : err.kind === "ingest"
            ? Math.min(this.d.liveEveryS * 1000, 15_000)
            : Math.min(15 * 60_000, 15_000 * 2 ** (this.failures - 1));
    this.backoffUntil = now + wait;
    this.d.store.put("backoff_until", this.backoffUntil);
    this.d.store.put("failures", this.failures);
    this.error(`${err.kind}: ${err.message}`);
    item.after(false);
    return false;
  }

  private error(message: string) {
    this.errorCount++;
    this.errors.add(this.d.now(), { message });
  }
}
