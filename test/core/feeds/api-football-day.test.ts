// API-Football against its fake, a whole match day (docs/feeds.md): after every poll the REST reads, the stream and
// the webhooks say what the scripted provider says: goals, a card, a substitution, a goal VAR cancels, a postponed
// match, a shoot-out (its kicks not goals), a corrected scorer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type TestSocket } from "../../helpers/live";
import { getJson, seed } from "../../helpers/seed";
import { createWebhook, fakeReceivers, RECEIVER, waitFor } from "../../helpers/webhooks";
import { EXPECTED_A, EXPECTED_B, EXPECTED_C, STEPS } from "../../fakes/match-day";
import { harness, mapLeagues, track } from "./harness";

const s = await seed(["eng1"]);
const receivers = fakeReceivers();
afterAll(() => receivers.restore());
const h = harness("api-football");
const [A, B, C] = ["m_af_71001", "m_af_71002", "m_af_71003"];
const CUP = "lg_fb_af_cl";

const get = async (path: string) => (await getJson(path, s.key)).body;
/** The timeline as "type minute side"; none yet is `404 no_data`, an empty timeline here. */
async function timeline(id: string) {
  const res = await getJson(`/v1/football/matches/${id}/events`, s.key);
  if (res.status === 404 && res.body.code === "no_data") return [];
  return (res.body.data as any[]).map((e) => `${e.type} ${e.minute} ${e.team}`);
}

beforeAll(async () => {
  // The Premier League feeds the league that exists (it keeps its id); the cup is new, created by its first poll.
  await mapLeagues("api-football", [
    { provider_league: "39", season: "2026", league_id: "lg_fb_eng1" },
    { provider_league: "2", season: "2026", league_id: CUP },
  ]);
  await createWebhook(s.accountId, { url: `${RECEIVER}/feed`, events: ["match.finished", "match.event_removed"] });
});

describe("API-Football: a whole match day", () => {
  let socket: TestSocket;

  it("the first poll creates the new league and the day's fixtures; the league can then be tracked", async () => {
    await h.tick();
    await h.tick();
    const leagues = async () => ((await get("/v1/football/leagues")).data as any[]).filter((l) => l.id === CUP);
    expect(await leagues()).toEqual([]); // not tracked yet: the account does not see it
    await track(s.accountId, ["lg_fb_eng1", CUP]);
    expect(await leagues()).toMatchObject([{ name: "UEFA Champions League", season: "2026/27" }]);
    for (const id of [A, B, C]) expect((await get(`/v1/football/matches/${id}`)).status_code).toBe(1);
    const match = await get(`/v1/football/matches/${A}`);
    expect(match.home_team).toBe("Northbridge FC");
    expect(match.league_id).toBe("lg_fb_eng1");
    expect(h.fake.calls.some((c) => c.startsWith("/fixtures?league=39&season=2026"))).toBe(true);
    socket = (await connect(`/v1/ws/match/${A}?since=0`, { "x-api-key": s.key })).socket!;
    expect(socket).toBeDefined();
  });

  it("after every poll, REST says what the provider says", async () => {
    for (let step = 1; step < STEPS; step++) {
      h.fake.step = step;
      // The last step is a late correction: seen by the follow-up ~30 minutes after full time.
      h.clock.now += step === STEPS - 1 ? 31 * 60_000 : 5 * 60_000 + 1000;
      await h.tick();
      await h.tick(); // follow-ups the first round scheduled (a match that left the live list)
      for (const [id, exp] of [
        [A, EXPECTED_A[step]!],
        [B, EXPECTED_B[step]!],
        [C, EXPECTED_C[step]!],
      ] as const) {
        const m = await get(`/v1/football/matches/${id}`);
        expect({ step, id, status: m.status_code, score: [m.home_score, m.away_score] }).toEqual({
          step,
          id,
          status: exp.status_code,
          score: exp.score,
        });
        if (exp.penalties !== undefined)
          expect([m.home_penalties, m.away_penalties]).toEqual(exp.penalties ?? [null, null]);
        expect({ step, id, events: await timeline(id) }).toEqual({ step, id, events: exp.events });
      }
    }
  });

  it("the corrected scorer is the same event, updated; the finished match has lineups and statistics", async () => {
    const events = (await get(`/v1/football/matches/${A}/events`)).data as any[];
    const first = events.find((e) => e.minute === 12)!;
    expect(first.player).toBe("Ben Ostrander");
    expect(first.player_id).toBe("pl_af_9102");
    const sub = events.find((e) => e.type === "substitution")!;
    expect([sub.player_out, sub.player_in]).toEqual(["Cal Pryce", "Dev Haldane"]);
    const lineups = await get(`/v1/football/matches/${A}/lineups`);
    expect(lineups.home.formation).toBe("4-3-3");
    expect(lineups.home.starters).toHaveLength(11);
    const stats = (await get(`/v1/football/matches/${A}/stats`)).data as any[];
    expect(stats.find((r) => r.name === "Ball possession")).toMatchObject({ home: 54, away: 46 });
    const c = await get(`/v1/football/matches/${C}`);
    expect([c.ht_home_score, c.ht_away_score]).toEqual([1, 0]);
  });

  it("the match stream carried the same story up to full time: its timeline and score equal REST", async () => {
    // The socket closes at full time ("match finished"); the late correction is for REST, webhooks and new streams.
    expect(await socket.closed).toMatchObject({ code: 1000 });
    const all = socket.messages;
    const byType = (t: string) => all.filter((m) => m.type === t);
    const events = new Map<string, any>();
    for (const m of all) {
      if (m.type === "event_added" || m.type === "event_updated") events.set(m.data.id, m.data);
      if (m.type === "event_removed") events.delete(m.data.id);
    }
    const rest = (await get(`/v1/football/matches/${A}/events`)).data as any[];
    expect([...events.values()].map((e) => e.id).sort()).toEqual(rest.map((e) => e.id).sort());
    expect(byType("event_removed")).toHaveLength(1);
    const last = byType("score_update").at(-1)!;
    expect([last.data.home, last.data.away]).toEqual([2, 1]);
    expect(byType("status_change").map((m) => [m.data.from, m.data.to])).toEqual([
      [1, 2],
      [2, 3],
    ]);
    // seq has no gap: nothing was applied twice or lost.
    const seqs = all.filter((m) => typeof m.seq === "number").map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    socket.ws.close();
  });

  it("webhooks told the account's endpoint about the cancelled goal and each final whistle", async () => {
    const got = await waitFor(
      () => receivers.at("/feed").map((r) => r.json),
      (list) => list.filter((b) => b.type === "match.finished").length >= 2,
      10_000,
    );
    const finished = got
      .filter((b) => b.type === "match.finished")
      .map((b) => [b.data.match_id, b.data.to, b.data.home, b.data.away]);
    expect(finished.sort()).toEqual([
      [A, 3, 2, 1],
      [C, 9, 1, 1],
    ]);
    expect(got.filter((b) => b.type === "match.event_removed").map((b) => b.data.match_id)).toEqual([A]);
  });

  it("a poll that finds nothing new applies nothing", async () => {
    h.clock.now += 5 * 60_000;
    const before = (await get(`/v1/football/matches/${A}`)).seq;
    await h.tick();
    expect((await get(`/v1/football/matches/${A}`)).seq).toBe(before);
  });
});
