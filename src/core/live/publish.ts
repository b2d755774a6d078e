// After an ingest commit: each changed match's room stores and sends its messages (numbered by the commit,
// src/core/ingest/versions.ts), then every LiveHub shard forwards them to the /v1/ws/live sockets whose account tracks
// the league. Same seq on both paths.
import type { NumberedUpdates } from "./messages";
import { hubShards } from "./sockets";
import { log } from "../../lib/log";
import type { Tracer } from "../../lib/trace";

/** `t`: a traced batch; the rooms (and their relays) hand back their hop marks. */
export async function publishAll(env: Env, all: readonly NumberedUpdates[], t?: Tracer): Promise<void> {
  const shards = hubShards(env);
  const results = await Promise.allSettled(
    all.map(async (n) => {
      const marks = await env.MATCH_ROOM.getByName(n.match_id).publish(n, t !== undefined);
      t?.add(marks);
      t?.mark("room_answered");
      await Promise.all(
        Array.from({ length: shards }, (_, i) =>
          env.LIVE_HUB.getByName(`shard-${i}`).publish(n.league_id, n.envelopes),
        ),
      );
      t?.mark("hubs_answered");
    }),
  );
  for (const r of results) {
    // The data is committed; a failed push is logged, and clients catch up with ?since= or REST.
    if (r.status === "rejected") log("error", "publish failed", { error: String(r.reason) });
  }
}
