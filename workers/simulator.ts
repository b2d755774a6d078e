// Simulator: drives the demo feed with a Durable Object alarm, so it runs inside `wrangler dev` as well as on
// Cloudflare. One object (idFromName("demo")); start/stop are idempotent.
import { DurableObject } from "cloudflare:workers";
import { simulatorFeed } from "../src/demo/simulator";
import { pollFeed } from "../src/core/ingest/feeds/run";
import { log } from "../src/lib/log";

export class Simulator extends DurableObject<Env> {
  async start(tickMs: number): Promise<{ running: boolean; tick_ms: number }> {
    this.ctx.storage.kv.put("running", true);
    this.ctx.storage.kv.put("tick_ms", tickMs);
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + tickMs);
    return this.status();
  }

  async stop(): Promise<{ running: boolean; tick_ms: number }> {
    this.ctx.storage.kv.put("running", false);
    await this.ctx.storage.deleteAlarm();
    return this.status();
  }

  async status(): Promise<{ running: boolean; tick_ms: number }> {
    return {
      running: this.ctx.storage.kv.get<boolean>("running") ?? false,
      tick_ms: this.ctx.storage.kv.get<number>("tick_ms") ?? 0,
    };
  }

  /** One tick now (tests, and the alarm). */
  async tick(): Promise<{ applied: number; unchanged: number }> {
    return pollFeed(this.env, simulatorFeed);
  }

  override async alarm(): Promise<void> {
    const { running, tick_ms } = await this.status();
    if (!running) return;
    try {
      await this.tick();
    } catch (err) {
      log("error", "simulator tick failed", { error: String(err) });
    }
    await this.ctx.storage.setAlarm(Date.now() + tick_ms);
  }
}
