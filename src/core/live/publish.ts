// After an ingest commit: each changed match's room numbers and sends its updates, then every LiveHub shard
// forwards them to the /v1/ws/live sockets whose account tracks the league. Same seq on both paths. Returns the
// numbered envelopes per match (webhooks carry the same seq).
import type { Envelope, MatchUpdates } from "./messages";
import { hubShards } from "./sockets";
import { log } from "../../lib/log";

export async function publishAll(env: Env, all: MatchUpdates[]): Promise<Map<string, Envelope[]>> {
  const shards = hubShards(env);
  const published = new Map<string, Envelope[]>();
  const results = await Promise.allSettled(
    all.map(async (mu) => {
      const envelopes = await env.MATCH_ROOM.getByName(mu.match_id).publish(mu);
      published.set(mu.match_id, envelopes);
      await Promise.all(
        Array.from({ length: shards }, (_, i) => env.LIVE_HUB.getByName(`shard-${i}`).publish(mu.league_id, envelopes)),
      );
    }),
  );
  for (const r of results) {
    // The data is committed; a failed push is logged, and clients catch up with ?since= or REST.
    if (r.status === "rejected") log("error", "publish failed", { error: String(r.reason) });
  }
  return published;
}
