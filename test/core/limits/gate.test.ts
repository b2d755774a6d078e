// The account gate's core (src/core/limits/gate.ts) on a fake clock, against a real object's SQLite and storage: the
// shell (workers/account-gate.ts) hands it Date.now; here time is what the test says, so windows, the usage history's
// two days and a vanished stream's six hours are walked through without waiting.
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Gate, KEEP_MS, SLOT_TTL_MS } from "../../../src/core/limits/gate";

const T0 = Date.UTC(2026, 10, 28, 12, 0, 0);

/** A gate over a fresh object's storage, with a clock the test moves; its alarms recorded. */
async function gateOnFakeClock<T>(
  name: string,
  body: (g: Gate, clock: { now: number; alarms: number[] }) => Promise<T>,
) {
  const stub = env.ACCOUNT_GATE.getByName(`fake-clock-${name}-${crypto.randomUUID()}`);
  return runInDurableObject(stub, async (_instance, state) => {
    const clock = { now: T0, alarms: [] as number[] };
    const gate = new Gate({
      sql: state.storage.sql,
      kv: state.storage,
      setAlarm: (at) => void clock.alarms.push(at),
      now: () => clock.now,
      streamsOf: (plan) => (plan === "trial" ? 2 : 10),
    });
    return body(gate, clock);
  });
}

const slot = (id: string, credential = "key:a") => ({
  slotId: id,
  kind: "websocket" as const,
  credential,
  holder: "room:m_1",
  seen: { plan: "trial" as const, version: 1 },
});

describe("the account gate on a fake clock", () => {
  it("a minute's budget is spent and refused within the minute, whole again in the next; its alarm is the minute's end", async () => {
    await gateOnFakeClock("window", async (g, clock) => {
      clock.now = T0 + 5_000;
      expect((await g.take("rest", 3, 2)).granted).toBe(2);
      expect((await g.take("rest", 3, 5)).granted).toBe(1);
      const refused = await g.hit("rest", 3);
      expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfter: 55 });
      expect(clock.alarms).toEqual([T0 + 60_000]);
      clock.now = T0 + 60_000;
      expect(await g.hit("rest", 3)).toMatchObject({ allowed: true, remaining: 2 });
      await g.alarm();
      const usage = await g.usage();
      expect(usage.map((u) => [u.start, u.allowed, u.denied])).toEqual([
        [T0 + 60_000, 1, 0],
        [T0, 3, 1],
      ]);
    });
  });

  it("the usage history keeps two days: a minute older than that is pruned when a new window opens", async () => {
    await gateOnFakeClock("history", async (g, clock) => {
      await g.hit("rest", 10);
      await g.alarm();
      clock.now = T0 + KEEP_MS - 60_000;
      await g.hit("rest", 10);
      await g.alarm();
      expect((await g.usage()).length).toBe(2);
      clock.now = T0 + KEEP_MS + 120_000;
      await g.hit("rest", 10);
      await g.alarm();
      // Pruning runs beside the request: wait for it (up to 5 s), not for a fixed time.
      for (let i = 0; i < 100 && (await g.usage()).length > 2; i++) await new Promise((r) => setTimeout(r, 50));
      expect((await g.usage()).map((u) => u.start)).toEqual([T0 + KEEP_MS + 120_000, T0 + KEEP_MS - 60_000]);
    });
  });

  it("a slot whose stream vanished without a close is reclaimed after six hours, not before", async () => {
    await gateOnFakeClock("ttl", async (g, clock) => {
      expect((await g.admit(slot("s1"))).ok).toBe(true);
      expect((await g.admit(slot("s2"))).ok).toBe(true);
      clock.now = T0 + SLOT_TTL_MS - 1000;
      expect(await g.admit(slot("s3"))).toMatchObject({ ok: false, reason: "full" });
      clock.now = T0 + SLOT_TTL_MS + 1000;
      expect((await g.admit(slot("s3"))).ok).toBe(true);
      expect(await g.confirm("s1", "key:a")).toBe("over");
    });
  });

  it("last use per credential is the clock's time of the lease that reported it", async () => {
    await gateOnFakeClock("last-used", async (g, clock) => {
      clock.now = T0 + 1234;
      await g.take("rest", 10, 1, undefined, undefined, ["key:a"]);
      clock.now = T0 + 9999;
      await g.take("rest", 10, 1, undefined, undefined, ["key:b"]);
      expect(await g.lastUsed()).toEqual({ "key:a": T0 + 1234, "key:b": T0 + 9999 });
    });
  });
});
