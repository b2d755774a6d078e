// The cron runs FEEDS (docs/feeds.md "Polling"): the simulator and the provider pollers are (re)started, a feed name it
// does not know is an error naming it, and a poller whose provider is not on sets no alarm.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { scheduledPoll } from "../../../src/core/feeds/scheduled";

const withFeeds = (feeds: string) => ({ ...env, FEEDS: feeds }) as Env;

describe("the cron and FEEDS", () => {
  it("a feed it does not know is an error that names it", async () => {
    await expect(scheduledPoll(withFeeds("simulator,sportmonks"))).rejects.toThrow("unknown feed in FEEDS: sportmonks");
  });

  it("starts the simulator when FEEDS has it", async () => {
    await env.SIMULATOR.getByName("demo").stop();
    await scheduledPoll(withFeeds("simulator"));
    expect((await env.SIMULATOR.getByName("demo").status()).running).toBe(true);
    await env.SIMULATOR.getByName("demo").stop();
  });

  it("a provider poller of a provider this deployment has not turned on keeps no alarm", async () => {
    // This deployment's FEEDS (wrangler.toml) is "simulator": the object reads its own configuration, not the caller's.
    await scheduledPoll(withFeeds("api-football"));
    const stub = env.FEED_POLLER.getByName("api-football");
    expect(await runInDurableObject(stub, (_o, state) => state.storage.getAlarm())).toBeNull();
    expect((await stub.status("api-football")).enabled).toBe(false);
  });
});
