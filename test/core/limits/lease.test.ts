// Budgets spent from isolate-local leases (src/core/limits/lease.ts) against a real AccountGate object.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { spend, type LeaseSource } from "../../../src/core/limits/lease";

/** The key's real limiter, counting how often it is asked. */
function counted(name: string) {
  const stub = env.ACCOUNT_GATE.getByName(name);
  const calls = { n: 0 };
  const source: LeaseSource = {
    take: (...args) => {
      calls.n++;
      return stub.take(...args);
    },
  };
  return { stub, calls, source: () => source };
}

const T = Date.UTC(2032, 0, 1, 9, 0, 1);

describe("leased budgets", () => {
  it("a busy key asks its object for a small fraction of requests; remaining counts down exactly", async () => {
    const k = counted("lease-busy");
    const remaining: number[] = [];
    for (let i = 0; i < 300; i++) {
      const d = await spend(k.source, "lease-busy", "rest", 1200, T + i);
      expect(d.allowed).toBe(true);
      remaining.push(d.remaining);
    }
    expect(remaining).toEqual(Array.from({ length: 300 }, (_, i) => 1199 - i));
    expect(k.calls.n).toBeLessThan(15);
  });

  it("a steady key at 3 requests a second asks its object about once per 5 s, not on every other request", async () => {
    const k = counted("lease-steady");
    for (let i = 0; i < 60; i++) {
      const d = await spend(k.source, "lease-steady", "rest", 1200, T + i * 333);
      expect(d.remaining).toBe(1199 - i);
    }
    // 1, 2, 4, 8, 16, then between 8 and 16: 8 leases (the rule before fell back to 1 each second: 26).
    expect(k.calls.n).toBeLessThanOrEqual(10);
  });

  it("a busy key that goes quiet takes small leases again, not the busy size", async () => {
    const k = counted("lease-quiet");
    let t = T;
    // Busy: leases grow to the cap (60 at 1200/min); spend until a lease has just been taken at full size.
    while (k.calls.n < 7) await spend(k.source, "lease-quiet", "rest", 1200, t++);
    const leased = (await k.stub.usage())[0]!.allowed;
    // Spend what this isolate still holds, then go quiet for 30 s: the next lease is 1, not 60.
    for (let spent = t - T; spent < leased; spent++) await spend(k.source, "lease-quiet", "rest", 1200, t++);
    await spend(k.source, "lease-quiet", "rest", 1200, t + 30_000);
    expect(k.calls.n).toBe(8);
    expect((await k.stub.usage())[0]!.allowed).toBe(leased + 1);
  });

  it("a key asking now and then takes one request at a time (nothing stranded)", async () => {
    const k = counted("lease-slow");
    for (let i = 0; i < 5; i++) await spend(k.source, "lease-slow", "rest", 1200, T + i * 5000);
    expect(k.calls.n).toBe(5);
    expect(await k.stub.usage()).toMatchObject([{ allowed: 5, denied: 0 }]);
  });

  it("two isolates sharing one key never exceed the limit, and are refused early by at most one lease", async () => {
    const k = counted("lease-two");
    let allowed = 0;
    let firstRefusal = -1;
    for (let i = 0; i < 90; i++) {
      const isolate = i % 2 ? "A" : "B"; // each name is a separate local budget, as in another isolate
      const d = await spend(k.source, `${isolate}:lease-two`, "rest", 60, T + i);
      if (d.allowed) allowed++;
      else if (firstRefusal < 0) firstRefusal = i;
    }
    expect(allowed).toBeLessThanOrEqual(60);
    expect(allowed).toBeGreaterThanOrEqual(60 - 3); // trial cap: a lease is at most 60 / 20 = 3
    expect(firstRefusal).toBeGreaterThanOrEqual(57);
  });

  it("what an isolate leased and did not spend goes back when its next minute starts", async () => {
    const k = counted("lease-settle");
    for (let i = 0; i < 10; i++) await spend(k.source, "lease-settle", "rest", 1200, T + i);
    const leased = (await k.stub.usage())[0]!.allowed;
    expect(leased).toBeGreaterThanOrEqual(10);
    await spend(k.source, "lease-settle", "rest", 1200, T + 60_000);
    const byMinute = await k.stub.usage();
    expect(byMinute.find((w) => w.start === T - 1000)).toMatchObject({ allowed: 10, denied: 0 });
  });
});
