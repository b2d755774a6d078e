// What a committed ingest batch means for webhooks: its WebSocket envelopes (numbered by each match's room) and its
// recomputed tables, as webhook events with their exact JSON bodies (built once, shared by every endpoint).
// Shapes: src/core/domain/webhook-schemas.ts (WebhookPayloads).
import { isFinished, type Sport } from "../domain/codes";
import type { WebhookEventType } from "../domain/webhook-schemas";
import type { Envelope } from "../live/messages";
import { rfc3339 } from "../../lib/time";

export interface WebhookEvent {
  type: WebhookEventType;
  league_id: string;
  /** The JSON that is signed and POSTed: `{ type, timestamp, data }`. */
  body: string;
}

const event = (type: WebhookEventType, leagueId: string, ms: number, data: Record<string, unknown>): WebhookEvent => ({
  type,
  league_id: leagueId,
  body: JSON.stringify({ type, timestamp: rfc3339(ms), data }),
});

/** One match's envelopes as webhook events; `finalScore` gives the score a final status_change reports. */
export function matchEvents(
  leagueId: string,
  envelopes: Envelope[],
  finalScore: (matchId: string) => { home: number; away: number } | undefined,
  simulated: (matchId: string) => boolean = () => false,
): WebhookEvent[] {
  const out: WebhookEvent[] = [];
  for (const e of envelopes) {
    const base = {
      match_id: e.match_id,
      sport: e.sport,
      league_id: leagueId,
      seq: e.seq,
      simulated: simulated(e.match_id),
    };
    if (e.type === "score_update") out.push(event("match.score_updated", leagueId, e.ts, { ...base, ...e.data }));
    else if (e.type === "status_change") {
      out.push(event("match.status_changed", leagueId, e.ts, { ...base, ...e.data }));
      if (isFinished(e.data.to)) {
        const score = finalScore(e.match_id);
        out.push(event("match.finished", leagueId, e.ts, { ...base, ...e.data, ...score }));
      }
    } else if (e.type === "event_removed") {
      out.push(event("match.event_removed", leagueId, e.ts, { ...base, ...e.data }));
    } else {
      // The event's own `seq` (its place in the timeline) is `event_seq`: `seq` is the match stream's, as everywhere.
      const { seq: eventSeq, ...rest } = e.data;
      const type = e.type === "event_added" ? "match.event_added" : "match.event_updated";
      out.push(event(type, leagueId, e.ts, { ...rest, ...base, event_seq: eventSeq }));
    }
  }
  return out;
}

export interface TableChange {
  league_id: string;
  season: string;
  as_of: string;
  /** The table's rows as stored (JSON). */
  rows: string;
  sport: Sport;
  /** The finished match that changed it, and that match's seq after the commit. */
  match_id: string;
  seq: number;
  /** That match is the simulator's. */
  simulated: boolean;
}

export const standingsEvent = (t: TableChange, ms: number): WebhookEvent =>
  event("standings.updated", t.league_id, ms, {
    match_id: t.match_id,
    sport: t.sport,
    league_id: t.league_id,
    seq: t.seq,
    simulated: t.simulated,
    season: t.season,
    as_of: t.as_of,
    standings: JSON.parse(t.rows),
  });
