// football-data.org against its fake, the same match day: no period in the answers (inferred), no minute on this plan,
// goals only in the single-match resource (fetched at full time), VAR seen only as the score going back, and
// `fullTime` counting the shoot-out's goals (the score is regularTime + extraTime).
import { afterAll, describe, expect, it } from "vitest";
import { connect, type TestSocket } from "../../helpers/live";
import { getJson, seed } from "../../helpers/seed";
import { createWebhook, fakeReceivers, RECEIVER, waitFor } from "../../helpers/webhooks";
import { EXPECTED_A, EXPECTED_B, EXPECTED_C, STEPS } from "../../fakes/match-day";
import { harness, mapLeagues, track } from "./harness";

const s = await seed(["eng1", "ucl"]);
const h = harness("football-data");
const receivers = fakeReceivers();
afterAll(() => receivers.restore());
await createWebhook(s.accountId, { url: `${RECEIVER}/fd`, events: ["match.status_changed", "match.score_updated"] });
let socket: TestSocket;
const [A, B, C] = ["m_fd_71001", "m_fd_71002", "m_fd_71003"];
const get = async (path: string) => (await getJson(path, s.key)).body;
/** Periods while live, inferred from halfTime, duration and status (docs/feeds.md). */
const PERIODS = [null, 12, 12, 12, 12, 38, 13, 13, null, null];
const C_PERIODS = [null, 12, 12, 38, 13, 13, 14, 16, null, null];

describe("football-data.org: a whole match day", () => {
  // The stream and the webhooks of the cup tie (C): live at kickoff, the goals, the VAR-free 1–1, then the shoot-out.
  it("maps competitions by code onto leagues that exist", async () => {
    await mapLeagues("football-data", [
      { provider_league: "PL", season: "2026", league_id: "lg_fb_eng1" },
      { provider_league: "CL", season: "2026", league_id: "lg_fb_ucl" },
    ]);
    await track(s.accountId, ["lg_fb_eng1", "lg_fb_ucl"]);
    await h.tick();
    await h.tick();
    expect(h.poller.status().errors).toEqual([]);
    expect(h.fake.calls).toContain("/v4/competitions/PL/matches?season=2026");
    for (const id of [A, B, C]) expect((await get(`/v1/football/matches/${id}`)).status_code).toBe(1);
    socket = (await connect(`/v1/ws/match/${C}?since=0`, { "x-api-key": s.key })).socket!;
  });

  it("after every poll, the status, period and score are the provider's", async () => {
    for (let step = 1; step < STEPS; step++) {
      h.fake.step = step;
      h.clock.now += step === STEPS - 1 ? 31 * 60_000 : 5 * 60_000 + 1000;
      await h.tick();
      await h.tick();
      for (const [id, exp, periods] of [
        [A, EXPECTED_A[step]!, PERIODS],
        [B, EXPECTED_B[step]!, PERIODS.map(() => null)],
        [C, EXPECTED_C[step]!, C_PERIODS],
      ] as const) {
        const m = await get(`/v1/football/matches/${id}`);
        const period = m.status_code === 2 ? periods[step] : null;
        expect({ step, id, status: m.status_code, score: [m.home_score, m.away_score], period: m.period }).toEqual({
          step,
          id,
          status: exp.status_code,
          score: exp.score,
          period,
        });
      }
    }
  });

  it("at full time the single-match resource brings the goals, cards and substitutions; the cancelled goal is not there", async () => {
    const events = ((await get(`/v1/football/matches/${A}/events`)).data as any[]).map(
      (e) => `${e.type} ${e.minute} ${e.team}`,
    );
    expect(events).toEqual(EXPECTED_A.at(-1)!.events.filter((e) => !e.startsWith("var")));
    const c = await get(`/v1/football/matches/${C}`);
    // fullTime said 5–4 (the shoot-out's goals in it); the result before the shoot-out is 1–1, the shoot-out 4–3.
    expect([c.home_score, c.away_score, c.home_penalties, c.away_penalties, c.status_code]).toEqual([1, 1, 4, 3, 9]);
    expect((await get(`/v1/football/matches/${A}`)).referee).toBe("Pat Whistler");
  });

  it("the match stream and the webhooks told the same story as REST", async () => {
    await socket.closed; // the final whistle
    const scores = socket.messages.filter((m) => m.type === "score_update").map((m) => [m.data.home, m.data.away]);
    expect(scores.at(-1)).toEqual([1, 1]);
    expect(socket.messages.filter((m) => m.type === "status_change").map((m) => [m.data.from, m.data.to])).toEqual([
      [1, 2],
      [2, 9],
    ]);
    const hooks = await waitFor(
      () =>
        receivers
          .at("/fd")
          .map((r) => r.json)
          .filter((b) => b.data.match_id === C),
      (list) => list.some((b) => b.type === "match.status_changed" && b.data.to === 9),
      10_000,
    );
    expect(hooks.filter((b) => b.type === "match.status_changed").map((b) => b.data.to)).toEqual([2, 9]);
    const last = hooks.filter((b) => b.type === "match.score_updated").at(-1);
    expect([last.data.home, last.data.away]).toEqual([1, 1]);
  });
});
