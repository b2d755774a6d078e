// One poll of a feed adapter for the leagues any account tracks, through the normal ingest path.
import { dbFor } from "../../db/client";
import { trackedLeagueIdsAnyAccount } from "../../db/queries/feeds";
import { ingestInOrder } from "../serial";
import { MAX_OPS } from "../ops";
import type { OpFeed } from "../../sources/contract";
import { httpSource } from "../../sources/http/adapter";
import { keepValid } from "../validate";
import { log } from "../../../lib/log";

/** Feeds the cron polls itself (docs/feeds.md "Configuration"); the simulator runs in its own object (dev entry). */
export const ADAPTERS: Record<string, OpFeed> = { http: httpSource };
/** Every name FEEDS may hold in any Worker besides the providers' (the dev entry adds "simulator"). */
export const FEED_NAMES = ["http"];

export async function pollFeed(env: Env, adapter: OpFeed, now = new Date()) {
  const leagues = await trackedLeagueIdsAnyAccount(dbFor(env.DB));
  if (leagues.length === 0) return { applied: 0, unchanged: 0 };
  // The one validation every source passes (../validate.ts): a value that fails is dropped and logged.
  const { ops, dropped } = keepValid(await adapter.poll(env, leagues, now));
  if (dropped.length > 0)
    log("warn", "feed values dropped by validation", {
      feed: adapter.name,
      dropped: JSON.stringify(dropped.slice(0, 20)),
    });
  const total = { applied: 0, unchanged: 0 };
  for (let i = 0; i < ops.length; i += MAX_OPS) {
    const r = await ingestInOrder(env, ops.slice(i, i + MAX_OPS));
    total.applied += r.applied;
    total.unchanged += r.unchanged;
  }
  return total;
}
