// A property (docs/feeds.md "Changes only"): whatever the provider does to a match between polls (events added,
// changed, withdrawn; the score corrected), polled at random moments, the service ends where the provider ends (its
// score, its events, never more goals than the score), and a stream client's view equals REST. Random API-Football timelines, the real ingest path. FUZZ_SEED=<n> replays a run.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pollableMappings, pollerFor } from "../../../src/core/feeds/service";
import { connect } from "../../helpers/live";
import { getJson, seed } from "../../helpers/seed";
import { mapLeagues, track } from "./harness";

const s = await seed(["eng1"]);
await mapLeagues("api-football", [{ provider_league: "39", season: "2026", league_id: "lg_fb_eng1" }]);
await track(s.accountId, ["lg_fb_eng1"]);
const SEED = Number(env.FUZZ_SEED || Date.now() % 2 ** 31);
const KICKOFF = Math.floor(Date.now() / 1000) - 1800;

/** `uid`: the event's number in the run (a substitution's people are its own: see `who`). */
type Ev = { kind: "goal" | "card" | "sub"; side: 0 | 1; minute: number; player: number; uid: number };
interface Version {
  events: Ev[];
  /** The provider's score: the goals it lists, plus a correction the provider makes on its own. */
  goals: [number, number];
}

/** A change the provider makes between two versions. */
const change = fc.oneof(
  fc.record({
    op: fc.constant("add" as const),
    kind: fc.constantFrom("goal", "card", "sub"),
    side: fc.constantFrom(0, 1),
    minute: fc.integer({ min: 1, max: 89 }),
    player: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ op: fc.constant("withdraw" as const), at: fc.nat() }),
  fc.record({ op: fc.constant("rename" as const), at: fc.nat(), player: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ op: fc.constant("score" as const), side: fc.constantFrom(0, 1), by: fc.constantFrom(-1, 1) }),
);

type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

function play(changes: Change[]): Version[] {
  const out: Version[] = [];
  let events: Ev[] = [];
  let correction: [number, number] = [0, 0];
  for (const c of changes) {
    if (c.op === "add")
      events = [
        ...events,
        { kind: c.kind as Ev["kind"], side: c.side as 0 | 1, minute: c.minute, player: c.player, uid: out.length },
      ];
    if (c.op === "withdraw" && events.length) events = events.filter((_, i) => i !== c.at % events.length);
    if (c.op === "rename" && events.length)
      events = events.map((e, i) => (i === c.at % events.length ? { ...e, player: c.player } : e));
    if (c.op === "score")
      correction = c.side === 0 ? [correction[0] + c.by, correction[1]] : [correction[0], correction[1] + c.by];
    const count = (side: number) => events.filter((e) => e.kind === "goal" && e.side === side).length;
    out.push({ events, goals: [Math.max(0, count(0) + correction[0]), Math.max(0, count(1) + correction[1])] });
  }
  return out;
}

const name = (side: number, n: number) => `${side ? "Away" : "Home"} Player ${n}`;
function answer(fixture: number, v: Version) {
  // Each run its own pairing: one league season has a pairing once (two fixtures of it are one real match).
  const team = (side: number) => ({
    id: 2 * fixture + side,
    name: `Prop ${side ? "Away" : "Home"} ${fixture}`,
    logo: null,
  });
  const response = [
    {
      fixture: {
        id: fixture,
        referee: null,
        timezone: "UTC",
        date: new Date(KICKOFF * 1000).toISOString(),
        timestamp: KICKOFF,
        venue: { id: null, name: null, city: null },
        status: { long: "Second Half", short: "2H", elapsed: 90, extra: null },
      },
      league: { id: 39, name: "Premier League", country: "England", logo: null, season: 2026, round: "R" },
      teams: { home: { ...team(0), winner: null }, away: { ...team(1), winner: null } },
      goals: { home: v.goals[0], away: v.goals[1] },
      score: {
        halftime: { home: 0, away: 0 },
        fulltime: { home: null, away: null },
        extratime: { home: null, away: null },
        penalty: { home: null, away: null },
      },
      events: v.events.map((e) => ({
        time: { elapsed: e.minute, extra: null },
        team: team(e.side),
        player: { id: e.side * 100 + who(e), name: name(e.side, who(e)) },
        assist:
          e.kind === "sub"
            ? { id: e.side * 100 + 50 + e.uid, name: name(e.side, 50 + e.uid) }
            : { id: null, name: null },
        type: e.kind === "goal" ? "Goal" : e.kind === "card" ? "Card" : "subst",
        detail: e.kind === "goal" ? "Normal Goal" : e.kind === "card" ? "Yellow Card" : "Substitution 1",
        comments: null,
      })),
    },
  ];
  return {
    get: "fixtures",
    parameters: { live: "39" },
    errors: [],
    results: 1,
    paging: { current: 1, total: 1 },
    response,
  };
}

/**
 * Who an event names: a substitution takes off player 10 + its number and brings on 50 + its number, people no other
 * event names (the pitch decides nothing, so the documented order holds: `player` leaves).
 */
const who = (e: Ev) => (e.kind === "sub" ? 10 + e.uid : e.player);

/**
 * The provider's events as REST shows them (type, minute, side and player), except goals past a side's score: the
 * timeline never shows more goals than the score, holding back the latest (docs/feeds.md "Changes only").
 */
const expected = (v: Version) => {
  const kept = [...v.events];
  for (const side of [0, 1]) {
    let surplus = kept.filter((e) => e.kind === "goal" && e.side === side).length - v.goals[side]!;
    for (let i = kept.length - 1; i >= 0 && surplus > 0; i--)
      if (kept[i]!.kind === "goal" && kept[i]!.side === side) (kept.splice(i, 1), surplus--);
  }
  return kept
    .map(
      (e) =>
        `${e.kind === "goal" ? "goal" : e.kind === "card" ? "yellow_card" : "substitution"} ${e.minute} ${e.side ? "away" : "home"} ${e.kind === "sub" ? name(e.side, who(e)) + ">" : name(e.side, e.player)}`,
    )
    .sort();
};
const shown = (e: any) =>
  `${e.type} ${e.minute} ${e.team} ${e.type === "substitution" ? e.player_out + ">" : e.player}`;

let run = 0;
describe("random provider timelines polled at random moments", () => {
  it("end where the provider ends, and a stream client's view equals REST", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(change, { minLength: 1, maxLength: 14 }),
        fc.array(fc.boolean(), { minLength: 14, maxLength: 14 }),
        async (changes, polls) => {
          const fixture = 700_000 + run++;
          const id = `m_af_${fixture}`;
          // The match as the day's fixtures show it before kickoff (0–0, no events), then the provider's changes.
          const versions: Version[] = [{ events: [], goals: [0, 0] }, ...play(changes)];
          let current = versions[0]!;
          const store = new Map<string, unknown>();
          let now = KICKOFF * 1000 + 60_000;
          // The poller follows the match from the day's fixtures (the first answer), then polls it live.
          store.set("followed", { [id]: { league: "lg_fb_eng1", kickoff: KICKOFF, status: 2, followups: [] } });
          store.set("fixtures_at:lg_fb_eng1:39:2026", now + 86_400_000);
          const poller = pollerFor(env, "api-football", {
            now: () => now,
            fetch: async () => new Response(JSON.stringify(answer(fixture, current))),
            store: {
              get: (k) => structuredClone(store.get(k)) as never,
              put: (k, v) => void store.set(k, structuredClone(v)),
            },
            mappings: () => pollableMappings(env, "api-football"),
            quota: { perDay: 100_000, perMinute: 10_000 },
          });
          await poller.tick();
          const { socket } = await connect(`/v1/ws/match/${id}?since=0`, { "x-api-key": s.key });
          for (let i = 1; i < versions.length; i++) {
            current = versions[i]!;
            if (!polls[i] && i < versions.length - 1) continue;
            now += 20_000;
            await poller.tick();
          }
          const final = versions.at(-1)!;
          const m = (await getJson(`/v1/football/matches/${id}`, s.key)).body;
          expect([m.home_score, m.away_score]).toEqual(final.goals);
          const res = await getJson(`/v1/football/matches/${id}/events`, s.key);
          const rest = res.status === 404 ? [] : (res.body.data as any[]);
          expect(rest.map(shown).sort()).toEqual(expected(final));
          // The stream, replayed from seq 0 (the match's whole life), then every change: REST's timeline and score.
          await new Promise((r) => setTimeout(r, 50));
          expect(socket!.states).toEqual([]);
          const view = new Map<string, any>();
          let score = [0, 0];
          for (const msg of socket!.messages) {
            if (msg.type === "event_added" || msg.type === "event_updated") view.set(msg.data.id, msg.data);
            if (msg.type === "event_removed") view.delete(msg.data.id);
            if (msg.type === "score_update") score = [msg.data.home, msg.data.away];
          }
          expect([...view.values()].map(shown).sort()).toEqual(rest.map(shown).sort());
          expect(score).toEqual(final.goals);
          socket!.ws.close();
        },
      ),
      { numRuns: 25, seed: SEED, endOnFailure: true },
    );
  });
});
