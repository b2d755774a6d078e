// The cron (every minute): runs FEEDS. It (re)starts the simulator's and the provider pollers' alarm loops (their own
// alarms set the pace: docs/feeds.md "Polling") and polls an "http" feed.
import { feedsOf, providersOn } from "./config";
import { ADAPTERS, FEED_NAMES, pollFeed } from "../ingest/feeds/run";

export async function scheduledPoll(env: Env): Promise<void> {
  const feeds = feedsOf(env);
  const unknown = feeds.filter((f) => !FEED_NAMES.includes(f) && !providersOn(env).includes(f as never));
  if (unknown.length > 0) throw new Error(`unknown feed in FEEDS: ${unknown.join(", ")}`);
  const work: Promise<unknown>[] = providersOn(env).map((p) => env.FEED_POLLER.getByName(p).ensure(p));
  if (feeds.includes("simulator"))
    work.push(env.SIMULATOR.getByName("demo").start(Number(env.SIMULATOR_TICK_MS) || 2000));
  if (feeds.includes("http")) work.push(pollFeed(env, ADAPTERS.http!));
  const failed = (await Promise.allSettled(work)).find((r) => r.status === "rejected");
  if (failed) throw (failed as PromiseRejectedResult).reason;
}
