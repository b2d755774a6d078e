// The cron runs FEEDS (docs/feeds.md "Polling"): the simulator and the provider pollers are (re)started, a feed name it
// does not know is an error naming it, and a poller whose provider is not on sets no alarm.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { scheduledPoll } from "../../../src/core/feeds/scheduled";
import { demoSimulator } from "../../../src/demo/binding";
import { demoFeeds } from "../../../workers/dev";

const withFeeds = (feeds: string) => ({ ...env, FEEDS: feeds }) as Env;

describe("the cron and FEEDS", () => {
  it("a feed it does not know is an error that names it", async () => {
    await expect(scheduledPoll(withFeeds("simulator,sportmonks"), demoFeeds)).rejects.toThrow(
      "unknown feed in FEEDS: sportmonks",
    );
  });

  it("the development entry starts the simulator when FEEDS has it", async () => {
    await demoSimulator(env).stop();
    await scheduledPoll(withFeeds("simulator"), demoFeeds);
    expect((await demoSimulator(env).status()).running).toBe(true);
    await demoSimulator(env).stop();
  });

  it("the production entry's cron knows no simulator: FEEDS naming it is an error that says so", async () => {
    await demoSimulator(env).stop();
    await expect(scheduledPoll(withFeeds("simulator"))).rejects.toThrow(
      "unknown feed in FEEDS: simulator (the simulator runs in the development and staging entry only)",
    );
    expect((await demoSimulator(env).status()).running).toBe(false);
  });

  it("a provider poller of a provider this deployment has not turned on keeps no alarm", async () => {
    // This deployment's FEEDS (wrangler.toml) is "simulator": the object reads its own configuration, not the caller's.
    await scheduledPoll(withFeeds("api-football"));
    const stub = env.FEED_POLLER.getByName("api-football");
    expect(await runInDurableObject(stub, (_o, state) => state.storage.getAlarm())).toBeNull();
    expect((await stub.status("api-football")).enabled).toBe(false);
  });
});
