// A replay's scheduler (src/core/replays/player.ts, the core of the ReplayPlayer object) on a fake clock, against a
// real object's storage: each step sent when its time has come and not before, late ones caught up in order, the end
// recorded and the deletion 24 h after it, and nothing sent once stopped.
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Step } from "../../../src/core/replays/plan";
import { KEEP_AFTER_END_MS, ReplayScheduler } from "../../../src/core/replays/player";

const T0 = Date.UTC(2026, 10, 28, 12, 0, 0);
const step = (atMs: number, tag: string): Step => ({
  atMs,
  minute: atMs / 100,
  ops: [{ op: "remove_events", match_id: "rpm_x", event_ids: [tag] }],
});
/** The kickoff step also creates the replay's match (what the deletion names). */
const kickoff: Step = {
  ...step(0, "kickoff"),
  ops: [{ op: "match", id: "rpm_x" } as never, ...step(0, "kickoff").ops],
};
const STEPS = [kickoff, step(2_300, "23'"), step(3_600, "36'"), step(12_000, "end")];

async function onFakeClock(body: (s: ReplayScheduler, w: ReturnType<typeof world>) => Promise<void>) {
  const stub = env.REPLAY_PLAYER.getByName(`fake-clock-${crypto.randomUUID()}`);
  await runInDurableObject(stub, async (_instance, state) => {
    const w = world();
    const s = new ReplayScheduler({
      storage: state.storage,
      setAlarm: async (at) => void (w.alarm = at),
      deleteAlarm: async () => void (w.alarm = null),
      now: () => w.now,
      ingest: async (ops) =>
        void w.sent.push(...ops.flatMap((o) => (o.op === "remove_events" ? [o.event_ids[0]!] : []))),
      ended: async (id, status, at) => void w.ended.push([id, status, at]),
      remove: async (id, matchId) => void w.removed.push(`${id} ${matchId}`),
    });
    await body(s, w);
  });
}

function world() {
  return {
    now: T0,
    alarm: null as number | null,
    sent: [] as string[],
    ended: [] as [string, string, number][],
    removed: [] as string[],
  };
}

describe("a replay's scheduler on a fake clock", () => {
  it("sends the kickoff at once, each step at its time, late steps in order, then ends and is deleted 24 h later", async () => {
    await onFakeClock(async (s, w) => {
      await s.start("rp_1", T0, STEPS);
      expect(w.sent).toEqual(["kickoff"]);
      expect(w.alarm).toBe(T0 + 2_300);

      // An early alarm sends nothing and keeps the next step's time.
      w.now = T0 + 2_299;
      await s.run();
      expect(w.sent).toEqual(["kickoff"]);
      expect(w.alarm).toBe(T0 + 2_300);

      // A late one catches up, in order.
      w.now = T0 + 4_000;
      await s.run();
      expect(w.sent).toEqual(["kickoff", "23'", "36'"]);
      expect(w.alarm).toBe(T0 + 12_000);

      w.now = T0 + 12_000;
      await s.run();
      expect(w.sent).toEqual(["kickoff", "23'", "36'", "end"]);
      expect(w.ended).toEqual([["rp_1", "finished", T0 + 12_000]]);
      expect(w.alarm).toBe(T0 + 12_000 + KEEP_AFTER_END_MS);
      expect(await s.progress()).toEqual({ sent: 4, steps: 4, status: "finished" });

      // Kept for 24 h, then deleted with its match, and its storage emptied.
      w.now = T0 + 12_000 + KEEP_AFTER_END_MS - 1;
      await s.run();
      expect(w.removed).toEqual([]);
      w.now = T0 + 12_000 + KEEP_AFTER_END_MS;
      await s.run();
      expect(w.removed).toEqual(["rp_1 rpm_x"]);
      expect(await s.progress()).toBeUndefined();
    });
  });

  it("a stopped replay sends nothing more, however late its alarm runs; a second start changes nothing", async () => {
    await onFakeClock(async (s, w) => {
      await s.start("rp_2", T0, STEPS);
      w.now = T0 + 2_500;
      await s.run();
      expect(w.sent).toEqual(["kickoff", "23'"]);
      expect(await s.stop()).toBe(true);
      expect(await s.stop()).toBe(false);
      expect(w.ended).toEqual([["rp_2", "stopped", T0 + 2_500]]);
      w.now = T0 + 20_000;
      await s.run();
      await s.start("rp_2", T0, STEPS);
      expect(w.sent).toEqual(["kickoff", "23'"]);
      expect(w.alarm).toBe(T0 + 2_500 + KEEP_AFTER_END_MS);
    });
  });
});
