// What a poller follows of each match (docs/feeds.md "Polling"): enough to decide what to call, without reading every
// match's state; kept in the poller's storage, written only when it changed.
import { countsInTable, isFinished, STATUS } from "../domain/codes";
import type { Call, MatchState } from "../sources/contract";
import type { PollerStore } from "./store";

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
  /** Result fetches in a row that still found it live (or did not find it). */
  missing?: number;
  /** Given up on (ms epoch): the live answer stopped listing it and VANISHED_AFTER result fetches did not end it. */
  vanished?: number;
}

/**
 * A live match the live answer stopped listing is fetched in full this many times; if it is still live (or missing)
 * after that, it is given up on: no more live polls or result fetches for it until an answer shows it moving on.
 */
export const VANISHED_AFTER = 3;

/** Live, or due to start: kicked off in the last few hours and not over (and not given up on). */
export function inPlay(f: Followed, now: number) {
  if (f.vanished) return false;
  if (f.status === STATUS.LIVE) return true;
  return f.status === STATUS.SCHEDULED && f.kickoff * 1000 <= now + 60_000 && f.kickoff * 1000 > now - 4 * 3600_000;
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

  /**
   * Updates a match's status and kickoff from what was applied, and the follow-ups its new status calls for. `detail`:
   * the provider's detail call carries more than its lists, so a match first seen finished (a league mapped for a past
   * season or mid-season, a poller that lost its storage) is fetched once in full, as one followed live would be.
   */
  follow(state: MatchState, now: number, kind: Call["kind"], detail = true) {
    const was = this.all.get(state.id);
    const status = state.fields.status_code ?? was?.status ?? 1;
    const kickoff = state.fields.kickoff_ts ?? was?.kickoff ?? 0;
    const before = JSON.stringify(was);
    const f: Followed = was ?? { league: state.league_id, kickoff, status, followups: [] };
    // Line-ups before kickoff, from a provider whose detail has them.
    if (!was && status === STATUS.SCHEDULED && kickoff * 1000 > now && detail)
      f.followups = [kickoff * 1000 - LINEUPS_BEFORE_S * 1000];
    if (!was && countsInTable(status) && kind !== "followup" && detail) f.followups = [now];
    // Full time: the match in full at once (unless this answer was that), and again ~30 minutes later.
    if (was && was.status !== status && isFinished(status) && !isFinished(was.status))
      f.followups = kind === "followup" ? [now + FOLLOWUP_AFTER_S * 1000] : [now, now + FOLLOWUP_AFTER_S * 1000];
    if (was && kickoff !== was.kickoff && status === STATUS.SCHEDULED)
      f.followups = detail ? [kickoff * 1000 - LINEUPS_BEFORE_S * 1000] : [];
    // Given up on, and an answer shows it moving on (finished, or another status): followed again.
    if (f.vanished && status !== f.status) {
      delete f.vanished;
      delete f.missing;
    }
    f.status = status;
    f.kickoff = kickoff;
    this.all.set(state.id, f);
    if (JSON.stringify(f) !== before) this.changed = true;
  }

  /** A live match the live answer no longer lists: its result is fetched next. */
  leftLive(id: string) {
    const f = this.all.get(id);
    if (!f || f.status !== STATUS.LIVE || f.result || f.vanished) return;
    f.result = true;
    this.changed = true;
  }

  /** The live answer lists it again: whatever fetches found before, it is there. */
  listed(id: string) {
    const f = this.all.get(id);
    if (!f || (!f.missing && !f.vanished)) return;
    delete f.missing;
    delete f.vanished;
    this.changed = true;
  }

  /**
   * Its detail call succeeded: the follow-ups due by now are done. A result fetch that left it live (the provider
   * did not list it, or still says it is in play) counts towards giving up on it (VANISHED_AFTER).
   */
  followedUp(id: string, now: number) {
    const f = this.all.get(id);
    if (!f) return;
    f.followups = f.followups.filter((t) => t > now);
    if (f.result && f.status === STATUS.LIVE) {
      f.missing = (f.missing ?? 0) + 1;
      if (f.missing >= VANISHED_AFTER) f.vanished = now;
    } else if (f.result) delete f.missing;
    delete f.result;
    this.changed = true;
    this.save();
  }

  /** The matches given up on, for the feed status. */
  vanished(): { match_id: string; since: string; tries: number }[] {
    return [...this.all]
      .filter(([, f]) => f.vanished)
      .map(([id, f]) => ({ match_id: id, since: new Date(f.vanished!).toISOString(), tries: f.missing ?? 0 }));
  }

  /** Writes what the poller follows, when it changed (a poll that finds nothing new writes nothing). */
  save() {
    if (!this.changed) return;
    this.store.put("followed", Object.fromEntries(this.all));
    this.changed = false;
  }
}
