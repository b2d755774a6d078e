// Corrections through the ingest path (docs/operations.md "Ingest", docs/live-streams.md "Messages"): a goal VAR
// disallows is `remove_events` plus the match op with the score put back (and the box score without the goal). The
// match stream, REST (timeline, box score, leaders, table) and webhooks all follow, also for a finished match.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, ingestOps, ingestRaw } from "../../helpers/live";
import {
  eventOp,
  eventsOp,
  leagueOp,
  liveMatchOp,
  matchOp,
  newMatchOp,
  playerLinesOp,
  playerOp,
  removeEventsOp,
  teamOp,
} from "../../helpers/ops";
import { getJson, seed } from "../../helpers/seed";
import { openSse } from "../../helpers/sse";
import { createWebhook, fakeReceivers, RECEIVER, waitFor } from "../../helpers/webhooks";

const s = await seed(["acb"]);
const LEAGUE = "lg_fb_var";
const receivers = fakeReceivers();
afterAll(() => receivers.restore());

beforeAll(async () => {
  // A league of its own, so the table and the leaders hold only what this file plays.
  await ingestOps([
    leagueOp({ id: LEAGUE, name: "VAR League" }),
    teamOp({ id: "tm_var_h", name: "Home Rovers" }),
    teamOp({ id: "tm_var_a", name: "Away Albion" }),
    playerOp({ id: "pl_var_h", team_id: "tm_var_h", name: "Hugo Header" }),
    playerOp({ id: "pl_var_a", team_id: "tm_var_a", name: "Alan Away" }),
  ]);
  await env.DB.prepare("INSERT INTO tracked_leagues (account_id, league_id) VALUES (?, ?)")
    .bind(s.accountId, LEAGUE)
    .run();
  await createWebhook(s.accountId, { url: `${RECEIVER}/corrections` });
});

const get = async (path: string) => (await getJson(path, s.key)).body;
const live = (id: string) =>
  liveMatchOp({ id, league_id: LEAGUE, home_team_id: "tm_var_h", away_team_id: "tm_var_a", period: 13, minute: 60 });
const score = (id: string, home: number, over: Record<string, unknown> = {}) =>
  matchOp({ id, league_id: LEAGUE, home_score: home, away_score: 0, ...over });
const goal = (matchId: string, id: string, over: Record<string, unknown> = {}) =>
  eventsOp({
    match_id: matchId,
    events: [
      eventOp({ id, minute: 61, period: 13, team: "home", player: "Hugo Header", player_id: "pl_var_h", ...over }),
    ],
  });
/** The box score, the home striker with `goals`. */
const box = (matchId: string, goals: number) =>
  playerLinesOp({
    match_id: matchId,
    home: [{ player_id: "pl_var_h", minutes: 61, goals, shots: 1, started: true }],
    away: [{ player_id: "pl_var_a", minutes: 61, started: true }],
  });
const hooks = (type: string, matchId: string) =>
  receivers.at("/corrections").filter((r) => r.json.type === type && r.json.data.match_id === matchId);

describe("a goal disallowed in a live match", () => {
  const id = "m_var_live";

  it("streams event_updated, then event_removed and score_update; REST, box score and webhooks follow", async () => {
    await ingestOps([live(id)]);
    await ingestOps([goal(id, "ev_var_g1"), score(id, 1, { minute: 61 }), box(id, 1)]);
    const { socket } = await connect(`/v1/ws/match/${id}?since=0`, { "x-api-key": s.key });
    const replayed = await socket!.next(2);
    expect(replayed.map((f) => f.type)).toEqual(["event_added", "score_update"]);
    // The same corrections reach an event stream of the match and the live WebSocket (after its state messages).
    const sse = (await openSse(`/v1/sse/match/${id}?since=${replayed[1].seq}`, { "x-api-key": s.key })).stream!;
    const { socket: hub } = await connect(`/v1/ws/live`, { "x-api-key": s.key });
    await waitFor(
      () => hub!.states,
      (states) => states.some((m) => m.match_id === id),
    );

    // A corrected scorer detail: the same event, changed.
    await ingestOps([goal(id, "ev_var_g1", { detail: "Header" })]);
    // VAR: the goal is withdrawn, the score and the box score put back, in one batch.
    await ingestOps([
      removeEventsOp({ match_id: id, event_ids: ["ev_var_g1"] }),
      score(id, 0, { minute: 62 }),
      box(id, 0),
    ]);
    const frames = (await socket!.next(5)).slice(2);
    expect(frames.map((f) => f.type)).toEqual(["event_updated", "event_removed", "score_update"]);
    const [updated, removed, corrected] = frames;
    expect(updated.data).toMatchObject({
      id: "ev_var_g1",
      seq: 1,
      type: "goal",
      detail: "Header",
      player_id: "pl_var_h",
    });
    expect(removed).toMatchObject({ match_id: id, sport: "football", data: { id: "ev_var_g1" } });
    expect(corrected.data).toMatchObject({ home: 0, away: 0, minute: 62 });
    expect(frames.map((f) => f.seq)).toEqual([replayed[1].seq + 1, replayed[1].seq + 2, replayed[1].seq + 3]);
    const events = await sse.next(3);
    expect(events.map((e) => [e.id, e.event])).toEqual(frames.map((f) => [String(f.seq), f.type]));
    expect(events.map((e) => e.json)).toEqual(frames);
    const onLive = () => hub!.messages.filter((f) => f.match_id === id);
    await waitFor(onLive, (r) => r.length === 3);
    expect(await onLive()).toEqual(frames);
    await sse.cancel();
    hub!.ws.close();

    expect((await get(`/v1/football/matches/${id}/events`)).data.map((e: any) => e.id)).not.toContain("ev_var_g1");
    expect(await get(`/v1/football/matches/${id}`)).toMatchObject({ home_score: 0, away_score: 0 });
    expect((await get(`/v1/football/matches/${id}/players`)).home[0]).toMatchObject({
      player_id: "pl_var_h",
      goals: 0,
    });
    // The removal happened once: sending it again changes nothing and pushes nothing.
    expect(await ingestOps([removeEventsOp({ match_id: id, event_ids: ["ev_var_g1"] })])).toEqual({
      applied: 0,
      unchanged: 1,
    });

    await waitFor(
      () => hooks("match.event_removed", id),
      (r) => r.length > 0,
    );
    await waitFor(
      () => hooks("match.event_updated", id),
      (r) => r.length > 0,
    );
    expect(hooks("match.event_updated", id).map((r) => r.json.data)).toEqual([
      expect.objectContaining({ match_id: id, league_id: LEAGUE, seq: updated.seq, id: "ev_var_g1", event_seq: 1 }),
    ]);
    expect(hooks("match.event_removed", id).map((r) => r.json.data)).toEqual([
      { match_id: id, sport: "football", league_id: LEAGUE, seq: removed.seq, simulated: false, id: "ev_var_g1" },
    ]);
    await new Promise((r) => setTimeout(r, 200));
    expect(socket!.messages).toHaveLength(5);
    socket!.ws.close();
  });

  it("a bad batch applies nothing: an id of another match's event is a 400 naming ops.<i>.event_ids.<j>", async () => {
    await ingestOps([live("m_var_other"), goal("m_var_other", "ev_var_other")]);
    await ingestOps([goal(id, "ev_var_g2", { minute: 70 }), score(id, 1, { minute: 70 })]);
    const res = await ingestRaw({
      ops: [score(id, 0, { minute: 71 }), removeEventsOp({ match_id: id, event_ids: ["ev_var_g2", "ev_var_other"] })],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).detail).toBe(
      "invalid `ops.1.event_ids.1`: event ev_var_other belongs to match m_var_other",
    );
    expect((await get(`/v1/football/matches/${id}/events`)).data.map((e: any) => e.id)).toContain("ev_var_g2");
    expect((await get(`/v1/football/matches/m_var_other/events`)).data.map((e: any) => e.id)).toEqual(["ev_var_other"]);
    expect(await get(`/v1/football/matches/${id}`)).toMatchObject({ home_score: 1, minute: 70 });

    const tooMany = await ingestRaw({
      ops: [removeEventsOp({ match_id: id, event_ids: Array.from({ length: 201 }, (_, i) => `ev_${i}`) })],
    });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as any).detail).toContain("ops.0.event_ids");
  });
});

describe("a goal disallowed after the final whistle of a league match", () => {
  const id = "m_var_final";
  const row = (t: any, team: string) => t.standings.find((r: any) => r.team_id === team);
  const leaders = async () => (await get(`/v1/football/leagues/${LEAGUE}/leaders?stat=goals`)).data;

  /** An RFC 3339 time `h` hours ago, to order the final whistles. */
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString().replace(/\.\d+Z$/, "Z");

  it("recomputes the table (standings.updated), the scorer's season stats and leaders, and the timeline", async () => {
    await ingestOps([live(id)]);
    await ingestOps([goal(id, "ev_var_f1"), score(id, 1, { minute: 61 }), box(id, 1)]);
    await ingestOps([matchOp({ id, league_id: LEAGUE, status_code: 3, finished_at: hoursAgo(2) })]);
    const won = await get(`/v1/football/leagues/${LEAGUE}/standings`);
    expect(row(won, "tm_var_h")).toMatchObject({ played: 1, won: 1, points: 3 });
    expect(row(won, "tm_var_a")).toMatchObject({ played: 1, lost: 1, points: 0 });
    expect(await leaders()).toEqual([expect.objectContaining({ player_id: "pl_var_h", value: 1, matches: 1 })]);
    // A later match between the two, 0–0, and one to come: their tables at kickoff include the corrected result.
    await ingestOps([
      live("m_var_later"),
      matchOp({ id: "m_var_later", league_id: LEAGUE, status_code: 3, finished_at: hoursAgo(1) }),
      newMatchOp({ id: "m_var_next", league_id: LEAGUE, home_team_id: "tm_var_h", away_team_id: "tm_var_a" }),
    ]);

    await ingestOps([
      removeEventsOp({ match_id: id, event_ids: ["ev_var_f1"] }),
      matchOp({ id, league_id: LEAGUE, status_code: 3, home_score: 0, away_score: 0 }),
      box(id, 0),
    ]);
    const drawn = await get(`/v1/football/leagues/${LEAGUE}/standings`);
    expect(row(drawn, "tm_var_h")).toMatchObject({ played: 2, won: 0, drawn: 2, points: 2 });
    expect(row(drawn, "tm_var_a")).toMatchObject({ played: 2, drawn: 2, lost: 0, points: 2 });
    // The snapshots after the corrected match are rewritten: its own, the later match's (the next one's table at kickoff).
    const snapshot = async (match: string) =>
      JSON.parse(
        String(
          (await env.DB.prepare("SELECT rows FROM standings_snapshots WHERE match_id = ?").bind(match).first())!.rows,
        ),
      );
    expect(row({ standings: await snapshot(id) }, "tm_var_h")).toMatchObject({ played: 1, drawn: 1, points: 1 });
    expect(row({ standings: await snapshot("m_var_later") }, "tm_var_h")).toMatchObject({ played: 2, points: 2 });
    const atKickoff = await get(`/v1/football/matches/m_var_next/standings`);
    expect(row(atKickoff, "tm_var_h")).toMatchObject({ played: 2, drawn: 2, points: 2 });
    expect(await leaders()).toEqual([]);
    const stats = await env.DB.prepare(
      "SELECT goals, matches FROM player_season_stats WHERE player_id = ? AND league_id = ?",
    )
      .bind("pl_var_h", LEAGUE)
      .first();
    expect(stats).toEqual({ goals: 0, matches: 1 });
    expect((await get(`/v1/football/matches/${id}/events`)).data.map((e: any) => e.type)).not.toContain("goal");
    expect(await get(`/v1/football/matches/${id}`)).toMatchObject({ status_code: 3, home_score: 0, away_score: 0 });

    // The match's log: the final whistle, then the correction's two messages (a finished match's stream replays, then
    // closes with 1000).
    const { socket } = await connect(`/v1/ws/match/${id}?since=0`, { "x-api-key": s.key });
    await socket!.closed;
    const tail = socket!.messages.slice(-3);
    expect(tail.map((f) => f.type)).toEqual(["status_change", "event_removed", "score_update"]);
    const correction = tail[2];

    const tables = await waitFor(
      () => hooks("standings.updated", id),
      (r) => r.length >= 2,
    );
    expect(tables).toHaveLength(2);
    const last = tables.find((r) => r.json.data.seq === correction.seq)!.json.data;
    expect(last).toMatchObject({ match_id: id, league_id: LEAGUE, season: "2026/27" });
    expect(row(last, "tm_var_h")).toMatchObject({ played: 2, drawn: 2, points: 2 });
    await waitFor(
      () => hooks("match.event_removed", id),
      (r) => r.length > 0,
    );
    expect(hooks("match.event_removed", id).map((r) => r.json.data.seq)).toEqual([tail[1].seq]);
  });
});
