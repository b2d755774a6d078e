// The cron: poll the configured provider, or keep the simulator's alarm loop running.
import { ADAPTERS, pollFeed } from "./run";

export async function scheduledPoll(env: Env): Promise<void> {
  if (env.FEED_ADAPTER === "simulator") {
    await env.SIMULATOR.getByName("demo").start(Number(env.SIMULATOR_TICK_MS) || 2000);
    return;
  }
  const adapter = ADAPTERS[env.FEED_ADAPTER];
  if (!adapter) throw new Error(`unknown FEED_ADAPTER ${env.FEED_ADAPTER}`);
  await pollFeed(env, adapter);
}
