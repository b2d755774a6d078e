// API-Basketball against its fake: a game through four quarters, a break, overtime and the final; the score is
// `scores.*.total`, finished quarters become `period_end` events with the running score, OT is counted.
import { afterAll, describe, expect, it } from "vitest";
import { connect } from "../../helpers/live";
import { getJson, seed } from "../../helpers/seed";
import { createWebhook, fakeReceivers, RECEIVER, waitFor } from "../../helpers/webhooks";
import { EXPECTED_BB } from "../../fakes/match-day";
import { harness, mapLeagues, track } from "./harness";

const s = await seed(["euroleague"]);
const h = harness("api-basketball");
const receivers = fakeReceivers();
afterAll(() => receivers.restore());
await createWebhook(s.accountId, { url: `${RECEIVER}/bb`, events: ["match.finished"] });
const G = "m_ab_81001";
const get = async (path: string) => (await getJson(path, s.key)).body;
async function ends() {
  const res = await getJson(`/v1/basketball/matches/${G}/events`, s.key);
  return res.status === 404 ? [] : (res.body.data as any[]).filter((e) => e.type === "period_end");
}

describe("API-Basketball: a game with overtime", () => {
  it("after every poll, status, score, period and quarter ends are the provider's", async () => {
    await mapLeagues("api-basketball", [{ provider_league: "12", season: "2026-2027", league_id: "lg_bb_euroleague" }]);
    await track(s.accountId, ["lg_bb_euroleague"]);
    await h.tick();
    await h.tick();
    const { socket } = await connect(`/v1/ws/match/${G}?since=0`, { "x-api-key": s.key });
    for (let step = 0; step < EXPECTED_BB.length; step++) {
      h.fake.step = step;
      if (step > 0) h.clock.now += 5 * 60_000 + 1000;
      await h.tick();
      await h.tick();
      const m = await get(`/v1/basketball/matches/${G}`);
      const exp = EXPECTED_BB[step]!;
      expect({
        step,
        status: m.status_code,
        score: [m.home_score, m.away_score],
        period: m.period,
        ends: (await ends()).length,
      }).toEqual({
        step,
        status: exp.status_code,
        score: exp.score,
        period: exp.period,
        ends: exp.ends,
      });
    }
    expect((await ends()).map((e) => e.detail)).toEqual([
      "End of Q1, 25–22",
      "End of Q2, 45–46",
      "End of Q3, 71–70",
      "End of Q4, 94–94",
      "End of overtime, 106–103",
    ]);
    const m = await get(`/v1/basketball/matches/${G}`);
    expect([m.ht_home_score, m.ht_away_score]).toEqual([45, 46]);
    // The stream said the same: its last score is REST's, and it went live, then finished after overtime.
    await socket!.closed;
    const scores = socket!.messages.filter((x) => x.type === "score_update");
    expect([scores.at(-1).data.home, scores.at(-1).data.away]).toEqual([106, 103]);
    expect(socket!.messages.filter((x) => x.type === "status_change").map((x) => x.data.to)).toEqual([2, 10]);
    // The webhook: one final whistle, after overtime, with the final score.
    const finished = await waitFor(
      () => receivers.at("/bb").map((r) => r.json),
      (list) => list.length > 0,
      10_000,
    );
    expect(finished.map((b) => [b.type, b.data.match_id, b.data.to, b.data.home, b.data.away])).toEqual([
      ["match.finished", G, 10, 106, 103],
    ]);
  });
});
