// sdk/src/live/subscription.ts over a scripted transport: what it delivers, from which seq it resumes, and when it
// stops reconnecting.
import { describe, expect, it } from "vitest";
import { credential } from "../../sdk/src/credentials";
import { subscribe, type MatchStreamOptions } from "../../sdk/src/live/subscription";
import type { TransportEnd, TransportHandlers } from "../../sdk/src/live/transport";
import type { StreamMessage } from "../../sdk/src/types";

const item = { id: "m_1", league_id: "lg", season: "2026/27", home_team: "A", away_team: "B", simulated: false };
const state = (seq: number, home = 0): StreamMessage => ({
  type: "state",
  match_id: "m_1",
  sport: "football",
  seq,
  ts: 0,
  data: {
    ...item,
    home_team_id: "a",
    away_team_id: "b",
    home_score: home,
    away_score: 0,
    status_code: 2,
    minute: 10,
    kickoff_ts: 0,
    updated_at: "",
    seq,
  },
});
const goal = (seq: number, home: number): StreamMessage => ({
  type: "score_update",
  match_id: "m_1",
  sport: "football",
  seq,
  ts: 0,
  data: { home, away: 0, minute: 10 + seq },
});

/** A transport whose connections the test drives: each connect is recorded with its URL and credential. */
function scripted() {
  const connects: { url: URL; credential: string; h: TransportHandlers; closed: boolean }[] = [];
  let notify = () => {};
  return {
    connects,
    transport: (url: URL, credential: string, h: TransportHandlers) => {
      const c = { url, credential, h, closed: false };
      connects.push(c);
      notify();
      return { close: () => void (c.closed = true) };
    },
    /** Resolves with connection n (0-based) once it was made. */
    async connection(n: number) {
      while (connects.length <= n) await new Promise<void>((r) => (notify = r));
      return connects[n]!;
    },
  };
}

function start(opts: Partial<MatchStreamOptions> & { apiKey?: string; token?: () => Promise<string> } = {}) {
  const t = scripted();
  const got: StreamMessage[] = [];
  const auth = opts.token ? { token: opts.token } : { apiKey: opts.apiKey ?? "sk_test_k" };
  const sub = subscribe(
    { path: "/v1/ws/match/m_1", matchId: "m_1" },
    { baseUrl: "http://127.0.0.1:8787", credential: credential(auth), transport: t.transport },
    { onMessage: (m) => got.push(m), reconnect: { initialDelayMs: 1, maxDelayMs: 2 }, ...opts },
  );
  return { t, got, sub };
}
const end = (e: TransportEnd) => e;

describe("a match subscription", () => {
  it("delivers each seq once, resuming with ?since= the last one applied", async () => {
    const { t, got, sub } = start();
    const first = await t.connection(0);
    expect(first.url.searchParams.has("since")).toBe(false);
    first.h.open();
    first.h.message(state(4));
    first.h.message(goal(5, 1));
    first.h.end(end({ kind: "dropped" }));
    const second = await t.connection(1);
    expect(second.url.searchParams.get("since")).toBe("5");
    second.h.open();
    second.h.message(goal(5, 1)); // a duplicate: at or below what was applied
    second.h.message(goal(6, 2));
    expect(got.map((m) => m.seq)).toEqual([4, 5, 6]);
    expect(sub.matches.get("m_1")).toMatchObject({ home_score: 2, minute: 16, seq: 6 });
    sub.close();
    expect(second.closed).toBe(true);
    await expect(sub.done).resolves.toEqual({ kind: "closed" });
  });

  it("starts from `since` (or an initial REST read) without a state", async () => {
    const { t, sub } = start({ since: 41 });
    expect((await t.connection(0)).url.searchParams.get("since")).toBe("41");
    sub.close();
  });

  it("stops after the final whistle (1000) and on a key's refusal; reconnects after other closes", async () => {
    const { t, sub } = start();
    (await t.connection(0)).h.end(end({ kind: "closed", code: 1006, reason: "" }));
    (await t.connection(1)).h.end(end({ kind: "refused", status: 429 }));
    (await t.connection(2)).h.end(end({ kind: "closed", code: 1000, reason: "match finished" }));
    await expect(sub.done).resolves.toEqual({ kind: "finished", reason: "match finished" });
    expect(t.connects).toHaveLength(3);

    const revoked = start();
    (await revoked.t.connection(0)).h.end(end({ kind: "closed", code: 1008, reason: "api key revoked" }));
    await expect(revoked.sub.done).resolves.toMatchObject({ kind: "failed", error: { fatal: true } });
    expect(revoked.t.connects).toHaveLength(1);
  });

  it("with a token provider, renews once after a 1008 or 401 and fails on a refusal right after", async () => {
    let n = 0;
    const { t, sub } = start({ token: async () => `tk_test_${++n}` });
    const first = await t.connection(0);
    expect(first.credential).toBe("tk_test_1");
    first.h.end(end({ kind: "closed", code: 1008, reason: "token expired" }));
    const second = await t.connection(1);
    expect(second.credential).toBe("tk_test_2");
    second.h.end(end({ kind: "refused", status: 401 }));
    await expect(sub.done).resolves.toMatchObject({ kind: "failed", error: { detail: { status: 401 } } });
    expect(t.connects).toHaveLength(2);
  });
});
