// P18: a replay's message → the last of SOCKETS sockets (issue 51). A finished match whose home side scored ROUNDS
// bursts of UPDATES goals (one a minute, GAP minutes between bursts, from minute LEAD on) is replayed at speed 60
// (POST /v1/replays: one match minute a second); SOCKETS WebSockets of the account open on the replay's match before
// its first goal, and each goal's `score_update` is timed from when the replay's plan has it due (starts_at + minute
// × 60 / speed: the ReplayPlayer's alarm, its ingest, the room and the relays are all inside the figure) to its
// delivery on each socket. Against P4's path on the same Worker (POST /internal/ingest → last socket) carrying the
// same update, a goal: its event and the score in one batch, so two frames per socket on both sides (`event_added`,
// then the timed `score_update`), and at the same cadence, one a second (P4's back to back read faster than either
// after an idle second). A round is one burst and one round of P4's path, taken in turns in the gaps between bursts;
// both sides' sockets stay open throughout, as P4's do.
import { clock, measure, openAll, workerSide } from "./fanout.mjs";
import { benchKeys, pct, pinAll, sleep, startHarness } from "./lib.mjs";

const SOCKETS = Number(process.env.SOCKETS ?? 1000);
/**
 * Five rounds, not P4's three: each side's figure is a round's slowest update. The last goal's minute must stay within
 * ingest's 200 (7 rounds would not).
 */
const ROUNDS = Number(process.env.P18_ROUNDS ?? process.env.ROUNDS ?? 5);
const UPDATES = Number(process.env.UPDATES ?? 10);
const PER_KEY = 100;
const SPEED = 60;
/**
 * The first goal's minute (= seconds after the replay's kickoff at speed 60): time to open the sockets, which took
 * 9–11 s for 1,000 here (50 at a time, each checked at the gate); 25 s for 1,000.
 */
const LEAD = Math.ceil(5 + SOCKETS * 0.02);
/** Minutes (seconds) between two bursts: two rounds of P4's path fit in it (10 s each at one update a second). */
const GAP = 25;
const SOURCE = "m_bench_replay_source";
/** Goal `n`'s minute (n from 1): its burst's start, then one a minute. */
const minuteOf = (n) => LEAD + Math.floor((n - 1) / UPDATES) * (UPDATES + GAP) + ((n - 1) % UPDATES);

/**
 * The source: a finished match of ROUNDS × UPDATES home goals at minuteOf(n). All in period 12, however late: a
 * period's start would be a step of the replay between bursts, a fan-out of its own while P4's path is measured.
 */
async function seedSource(w) {
  const goals = ROUNDS * UPDATES;
  const match = (extra) => ({ op: "match", id: SOURCE, sport: "football", league_id: "lg_fb_eng1", ...extra });
  const live = await w.ingest([
    match({
      home_team_id: "tm_fb_arsenal",
      away_team_id: "tm_fb_fulham",
      kickoff_ts: Math.floor(Date.now() / 1000) - 3 * 3600,
      status_code: 2,
      period: 12,
      minute: 1,
    }),
  ]);
  if (!live.ok) throw new Error(`P18 source: ingest ${live.status} ${await live.text()}`);
  const finished = await w.ingest([
    {
      op: "events",
      match_id: SOURCE,
      events: Array.from({ length: goals }, (_, k) => ({
        id: `${SOURCE}_g${k + 1}`,
        type: "goal",
        minute: minuteOf(k + 1),
        added_time: null,
        period: 12,
        team: "home",
        player: `Scorer ${k + 1}`,
      })),
    },
    match({
      status_code: 3,
      period: null,
      minute: null,
      home_score: goals,
      away_score: 0,
      ht_home_score: goals,
      ht_away_score: 0,
    }),
  ]);
  if (!finished.ok) throw new Error(`P18 source: ingest ${finished.status} ${await finished.text()}`);
}

/** The replay and SOCKETS sockets of the account on its match; `run(k)` times burst k (from 0); `stop()`. */
async function replaySide(w) {
  const keys = await benchKeys(w, Math.ceil(SOCKETS / PER_KEY));
  const created = await fetch(`${w.base}/v1/replays`, {
    method: "POST",
    headers: { "x-api-key": keys[0], "content-type": "application/json" },
    body: JSON.stringify({ match_id: SOURCE, speed: SPEED }),
  });
  if (created.status !== 201) throw new Error(`P18: POST /v1/replays ${created.status} ${await created.text()}`);
  const replay = await created.json();
  const kickoff = Date.parse(replay.starts_at);
  // The plan's time of goal `n` (the home score it leaves): kickoff + minute × 60,000 / speed ms.
  const due = (n) => kickoff + Math.round((minuteOf(n) * 60_000) / SPEED);
  const clients = await openAll(
    Array.from(
      { length: SOCKETS },
      (_, i) => `${w.ws}/v1/ws/match/${replay.match_id}?api_key=${keys[Math.floor(i / PER_KEY)]}`,
    ),
  );
  return {
    run: (k) =>
      measure(
        clients,
        async (n) => {
          // Armed before the goal is due, or the round would time a frame it may have missed.
          if (clock() >= due(n)) throw new Error(`P18: goal ${n} was due before its sockets were armed (LEAD, GAP)`);
          await sleep(Math.max(0, due(n) - clock() - 5));
          return { origin: due(n) };
        },
        k * UPDATES + 1,
      ),
    stop: async () => {
      clients.close();
      const res = await fetch(`${w.base}/v1/replays/${replay.id}`, {
        method: "DELETE",
        headers: { "x-api-key": keys[0] },
      });
      await res.arrayBuffer();
    },
  };
}

export async function p18() {
  const w = await startHarness({ scale: "demo" });
  let ingestSide = null;
  let replay = null;
  try {
    pinAll();
    await seedSource(w);
    ingestSide = await workerSide(w, SOCKETS, "ws", { goal: true, paceMs: 60_000 / SPEED });
    replay = await replaySide(w);
    const rounds = { replay: [], ingest: [] };
    // A round of P4's path that ran into a burst shows as that burst's goal due before it was armed.
    const ingestRound = async (k) => rounds.ingest.push(await ingestSide.run(k * UPDATES + 1));
    for (let k = 0; k < ROUNDS; k++) {
      // Turns: P4's path before the burst in even rounds, after it in odd ones.
      if (k % 2 === 0) await ingestRound(k);
      rounds.replay.push(await replay.run(k));
      if (k % 2 === 1) await ingestRound(k);
    }
    const ratios = rounds.replay.map((r, i) => r.lastP99 / rounds.ingest[i].lastP99);
    return { sockets: SOCKETS, speed: SPEED, rounds, ratios, pct };
  } finally {
    ingestSide?.close();
    await replay?.stop();
    await w.stop();
  }
}
