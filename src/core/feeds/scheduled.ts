// The cron (every minute): runs FEEDS. It (re)starts the simulator's and the provider pollers' alarm loops (their own
// alarms set the pace: docs/feeds.md "Polling") and polls an "http" feed.
import { feedsOf, providersOn } from "./config";
import { ADAPTERS, FEED_NAMES, pollFeed } from "../ingest/feeds/run";

/** Feeds an entry adds by name: the development and staging entry adds "simulator" (workers/dev.ts). */
export type ExtraFeeds = Record<string, (env: Env) => Promise<unknown>>;

export async function scheduledPoll(env: Env, extra: ExtraFeeds = {}): Promise<void> {
  const feeds = feedsOf(env);
  const known = (f: string) => FEED_NAMES.includes(f) || f in extra || providersOn(env).includes(f as never);
  const unknown = feeds.filter((f) => !known(f));
  if (unknown.length > 0) {
    const hint = unknown.includes("simulator") ? " (the simulator runs in the development and staging entry only)" : "";
    throw new Error(`unknown feed in FEEDS: ${unknown.join(", ")}${hint}`);
  }
  const work: Promise<unknown>[] = providersOn(env).map((p) => env.FEED_POLLER.getByName(p).ensure(p));
  for (const [name, start] of Object.entries(extra)) if (feeds.includes(name)) work.push(start(env));
  if (feeds.includes("http")) work.push(pollFeed(env, ADAPTERS.http!));
  const failed = (await Promise.allSettled(work)).find((r) => r.status === "rejected");
  if (failed) throw (failed as PromiseRejectedResult).reason;
}
