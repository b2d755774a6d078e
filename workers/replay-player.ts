// ReplayPlayer: one per replay (named by the replay's id), the shell over its scheduler (src/core/replays/player.ts):
// the object's storage and alarm, the clock, and ingest. Calls run one at a time (blockConcurrencyWhile), so a stop
// never lands between a step's ingest and its record: once `stop` answers, no step is sent.
import { DurableObject } from "cloudflare:workers";
import { dbFor } from "../src/core/db/client";
import { deleteReplay, endReplay } from "../src/core/db/queries/replays";
import { ingestInOrder } from "../src/core/ingest/serial";
import { keepValid } from "../src/core/ingest/validate";
import type { Step } from "../src/core/replays/plan";
import { ReplayScheduler } from "../src/core/replays/player";
import { log } from "../src/lib/log";

/** A step that failed (ingest unreachable, D1 busy) is tried again after this long. */
const RETRY_MS = 1000;

export class ReplayPlayer extends DurableObject<Env> {
  private readonly scheduler: ReplayScheduler;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.scheduler = new ReplayScheduler({
      storage: ctx.storage,
      setAlarm: (at) => ctx.storage.setAlarm(at),
      deleteAlarm: () => ctx.storage.deleteAlarm(),
      now: () => Date.now(),
      ingest: async (ops) => {
        // The one validation every source's ops pass; a replay's come from stored data, so nothing should drop.
        const { ops: valid, dropped } = keepValid(ops);
        if (dropped.length > 0)
          log("warn", "replay values dropped by validation", { dropped: JSON.stringify(dropped) });
        await ingestInOrder(env, valid);
      },
      ended: async (id, status, at) => void (await endReplay(dbFor(env.DB), id, status, new Date(at).toISOString())),
      // The match room's log, then the replay and its match: nothing of it is left after the 24 h. Both idempotent,
      // so a failure between them is mended by the retry.
      remove: async (id, matchId) => {
        if (matchId) await env.MATCH_ROOM.getByName(matchId).forget();
        await deleteReplay(dbFor(env.DB), id);
      },
    });
  }

  async start(replayId: string, kickoffMs: number, steps: Step[]): Promise<void> {
    await this.ctx.blockConcurrencyWhile(() => this.scheduler.start(replayId, kickoffMs, steps));
  }

  async stop(): Promise<boolean> {
    return this.ctx.blockConcurrencyWhile(() => this.scheduler.stop());
  }

  async progress() {
    return this.scheduler.progress();
  }

  override async alarm(): Promise<void> {
    await this.ctx.blockConcurrencyWhile(async () => {
      try {
        await this.scheduler.run();
      } catch (err) {
        // A throw inside blockConcurrencyWhile would reset the object: the step not sent is tried again in a second.
        log("error", "replay step failed", { error: String(err) });
        await this.ctx.storage.setAlarm(Date.now() + RETRY_MS);
      }
    });
  }
}
