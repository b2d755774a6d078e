// What a changed match pushes to its room: its score or clock, then its status.
import type { Row } from "../../db/queries/ingest";
import type { ScoreData } from "../../live/messages";
import type { PlanContext } from "./context";

const LIVE_FIELDS = ["home_score", "away_score", "period", "minute", "added_time", "game_clock_secs"] as const;

export function publishMatchChanges(ctx: PlanContext, existing: Row | undefined, next: Row) {
  if (existing && LIVE_FIELDS.some((f) => (existing[f] ?? null) !== (next[f] ?? null))) {
    ctx.publish(next, { type: "score_update", data: scoreData(next) });
  }
  const from = existing ? Number(existing.status_code) : undefined;
  const to = Number(next.status_code);
  if (from !== undefined && from !== to) ctx.publish(next, { type: "status_change", data: { from, to } });
}

function scoreData(m: Row): ScoreData {
  const base = { home: Number(m.home_score), away: Number(m.away_score), period: (m.period as number | null) ?? null };
  return m.sport === "football"
    ? { ...base, minute: (m.minute as number | null) ?? null, added_time: (m.added_time as number | null) ?? null }
    : { ...base, game_clock_secs: (m.game_clock_secs as number | null) ?? null };
}
