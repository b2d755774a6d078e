// A replay's scheduler (docs/replays.md): one per replay, the core of the ReplayPlayer Durable Object
// (workers/replay-player.ts is its shell). It keeps the replay's plan (./plan.ts) in the object's storage and one
// alarm: at kickoff + each step's time it sends that step through ingest — the one path every source's ops take —
// so the replay's messages get their seq, streams, changes feed and webhooks like any match's. When the last step is
// sent the replay is finished; stopped, it sends nothing more. Either way it is deleted, with its match, 24 h after.
//
// Its I/O is handed in (storage, the alarm, a clock, ingest, the replay's row): tests drive it on a fake clock.
import type { Step } from "./plan";
import type { OpIn } from "../sources/contract";

/** How long a replay (and its match) is kept after it ended. */
export const KEEP_AFTER_END_MS = 24 * 3600_000;

export interface PlayerIo {
  storage: Pick<DurableObjectStorage, "get" | "put" | "deleteAll">;
  setAlarm(at: number): Promise<void>;
  deleteAlarm(): Promise<void>;
  now(): number;
  /** Sends ops through ingest (validated like every source's); resolves once committed and published. */
  ingest(ops: OpIn[]): Promise<void>;
  /** Marks the replay's row ended (finished or stopped) at `at`. */
  ended(replayId: string, status: "finished" | "stopped", at: number): Promise<void>;
  /** Deletes the replay's row, its match and what the match's room keeps; again after a failure, nothing left twice. */
  remove(replayId: string, matchId: string): Promise<void>;
}

/** What a replay plays, written once when it starts (a long timeline is hundreds of steps: never rewritten per step). */
export interface PlayerPlan {
  replayId: string;
  kickoffMs: number;
  steps: Step[];
}

/** Where it is, written after each step. */
export interface PlayerProgress {
  /** The next step to send. */
  next: number;
  status: "playing" | "finished" | "stopped";
  /** When the replay and its match are deleted (set when it ends). */
  deleteAt?: number;
}

type PlayerState = PlayerPlan & PlayerProgress;

/** The replay's match: the id of the first match op (the kickoff's). */
const matchOf = (steps: readonly Step[]): string =>
  (steps.flatMap((st) => st.ops).find((op) => op.op === "match") as { id: string } | undefined)?.id ?? "";

export class ReplayScheduler {
  constructor(private readonly io: PlayerIo) {}

  /** The plan, read once per object (it never changes). */
  private plan?: PlayerPlan;

  private async state(): Promise<PlayerState | undefined> {
    const progress = await this.io.storage.get<PlayerProgress>("progress");
    if (!progress) return undefined;
    this.plan ??= await this.io.storage.get<PlayerPlan>("plan");
    return this.plan && { ...this.plan, ...progress };
  }

  private save(s: PlayerState): Promise<void> {
    return this.io.storage.put("progress", {
      next: s.next,
      status: s.status,
      ...(s.deleteAt !== undefined ? { deleteAt: s.deleteAt } : {}),
    } satisfies PlayerProgress);
  }

  /** Starts the replay: its kickoff step now (the match exists when this answers), the next one on the alarm. */
  async start(replayId: string, kickoffMs: number, steps: Step[]): Promise<void> {
    if (await this.state()) return;
    this.plan = { replayId, kickoffMs, steps };
    await this.io.storage.put("plan", this.plan);
    await this.save({ ...this.plan, next: 0, status: "playing" });
    await this.run();
  }

  /** The alarm: every step now due, in order, then the next alarm (or the end, or the deletion). */
  async run(): Promise<void> {
    const s = await this.state();
    if (!s) return;
    if (s.status !== "playing") {
      if (s.deleteAt !== undefined && this.io.now() >= s.deleteAt) {
        await this.io.remove(s.replayId, matchOf(s.steps));
        await this.io.deleteAlarm();
        await this.io.storage.deleteAll();
        this.plan = undefined;
      } else if (s.deleteAt !== undefined) await this.io.setAlarm(s.deleteAt);
      return;
    }
    while (s.next < s.steps.length && s.kickoffMs + s.steps[s.next]!.atMs <= this.io.now()) {
      await this.io.ingest(s.steps[s.next]!.ops);
      s.next++;
      await this.save(s);
    }
    if (s.next < s.steps.length) return this.io.setAlarm(s.kickoffMs + s.steps[s.next]!.atMs);
    await this.end(s, "finished");
  }

  /** Stops a playing replay: nothing is sent after this answers. False if it had already ended. */
  async stop(): Promise<boolean> {
    const s = await this.state();
    if (!s || s.status !== "playing") return false;
    await this.end(s, "stopped");
    return true;
  }

  /** Where the replay is: the steps sent of all, and its status. */
  async progress(): Promise<{ sent: number; steps: number; status: PlayerState["status"] } | undefined> {
    const s = await this.state();
    return s && { sent: s.next, steps: s.steps.length, status: s.status };
  }

  private async end(s: PlayerState, status: "finished" | "stopped") {
    const at = this.io.now();
    s.status = status;
    s.deleteAt = at + KEEP_AFTER_END_MS;
    await this.save(s);
    await this.io.ended(s.replayId, status, at);
    await this.io.setAlarm(s.deleteAt);
  }
}
