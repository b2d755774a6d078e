// A webhook lane's core (src/core/webhooks/lane-queue.ts) on a fake clock, against a real object's SQLite: the
// deliveries are the test's (each round's fates chosen here), so when a message is tried, when the alarm is set, and
// what a dead letter records are walked through without waiting for a retry delay.
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { DeadLetterRow } from "../../../src/core/db/queries/webhooks";
import type { Fate, Queued, Round } from "../../../src/core/webhooks/lane";
import { BACKSTOP_MS, LaneQueue } from "../../../src/core/webhooks/lane-queue";
import type { WebhookMessage } from "../../../src/core/webhooks/message";

const T0 = Date.UTC(2026, 10, 28, 12, 0, 0);
const message = (id: string): WebhookMessage =>
  ({ id, endpoint_id: "wh_fake", type: "match.finished", body: `{"id":"${id}"}` }) as unknown as WebhookMessage;

interface World {
  lane: LaneQueue;
  clock: { now: number };
  alarm: { at: number | null };
  /** What each round was handed, and the fates the next rounds answer (then "done"). */
  rounds: string[][];
  fates: Fate[];
  dead: DeadLetterRow[];
  deadFails: { n: number };
}

async function laneOnFakeClock(body: (w: World) => Promise<void>) {
  const stub = env.WEBHOOK_LANE.getByName(`fake-clock-${crypto.randomUUID()}`);
  await runInDurableObject(stub, async (_instance, state) => {
    const w = { clock: { now: T0 }, alarm: { at: null }, rounds: [], fates: [], dead: [], deadFails: { n: 0 } } as Omit<
      World,
      "lane"
    > as World;
    w.lane = new LaneQueue({
      sql: state.storage.sql,
      getAlarm: async () => w.alarm.at,
      setAlarm: async (at) => void (w.alarm.at = at),
      deleteAlarm: async () => void (w.alarm.at = null),
      waitUntil: () => {},
      now: () => w.clock.now,
      deliver: async (_endpoint, due: Queued[]): Promise<Round> => {
        w.rounds.push(due.map((q) => q.message.id));
        return { fates: due.map(() => w.fates.shift() ?? { kind: "done" }), attempts: [], cached: null };
      },
      recordDead: async (rows) => {
        if (w.deadFails.n > 0 && w.deadFails.n--) throw new Error("D1 unavailable");
        w.dead.push(...rows);
      },
    });
    await body(w);
  });
}

describe("a webhook lane on a fake clock", () => {
  it("delivers on acceptance, and keeps a backstop alarm a minute out", async () => {
    await laneOnFakeClock(async (w) => {
      await w.lane.accept([message("a"), message("b")]);
      await w.lane.idle();
      expect(w.rounds).toEqual([["a", "b"]]);
      expect(await w.lane.pending()).toEqual([]);
      expect(w.alarm.at).toBe(T0 + BACKSTOP_MS);
    });
  });

  it("a retry waits for its due time: the alarm moves to it, an early alarm tries nothing, a due one tries it", async () => {
    await laneOnFakeClock(async (w) => {
      w.fates.push({ kind: "retry", seconds: 5, counted: true });
      await w.lane.accept([message("r")]);
      await w.lane.idle();
      expect(await w.lane.pending()).toEqual([{ id: "r", type: "match.finished", attempts: 1, due_at: T0 + 5000 }]);
      expect(w.alarm.at).toBe(T0 + 5000);
      w.clock.now = T0 + 4000;
      await w.lane.alarm();
      await w.lane.idle();
      expect(w.rounds).toEqual([["r"]]);
      w.clock.now = T0 + 5000;
      await w.lane.alarm();
      await w.lane.idle();
      expect(w.rounds).toEqual([["r"], ["r"]]);
      expect(await w.lane.pending()).toEqual([]);
    });
  });

  it("a dead letter is recorded with the clock's time; while D1 refuses it, it waits, and the alarm comes back for it", async () => {
    await laneOnFakeClock(async (w) => {
      w.fates.push({ kind: "dead" });
      w.deadFails.n = 1;
      w.clock.now = T0 + 1000;
      await w.lane.accept([message("d")]);
      await w.lane.idle();
      expect(w.dead).toEqual([]);
      expect(await w.lane.pending()).toEqual([]);
      expect(w.alarm.at).toBeLessThanOrEqual(T0 + 1000 + 60_000);
      w.clock.now = T0 + 61_000;
      await w.lane.alarm();
      await w.lane.idle();
      expect(w.dead).toMatchObject([
        {
          messageId: "d",
          endpointId: "wh_fake",
          eventType: "match.finished",
          attempts: 1,
          deadAt: "2026-11-28T12:00:01Z",
        },
      ]);
    });
  });
});
