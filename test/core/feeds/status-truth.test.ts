// What the feed status says is what the poller does (issue 47: on a 12-a-day plan the status said "only live matches,
// every 897 s" while a live call went out every minute: the pace was kept in memory, and a Durable Object evicted
// between alarms, as an idle one is, started every round afresh). Here the object is "evicted" before every round.
import { describe, expect, it } from "vitest";
import { seed } from "../../helpers/seed";
import { harness, KICKOFF, mapLeagues, track } from "./harness";

const s = await seed(["eng1", "ucl"]);

describe("a 12-a-day plan, the poller restarted before every round", () => {
  it("live calls are as far apart as the status says, the day's calls stay within the projection and the plan", async () => {
    const h = harness("api-football", KICKOFF - 60_000, { perDay: 12, perMinute: 10 });
    await mapLeagues("api-football", [
      { provider_league: "39", season: "2026", league_id: "lg_fb_eng1" },
      { provider_league: "2", season: "2026", league_id: "lg_fb_ucl" },
    ]);
    await track(s.accountId, ["lg_fb_eng1", "lg_fb_ucl"]);
    const rounds: { at: number; calls: number; liveEvery: number | null; projected: number }[] = [];
    const liveCalls: number[] = [];
    const end = Date.parse(`${new Date(KICKOFF).toISOString().slice(0, 10)}T23:59:00Z`);
    let next = h.clock.now;
    while (next < end) {
      h.clock.now = next;
      // The provider's match day moves a step every 20 minutes.
      h.fake.step = Math.max(0, Math.min(h.fake.stepCount - 1, Math.floor((h.clock.now - KICKOFF) / 1_200_000)));
      h.restart();
      const before = h.fake.calls.length;
      next = await h.tick();
      for (const c of h.fake.calls.slice(before)) if (c.includes("live=")) liveCalls.push(h.clock.now);
      const plan = h.poller.status().day_plan!;
      rounds.push({
        at: h.clock.now,
        calls: h.fake.calls.length,
        liveEvery: plan.live_every_s,
        projected: plan.projected_calls,
      });
      expect(next).toBeGreaterThan(h.clock.now);
    }
    expect(h.fake.calls.length).toBeLessThanOrEqual(12);
    expect(liveCalls.length).toBeGreaterThan(2);
    // Each live call after the first comes no sooner than the pace the status stated when the one before went out.
    for (let i = 1; i < liveCalls.length; i++) {
      const stated = rounds.find((r) => r.at === liveCalls[i - 1])!.liveEvery!;
      expect(liveCalls[i]! - liveCalls[i - 1]!, `live call ${i}`).toBeGreaterThanOrEqual(stated * 1000 - 1000);
    }
    // Once the day's matches are known (after the first round), the calls the day still made from any round on are no
    // more than that round projected.
    const total = h.fake.calls.length;
    for (const r of rounds.slice(1))
      expect(total - r.calls, new Date(r.at).toISOString()).toBeLessThanOrEqual(r.projected);
  });
});
