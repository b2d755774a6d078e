// /v1/replays (docs/replays.md): a finished match played again as a new match of the asking account, through
// ingest, at kickoff + minute × 60 / speed — followed here on its WebSocket opened with since=0; the account's alone;
// refusals as problem+json naming the field or the limit; the plan's limit under concurrent creates; a stop that
// sends nothing after it answers.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { admin, createKey } from "../helpers/admin";
import { connect, ingestOps, type TestSocket } from "../helpers/live";
import { mcpSession } from "../helpers/mcp";
import { eventsOp, liveMatchOp, matchOp, newMatchOp } from "../helpers/ops";
import { getJson, seed, type Seeded } from "../helpers/seed";

const SOURCE = "m_replay_source";
let s: Seeded;
const sockets: TestSocket[] = [];

function post(body: unknown, key = s.key) {
  return exports.default.fetch("http://127.0.0.1:8787/v1/replays", {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}
const del = (id: string, key = s.key) =>
  exports.default.fetch(`http://127.0.0.1:8787/v1/replays/${id}`, { method: "DELETE", headers: { "x-api-key": key } });

/** The 2022 World Cup final's goals, on the seeded teams: minute, added time, period, side, type, scorer. */
const GOALS = [
  [23, null, 12, "home", "penalty_goal", "Lionel Messi"],
  [36, null, 12, "home", "goal", "Ángel Di María"],
  [80, null, 13, "away", "penalty_goal", "Kylian Mbappé"],
  [81, null, 13, "away", "goal", "Kylian Mbappé"],
  [108, null, 15, "home", "goal", "Lionel Messi"],
  [118, null, 15, "away", "penalty_goal", "Kylian Mbappé"],
] as const;

/**
 * Runs a replay's alarm every 50 ms until it ends. The tests' clock (test/helpers/setup.ts) starts at the next 11:00
 * UTC and runs at real speed, so an alarm the scheduler sets is hours away for the runtime: the test runs it instead
 * (a step is sent only once its time on that clock has come; the e2e test, test/e2e/replays.test.ts, has the real one).
 */
function driveAlarms(replayId: string) {
  const stub = env.REPLAY_PLAYER.getByName(replayId);
  let stopped = false;
  const done = (async () => {
    while (!stopped && (await stub.progress())?.status === "playing") {
      await runDurableObjectAlarm(stub);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/** A new account of `plan` tracking the seeded Premier League, and its key. */
async function account(email: string, plan: string) {
  const res = await admin("POST", "/accounts", { email, plan });
  const { id } = (await res.json()) as { id: string };
  await admin("PUT", `/accounts/${id}/tracked-leagues`, { league_ids: ["lg_fb_eng1"] });
  return { id, key: (await createKey(id)).key };
}

beforeAll(async () => {
  s = await seed();
  await ingestOps([liveMatchOp({ id: SOURCE, kickoff_ts: Math.floor(Date.now() / 1000) - 3 * 3600, period: 12 })]);
  await ingestOps([
    eventsOp({
      match_id: SOURCE,
      events: GOALS.map(([minute, added_time, period, team, type, player], i) => ({
        id: `${SOURCE}_g${i + 1}`,
        minute,
        added_time,
        period,
        team,
        type,
        player,
      })),
    }),
    matchOp({
      id: SOURCE,
      status_code: 9,
      home_score: 3,
      away_score: 3,
      ht_home_score: 2,
      ht_away_score: 0,
      home_penalties: 4,
      away_penalties: 2,
    }),
  ]);
  // A finished match without a timeline, and one not finished.
  await ingestOps([
    liveMatchOp({ id: "m_replay_no_timeline", kickoff_ts: Math.floor(Date.now() / 1000) - 3 * 3600 }),
    newMatchOp({ id: "m_replay_scheduled" }),
  ]);
  await ingestOps([matchOp({ id: "m_replay_no_timeline", status_code: 3, home_score: 1, away_score: 0 })]);
});

afterAll(() => {
  for (const t of sockets) t.ws.close();
});

describe("a replay of a finished match at speed 600", () => {
  it("plays the source's events in order over a WebSocket opened with since=0, seq without gaps, ending as the source ended", async () => {
    const created = await post({ match_id: SOURCE, speed: 600 });
    expect(created.status).toBe(201);
    const replay = (await created.json()) as Record<string, any>;
    expect(replay).toMatchObject({ source_match_id: SOURCE, speed: 600, status: "playing" });
    expect(replay.match_id).not.toBe(SOURCE);
    const started = Date.parse(replay.starts_at);

    // Kickoff is sent before the 201: the match is there, live.
    const live = await getJson(`/v1/football/matches/${replay.match_id}`, s.key);
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ status_code: 2, simulated: true });

    const res = await connect(`/v1/ws/match/${replay.match_id}?since=0`, { "x-api-key": s.key });
    expect(res.status).toBe(101);
    const t = res.socket!;
    sockets.push(t);
    const arrival: number[] = [];
    t.ws.addEventListener("message", () => arrival.push(Date.now()));
    const alarms = driveAlarms(replay.id);
    const closed = await Promise.race([t.closed, new Promise((r) => setTimeout(() => r("timeout"), 25_000))]);
    await alarms.stop();
    expect(closed).toMatchObject({ code: 1000 });

    const seqs = t.messages.map((m) => m.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    const goals = t.messages.filter((m) => m.type === "event_added");
    expect(goals.map((m) => [m.data.minute, m.data.team, m.data.type, m.data.player])).toEqual(
      GOALS.map(([minute, , , team, type, player]) => [minute, team, type, player]),
    );
    expect(t.messages.at(-1)).toMatchObject({ type: "status_change", data: { to: 9 } });
    // The last goal (118') no sooner than 118 × 60 / 600 = 11.8 s after kickoff.
    const lastGoal = t.messages.indexOf(goals.at(-1));
    expect(goals.at(-1).ts - started).toBeGreaterThanOrEqual(11_800);
    expect(arrival[t.all.indexOf(t.messages[lastGoal])]! - started).toBeGreaterThanOrEqual(11_800);

    const final = await getJson(`/v1/football/matches/${replay.match_id}`, s.key);
    expect(final.body).toMatchObject({
      status_code: 9,
      home_score: 3,
      away_score: 3,
      home_penalties: 4,
      away_penalties: 2,
      ht_home_score: 2,
      ht_away_score: 0,
    });
    const listed = await getJson("/v1/replays", s.key);
    expect(listed.body.data.find((r: any) => r.id === replay.id)).toMatchObject({ status: "finished" });
    expect(listed.body.data.find((r: any) => r.id === replay.id).ended_at).not.toBeNull();
  }, 40_000);
});

describe("the replay is its account's alone", () => {
  it("another account gets 404 for its match and its replay, and sees it in no list", async () => {
    const created = (await (await post({ match_id: SOURCE, speed: 600 })).json()) as Record<string, any>;
    const other = await account("replay-other@example.com", "growth");
    expect((await getJson(`/v1/football/matches/${created.match_id}`, other.key)).status).toBe(404);
    expect((await getJson(`/v1/football/matches/${created.match_id}/events`, other.key)).status).toBe(404);
    expect((await getJson("/v1/replays", other.key)).body.data).toEqual([]);
    expect((await del(created.id, other.key)).status).toBe(404);
    const today = new Date().toISOString().slice(0, 10);
    const theirs = await getJson(`/v1/football/matches?date=${today}&limit=100`, other.key);
    expect(theirs.body.data.map((m: any) => m.id)).not.toContain(created.match_id);
    const mine = await getJson(`/v1/football/matches?date=${today}&limit=100`, s.key);
    expect(mine.body.data.map((m: any) => m.id)).toContain(created.match_id);
    const ws = await connect(`/v1/ws/match/${created.match_id}?since=0`, { "x-api-key": other.key });
    expect(ws.status).toBe(404);
  });

  it("MCP reads the replay's match for its account, and for no other", async () => {
    const created = (await (await post({ match_id: SOURCE, speed: 600 })).json()) as Record<string, any>;
    const mine = await (await mcpSession({ "x-api-key": s.key })).call("get_match", { match_id: created.match_id });
    expect(mine.isError ?? false).toBe(false);
    expect(JSON.stringify(mine.structuredContent ?? mine.content)).toContain(created.match_id);
    const other = await account("replay-mcp-other@example.com", "growth");
    const theirs = await (
      await mcpSession({ "x-api-key": other.key })
    ).call("get_match", { match_id: created.match_id });
    expect(theirs.isError).toBe(true);
  });
});

describe("the match centre (MCP App) on a replay", () => {
  it("show_match shows the replay's match to its account with a token that streams it; another account's is an error", async () => {
    const replay = (await (await post({ match_id: SOURCE, speed: 600 })).json()) as Record<string, any>;
    const mcp = await mcpSession({ "x-api-key": s.key });
    const shown = await mcp.call("show_match", { match_id: replay.match_id });
    expect(shown.isError ?? false).toBe(false);
    const { match, token, websocket_url } = shown.structuredContent;
    expect(match).toEqual((await getJson(`/v1/football/matches/${replay.match_id}`, s.key)).body);
    expect(match).toMatchObject({ status_code: 2, simulated: true });
    expect(websocket_url).toBe(`ws://127.0.0.1:8787/v1/ws/match/${replay.match_id}`);
    // The app's own path: the token on the match's stream from the seq it was shown, then the replay's first goal.
    const res = await connect(`/v1/ws/match/${replay.match_id}?api_key=${token}&since=${match.seq}`);
    expect(res.status).toBe(101);
    const t = res.socket!;
    const alarms = driveAlarms(replay.id);
    const [first] = await t.next(1, 10_000);
    await alarms.stop();
    // Nothing between the seq it was shown at and the replay's next step, the first goal (23').
    expect(first).toMatchObject({ type: "event_added", seq: match.seq + 1 });
    expect(first.data).toMatchObject({ minute: 23, team: "home", player: "Lionel Messi" });
    expect((await del(replay.id)).status).toBe(204);
    t.ws.close(1000);
    await t.closed;

    const other = await account("replay-app-other@example.com", "growth");
    const theirs = await (
      await mcpSession({ "x-api-key": other.key })
    ).call("show_match", { match_id: replay.match_id });
    expect(theirs.isError).toBe(true);
  }, 30_000);
});

describe("refusals", () => {
  it("speed out of range or not an integer is a 400 naming `speed`; an unknown field names itself", async () => {
    for (const speed of [0, 601, 1.5, "60"]) {
      const r = await post({ match_id: SOURCE, speed });
      expect(r.status, String(speed)).toBe(400);
      expect(r.headers.get("content-type")).toContain("application/problem+json");
      expect(((await r.json()) as any).detail).toContain("`speed`");
    }
    const r = await post({ match_id: SOURCE, sped: 60 });
    expect(((await r.json()) as any).detail).toContain("`sped`");
  });

  it("an unknown match is 404, one not finished 409 not_finished, one without a timeline 422 no_timeline", async () => {
    const unknown = await post({ match_id: "m_nope" });
    expect([unknown.status, ((await unknown.json()) as any).code]).toEqual([404, "not_found"]);
    const scheduled = await post({ match_id: "m_replay_scheduled" });
    expect([scheduled.status, ((await scheduled.json()) as any).code]).toEqual([409, "not_finished"]);
    const bare = await post({ match_id: "m_replay_no_timeline" });
    expect([bare.status, ((await bare.json()) as any).code]).toEqual([422, "no_timeline"]);
  });
});

describe("limits and stopping", () => {
  it("20 concurrent creates on a trial account start one replay; the rest are 429 replay_limit", async () => {
    const trial = await account("replay-trial@example.com", "trial");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post({ match_id: SOURCE, speed: 1 }, trial.key)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 429);
    for (const r of refused) expect(((await r.json()) as any).code).toBe("replay_limit");
    expect(statuses.filter((x) => x !== 201 && x !== 429)).toEqual([]);
    const list = await getJson("/v1/replays", trial.key);
    expect(list.body.data.filter((r: any) => r.status === "playing")).toHaveLength(1);
    // Stopped, its place is free again.
    expect((await del(list.body.data[0].id, trial.key)).status).toBe(204);
    const again = await post({ match_id: SOURCE, speed: 1 }, trial.key);
    expect(again.status).toBe(201);
    await del(((await again.json()) as any).id, trial.key);
  });

  it("DELETE stops a replay: 204, and no message of its match after it answers", async () => {
    const created = (await (await post({ match_id: SOURCE, speed: 600 })).json()) as Record<string, any>;
    const res = await connect(`/v1/ws/match/${created.match_id}?since=0`, { "x-api-key": s.key });
    const t = res.socket!;
    sockets.push(t);
    const alarms = driveAlarms(created.id);
    // The first goal (23') comes at 2.3 s at speed 600; stopped then, the second (36', due at 3.6 s) never comes,
    // though the alarm is still run every 50 ms.
    const firstGoal = async () => {
      for (let i = 0; i < 100 && !t.messages.some((m) => m.type === "event_added"); i++)
        await t.next(t.messages.length + 1, 100);
    };
    await firstGoal();
    expect(t.messages.filter((m) => m.type === "event_added")).toHaveLength(1);
    expect((await del(created.id)).status).toBe(204);
    const seen = t.messages.length;
    await new Promise((r) => setTimeout(r, 2500));
    await alarms.stop();
    expect(t.messages.length).toBe(seen);
    const progress = await env.REPLAY_PLAYER.getByName(created.id).progress();
    expect(progress?.status).toBe("stopped");
    const listed = await getJson("/v1/replays", s.key);
    expect(listed.body.data.find((r: any) => r.id === created.id)).toMatchObject({ status: "stopped" });
    // Stopping again changes nothing.
    expect((await del(created.id)).status).toBe(204);
  });
});

describe("24 h after a replay ends", () => {
  it("the replay, its match and the match room's log are gone", async () => {
    const created = (await (await post({ match_id: SOURCE, speed: 600 })).json()) as Record<string, any>;
    const room = env.MATCH_ROOM.getByName(created.match_id);
    const logged = () =>
      runInDurableObject(room, (_o, state) => state.storage.sql.exec("SELECT count(*) AS n FROM log").one().n);
    // Played up to its first goal (2.3 s at speed 600), whose messages the room logs; then stopped.
    const alarms = driveAlarms(created.id);
    for (let i = 0; i < 100 && (await logged()) === 0; i++) await new Promise((r) => setTimeout(r, 50));
    await alarms.stop();
    expect((await del(created.id)).status).toBe(204);
    expect(await logged()).toBeGreaterThan(0);
    const player = env.REPLAY_PLAYER.getByName(created.id);
    // Not yet: an alarm a minute early keeps everything.
    const now = Date.now();
    vi.setSystemTime(now + 24 * 3600_000 - 60_000);
    await runDurableObjectAlarm(player);
    expect((await getJson(`/v1/football/matches/${created.match_id}`, s.key)).status).toBe(200);
    vi.setSystemTime(now + 24 * 3600_000 + 1000);
    // Read on the moved clock: an isolate's data version is fresh for 0.5 s of it (the clock put back would make
    // the version read a minute ago look newer than now).
    try {
      await runDurableObjectAlarm(player);
      expect((await getJson(`/v1/football/matches/${created.match_id}`, s.key)).status).toBe(404);
      expect((await getJson("/v1/replays", s.key)).body.data.map((r: any) => r.id)).not.toContain(created.id);
      expect(await logged()).toBe(0);
      expect(await player.progress()).toBeUndefined();
    } finally {
      vi.setSystemTime(now);
    }
  });
});
