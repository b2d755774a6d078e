// FeedPoller: one per provider (getByName(provider)). Runs the provider's Poller (src/core/feeds/poller.ts) on its own
// alarms, at the pace the matches' states call for; the cron only makes sure an alarm is set. Its storage keeps the
// quota counters, what it follows and the last state it applied of each match, so a restart loses nothing.
import { DurableObject } from "cloudflare:workers";
import { providersOn } from "../src/core/feeds/config";
import { isProvider, type ProviderName } from "../src/core/sources/index";
import type { Poller, PollerStatus } from "../src/core/feeds/poller";
import { PROVIDER_ADAPTERS } from "../src/core/sources/index";
import { pollerFor } from "../src/core/feeds/service";
import { log } from "../src/lib/log";

export interface FeedPollerStatus extends PollerStatus {
  provider: string;
  enabled: boolean;
  quota: {
    day_used: number;
    day_left: number;
    minute_used: number;
    minute_left: number;
    per_day: number;
    per_minute: number;
    day_by_kind: Record<"live" | "today" | "followup" | "fixtures", number>;
  };
}

export class FeedPoller extends DurableObject<Env> {
  private poller: Poller | undefined;

  private providerName(name?: string): ProviderName {
    const kv = this.ctx.storage.kv;
    if (name && isProvider(name) && kv.get<string>("provider") !== name) kv.put("provider", name);
    const stored = kv.get<string>("provider");
    if (!stored || !isProvider(stored)) throw new Error("FeedPoller: no provider named yet");
    return stored;
  }

  private get(name?: string): Poller {
    const provider = PROVIDER_ADAPTERS[this.providerName(name)];
    if (this.poller) return this.poller;
    const kv = this.ctx.storage.kv;
    this.poller = pollerFor(this.env, provider.name, {
      now: () => Date.now(),
      fetch: (url, init) => fetch(url, init),
      store: { get: (k) => kv.get(k), put: (k, v) => kv.put(k, v) },
    });
    return this.poller;
  }

  private enabled(name: ProviderName) {
    return providersOn(this.env).includes(name);
  }

  /** The cron: an alarm is set while the provider is on. */
  async ensure(name: string): Promise<void> {
    const p = this.providerName(name);
    if (!this.enabled(p)) return void (await this.ctx.storage.deleteAlarm());
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now());
  }

  /** The mapping changed: read it again and poll now (a newly mapped league's fixtures at once). */
  async kick(name: string): Promise<void> {
    const p = this.providerName(name);
    this.poller?.mappingsChanged();
    if (this.enabled(p)) await this.ctx.storage.setAlarm(Date.now());
  }

  /** One round now, whatever the alarm says (tests). Returns when the next round is due. */
  async tick(name: string): Promise<number> {
    return this.get(name).tick();
  }

  async status(name: string): Promise<FeedPollerStatus> {
    const p = this.providerName(name);
    const poller = this.get(p);
    return { provider: p, enabled: this.enabled(p), ...poller.status(), quota: poller.quotaStatus() };
  }

  override async alarm(): Promise<void> {
    const p = this.providerName();
    if (!this.enabled(p)) return;
    let next = Date.now() + 60_000;
    try {
      next = await this.get().tick();
    } catch (err) {
      log("error", "feed poll failed", { provider: p, error: String(err) });
      next = Date.now() + 30_000;
    }
    await this.ctx.storage.setAlarm(next);
  }
}
