// What a poller follows of each match (docs/feeds.md "Polling"): enough to decide what to call, without reading every
// match's state; kept in the poller's storage, written only when it changed.
import { isFinished } from "../domain/codes";
import type { Call, MatchState, PollerStore } from "./model";

/** A finished match is fetched in full again this long after full time, for late corrections. */
export const FOLLOWUP_AFTER_S = 1800;
/** Lineups are fetched this long before kickoff. */
export const LINEUPS_BEFORE_S = 30 * 60;

export interface Followed {
  league: string;
  kickoff: number;
  status: number;
  /** Follow-up calls still to make (ms epoch): at full time and ~30 min later; before kickoff for lineups. */
  followups: number[];
  /** Left the live answer while live here: its result is fetched at once, whatever the plan (never cut). */
  result?: boolean;
}

/** Live, or due to start: kicked off in the last few hours and not over. */
export function inPlay(f: Followed, now: number) {
  if (f.status === 2) return true;
  return f.status === 1 && f.kickoff * 1000 <= now + 60_000 && f.kickoff * 1000 > now - 4 * 3600_000;
}

export class FollowedMatches {
  private readonly all: Map<string, Followed>;
  private changed = false;

  constructor(private readonly store: PollerStore) {
    this.all = new Map(Object.entries(store.get<Record<string, Followed>>("followed") ?? {}));
  }

  get = (id: string) => this.all.get(id);
  entries = () => this.all.entries();
  values = () => this.all.values();

  /** Updates a match's status and kickoff from what was applied, and the follow-ups its new status calls for. */
  follow(state: MatchState, now: number, kind: Call["kind"]) {
    const was = this.all.get(state.id);
    const status = state.fields.status_code ?? was?.status ?? 1;
    const kickoff = state.fields.kickoff_ts ?? was?.kickoff ?? 0;
    const before = JSON.stringify(was);
    const f: Followed = was ?? { league: state.league_id, kickoff, status, followups: [] };
    if (!was && status === 1 && kickoff * 1000 > now) f.followups = [kickoff * 1000 - LINEUPS_BEFORE_S * 1000];
    // Full time: the match in full at once (unless this answer was that), and again ~30 minutes later.
    if (was && was.status !== status && isFinished(status) && !isFinished(was.status))
      f.followups = kind === "followup" ? [now + FOLLOWUP_AFTER_S * 1000] : [now, now + FOLLOWUP_AFTER_S * 1000];
    if (was && kickoff !== was.kickoff && status === 1) f.followups = [kickoff * 1000 - LINEUPS_BEFORE_S * 1000];
    f.status = status;
    f.kickoff = kickoff;
    this.all.set(state.id, f);
    if (JSON.stringify(f) !== before) this.changed = true;
  }

  /** A live match the live answer no longer lists: its result is fetched next. */
  leftLive(id: string) {
    const f = this.all.get(id);
    if (!f || f.status !== 2 || f.result) return;
    f.result = true;
    this.changed = true;
  }

  /** Its detail call succeeded: the follow-ups due by now are done. */
  followedUp(id: string, now: number) {
    const f = this.all.get(id);
    if (!f) return;
    f.followups = f.followups.filter((t) => t > now);
    delete f.result;
    this.changed = true;
    this.save();
  }

  /** Writes what the poller follows, when it changed (a poll that finds nothing new writes nothing). */
  save() {
    if (!this.changed) return;
    this.store.put("followed", Object.fromEntries(this.all));
    this.changed = false;
  }
}
