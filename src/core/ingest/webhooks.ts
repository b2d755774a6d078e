// The post-commit publish step's webhook part: the Ingestor turns the rooms' numbered envelopes into webhook events
// (each body built once); then one queue message per (endpoint, event) is sent with sendBatch, after the feed's
// answer where there is one (src/core/ingest/serial.ts). Entitlements and filters are checked again at delivery.
import type { Sport } from "../domain/codes";
import { dbFor } from "../db/client";
import { fanoutTargets } from "../db/queries/webhooks";
import type { IngestPlan } from "./plan";
import type { Envelope } from "../live/messages";
import { log } from "../../lib/log";
import { matchEvents, standingsEvent, type TableChange, type WebhookEvent } from "../webhooks/events";
import { newMessageId, sendAll, subscribes, type WebhookMessage } from "../webhooks/message";

type Committed = Pick<IngestPlan, "updates" | "finals" | "matches" | "writes">;

/**
 * Each recomputed table with the finished match that changed it, at that match's seq after the commit (`seqOf`, the
 * one the commit stored with the match: 0 for a match that arrived finished with no stream message before).
 */
function tableChanges(plan: Committed, seqOf: (matchId: string) => number): TableChange[] {
  const out: TableChange[] = [];
  for (const row of plan.writes.standings ?? []) {
    const final = [...plan.finals.values()].find((f) => f.leagueId === row.league_id && f.season === row.season);
    const matchId = final?.matchIds.at(-1);
    const match = matchId ? plan.matches.get(matchId) : undefined;
    if (!matchId || !match) continue;
    out.push({
      league_id: String(row.league_id),
      season: String(row.season),
      as_of: String(row.as_of),
      rows: String(row.rows),
      sport: match.sport as Sport,
      match_id: matchId,
      seq: seqOf(matchId),
      simulated: Boolean(Number(match.simulated ?? 0)),
    });
  }
  return out;
}

export function webhookEvents(
  plan: Committed,
  published: Map<string, Envelope[]>,
  seqOf: (matchId: string) => number,
  now = Date.now(),
): WebhookEvent[] {
  const score = (id: string) => {
    const m = plan.matches.get(id);
    return m ? { home: Number(m.home_score), away: Number(m.away_score) } : undefined;
  };
  // Stored as 0/1, sent by the demo as a boolean: a simulated match says so in every payload.
  const simulated = (id: string) => Boolean(Number(plan.matches.get(id)?.simulated ?? 0));
  const events = plan.updates.flatMap((mu) =>
    matchEvents(mu.league_id, published.get(mu.match_id) ?? [], score, simulated),
  );
  for (const t of tableChanges(plan, seqOf)) events.push(standingsEvent(t, now));
  return events;
}

/**
 * One queue message per (endpoint, event): the enabled endpoints whose account tracks the event's league and whose
 * filter takes its type, found in one statement, sent with sendBatch. Never throws: the data is committed, and a failed
 * enqueue is logged like a failed socket push.
 */
export async function enqueueWebhooks(env: Env, events: WebhookEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  try {
    const endpoints = await fanoutTargets(dbFor(env.DB), [...new Set(events.map((e) => e.league_id))]);
    if (endpoints.length === 0) return 0;
    const messages: WebhookMessage[] = [];
    for (const ev of events) {
      for (const ep of endpoints) {
        if (ep.league_id !== ev.league_id || !subscribes(ep.events, ev.type)) continue;
        messages.push({
          endpoint_id: ep.id,
          id: newMessageId(),
          type: ev.type,
          league_id: ev.league_id,
          body: ev.body,
        });
      }
    }
    await sendAll(env.WEBHOOK_QUEUE, messages);
    return messages.length;
  } catch (err) {
    log("error", "webhook enqueue failed", { error: err instanceof Error ? err.message : String(err) });
    return 0;
  }
}
