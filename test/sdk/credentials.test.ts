// sdk/src/credentials.ts: when a token provider is asked, with a clock the test moves.
import { describe, expect, it } from "vitest";
import { credential } from "../../sdk/src/credentials";

function provider(ttlSeconds: number, clock: { now: number }) {
  const calls: number[] = [];
  const token = async () => {
    calls.push(clock.now);
    return { token: `tk_test_${calls.length}`, expires_at: new Date(clock.now + ttlSeconds * 1000).toISOString() };
  };
  return { token, calls };
}

describe("token provider", () => {
  it("reuses a token until 30 s before it expires, then asks for the next", async () => {
    const clock = { now: Date.parse("2026-11-24T12:00:00Z") };
    const p = provider(600, clock);
    const c = credential({ token: p.token }, () => clock.now);
    expect(await c.current()).toBe("tk_test_1");
    clock.now += 539_000; // 61 s left: more than a tenth (60 s) of 600 s
    expect(await c.current()).toBe("tk_test_1");
    clock.now += 2_000; // 59 s left
    expect(await c.current()).toBe("tk_test_2");
    expect(p.calls).toHaveLength(2);
  });

  it("keeps at least a 30 s margin for short tokens", async () => {
    const clock = { now: Date.parse("2026-11-24T12:00:00Z") };
    const p = provider(60, clock);
    const c = credential({ token: p.token }, () => clock.now);
    expect(await c.current()).toBe("tk_test_1");
    clock.now += 29_000;
    expect(await c.current()).toBe("tk_test_1");
    clock.now += 2_000;
    expect(await c.current()).toBe("tk_test_2");
  });

  it("asks once for many concurrent calls, and again on renew()", async () => {
    const clock = { now: Date.parse("2026-11-24T12:00:00Z") };
    const p = provider(600, clock);
    const c = credential({ token: p.token }, () => clock.now);
    expect(await Promise.all([c.current(), c.current(), c.current()])).toEqual(["tk_test_1", "tk_test_1", "tk_test_1"]);
    expect(await c.renew()).toBe("tk_test_2");
    expect(await c.current()).toBe("tk_test_2");
    expect(p.calls).toHaveLength(2);
  });

  it("uses a bare string token until renew(); a failing provider is asked again next time", async () => {
    let n = 0;
    const c = credential({
      token: async () => {
        n++;
        if (n === 2) throw new Error("token server down");
        return `tk_test_${n}`;
      },
    });
    expect(await c.current()).toBe("tk_test_1");
    expect(await c.current()).toBe("tk_test_1");
    await expect(c.renew()).rejects.toThrow("token server down");
    expect(await c.current()).toBe("tk_test_3");
  });

  it("refuses an answer that is neither a string nor { token, expires_at }", async () => {
    const c = credential({ token: async () => ({ token: "tk_test_x", expires_at: "soon" }) });
    await expect(c.current()).rejects.toThrow(/expires_at/);
  });
});

describe("key", () => {
  it("is sent as it is and cannot be renewed", async () => {
    const c = credential({ apiKey: "sk_test_abc" });
    expect(await c.current()).toBe("sk_test_abc");
    expect(await c.renew()).toBeNull();
  });
});
