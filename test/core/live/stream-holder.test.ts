// A holder's streams (src/core/live/stream-holder.ts, the core of MatchRelay and LiveHub) on a fake clock, against a
// real object's SQLite: the shell (workers/socket-object.ts) hands it the runtime's timers; here the heartbeat's
// interval, the probe's gap and a sliced fan-out's yields happen when the test says, so what each writes in between
// is checked without waiting.
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { withSocketInfo, type SocketInfo } from "../../../src/core/live/sockets";
import { OutFrame } from "../../../src/core/live/stream-client";
import { FAN_OUT_SLICE, PROBE_GAP_MS, StreamHolder, type StreamClock } from "../../../src/core/live/stream-holder";

const HEARTBEAT_MS = 15_000;
const decoder = new TextDecoder();

/** Timers the test fires: intervals by hand, sleeps and yields resolved one by one. */
class FakeClock implements StreamClock {
  intervals: { ms: number; fn: () => void; stopped: boolean }[] = [];
  sleeps: { ms: number; wake: () => void }[] = [];
  yields: (() => void)[] = [];
  every(ms: number, fn: () => void) {
    const t = { ms, fn, stopped: false };
    this.intervals.push(t);
    return () => void (t.stopped = true);
  }
  sleep(ms: number) {
    return new Promise<void>((wake) => this.sleeps.push({ ms, wake }));
  }
  yieldTurn() {
    return new Promise<void>((wake) => this.yields.push(wake));
  }
  /** One interval period passes: every running interval fires once. */
  tick() {
    for (const t of this.intervals) if (!t.stopped) t.fn();
  }
  get running() {
    return this.intervals.filter((t) => !t.stopped).length;
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function onFakeClock<T>(body: (h: StreamHolder, clock: FakeClock, released: string[]) => Promise<T>) {
  const stub = env.LIVE_HUB.getByName(`fake-clock-${crypto.randomUUID()}`);
  return runInDurableObject(stub, async (_instance, state) => {
    const clock = new FakeClock();
    const released: string[] = [];
    const holder = new StreamHolder({
      sql: state.storage.sql,
      getWebSockets: () => [],
      acceptWebSocket: () => {
        throw new Error("no WebSockets in these tests");
      },
      loadEntitlement: async (accountId) => ({ accountId, version: 1, leagues: new Set(["l_1"]) }),
      confirm: async () => "ok",
      release: async (info) => void released.push(info.slotId),
      waitUntil: () => {},
      onError: () => {},
      heartbeatMs: HEARTBEAT_MS,
      clock,
    });
    return body(holder, clock, released);
  });
}

/** Opens an SSE stream of `accountId` on the holder; answers a reader of its body that collects what arrived. */
async function openSse(h: StreamHolder, accountId: string, slotId: string) {
  const info: SocketInfo = {
    credential: `key:${accountId}`,
    accountId,
    slotId,
    since: null,
    final: false,
    leagueId: null,
    entitlementVersion: 1,
    transport: "sse",
  };
  const { response } = await h.accept(withSocketInfo(new Request("http://holder/"), info));
  const reader = response.body!.getReader();
  let text = "";
  // A read still waiting when the last call returned: the next call takes its chunk (none is lost).
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  return {
    /** Everything written so far (the chunks already queued). */
    async read() {
      for (;;) {
        pending ??= reader.read();
        const next = await Promise.race([pending, flush().then(() => null)]);
        if (!next) return text;
        pending = undefined;
        if (next.done) return text;
        text += decoder.decode(next.value);
      }
    },
    /** The client goes away. */
    leave: () => reader.cancel(),
  };
}

const heartbeats = (text: string) => text.split(": heartbeat\n\n").length - 1;

describe("a holder's streams on a fake clock", () => {
  it("one heartbeat timer runs while any SSE stream is open, writes to each stream, and stops with the last", async () => {
    await onFakeClock(async (h, clock, released) => {
      const a = await openSse(h, "a_1", "s1");
      const b = await openSse(h, "a_2", "s2");
      expect(clock.intervals.map((t) => t.ms)).toEqual([HEARTBEAT_MS]);
      expect(heartbeats(await a.read())).toBe(0);
      clock.tick();
      clock.tick();
      expect(heartbeats(await a.read())).toBe(2);
      expect(heartbeats(await b.read())).toBe(2);

      await a.leave();
      expect(released).toEqual(["s1"]);
      expect(clock.running).toBe(1);
      clock.tick();
      expect(heartbeats(await b.read())).toBe(3);

      await b.leave();
      expect(released).toEqual(["s1", "s2"]);
      expect(clock.running).toBe(0);
      // A new stream starts a new timer: none left running from before.
      await openSse(h, "a_1", "s3");
      expect(clock.running).toBe(1);
      expect(clock.intervals).toHaveLength(2);
    });
  });

  it("a probe writes two heartbeats PROBE_GAP_MS apart to the account's streams only, and answers after the slots of those that left are back", async () => {
    await onFakeClock(async (h, clock, released) => {
      const stays = await openSse(h, "a_1", "s1");
      const goes = await openSse(h, "a_1", "s2");
      const other = await openSse(h, "a_2", "s3");
      let answer: number | undefined;
      const probe = h.probeSse("a_1").then((n) => (answer = n));
      await flush();
      expect(clock.sleeps.map((s) => s.ms)).toEqual([PROBE_GAP_MS]);
      expect(heartbeats(await stays.read())).toBe(1);
      expect(heartbeats(await goes.read())).toBe(1);

      // The client went away between the two heartbeats; the probe is still in its gap and has not answered.
      await goes.leave();
      clock.sleeps[0]!.wake();
      await flush();
      expect(clock.sleeps.map((s) => s.ms)).toEqual([PROBE_GAP_MS, PROBE_GAP_MS]);
      expect(heartbeats(await stays.read())).toBe(2);
      expect(answer).toBeUndefined();

      clock.sleeps[1]!.wake();
      await probe;
      expect(answer).toBe(1);
      expect(released).toContain("s2");
      expect(released).not.toContain("s1");
      // The other account's stream got no probe heartbeats.
      expect(heartbeats(await other.read())).toBe(0);
      expect(h.sseCount).toBe(2);
    });
  });

  it("a sliced fan-out sends FAN_OUT_SLICE streams per turn and yields between slices", async () => {
    await onFakeClock(async (h, clock) => {
      const n = FAN_OUT_SLICE * 2 + 10;
      const streams: Awaited<ReturnType<typeof openSse>>[] = [];
      for (let i = 0; i < n; i++) streams.push(await openSse(h, "a_1", `s${i}`));
      const frame = new OutFrame("m_1", 7, JSON.stringify({ type: "score_update", seq: 7 }), "seq");
      const sent = h.fanOutSliced("l_1", [frame]);
      const got = async () => (await Promise.all(streams.map((s) => s.read()))).filter((t) => t.includes("id: 7"));

      expect((await got()).length).toBe(FAN_OUT_SLICE);
      expect(clock.yields).toHaveLength(1);
      clock.yields[0]!();
      await flush();
      expect((await got()).length).toBe(FAN_OUT_SLICE * 2);
      expect(clock.yields).toHaveLength(2);
      clock.yields[1]!();
      expect(await sent).toBe(n);
      expect((await got()).length).toBe(n);
      // A league the account does not track reaches no one.
      h.fanOut("l_other", [new OutFrame("m_2", 1, JSON.stringify({ type: "score_update" }), "seq")]);
      expect((await Promise.all(streams.map((s) => s.read()))).some((t) => t.includes("id: 1\n"))).toBe(false);
    });
  });
});
