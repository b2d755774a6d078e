import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MAX_OPS } from "../../../src/core/ingest/ops";
import { ingestOps, ingestRaw } from "../../helpers/live";
import { eventOp, eventsOp, leagueOp, lineupsOp, matchOp, newMatchOp, statsOp, teamOp } from "../../helpers/ops";
import { getJson, seed, today, type Seeded } from "../../helpers/seed";

// Module scope: the table-driven cases below are built from the seeded match.
const s: Seeded = await seed(["eng1", "euroleague"]);
const live = (await getJson("/v1/football/matches?status=live&league_id=lg_fb_eng1&limit=1", s.key)).body.data[0];

const row = (id: string) => env.DB.prepare("SELECT * FROM matches WHERE id = ?").bind(id).first<any>();
const counts = () =>
  env.DB.prepare(
    "SELECT (SELECT count(*) FROM matches) m, (SELECT count(*) FROM match_events) e, (SELECT count(*) FROM leagues) l, (SELECT count(*) FROM teams) t, (SELECT group_concat(updated_at) FROM matches WHERE status_code = 2) u",
  ).first();

async function problem(body: unknown) {
  const res = await ingestRaw(body);
  return { status: res.status, body: (await res.json()) as any };
}

describe("POST /internal/ingest: auth", () => {
  it("needs the ingest token (not the admin token, not an API key)", async () => {
    for (const token of ["", "nope", env.ADMIN_TOKEN, s.key]) {
      const res = await ingestRaw({ ops: [] }, token);
      expect(res.status).toBe(401);
    }
  });
});

describe("validation: a bad op anywhere rejects the whole request, naming the op and field", () => {
  const valid = () => matchOp({ id: live.id, home_score: 9 });
  const cases: [string, unknown, string][] = [
    ["unknown op type", { op: "delete", id: "x" }, "ops.1"],
    ["league without name", leagueOp({ id: "lg_x", country: "X", name: undefined }), "ops.1.name"],
    ["league with bad season", leagueOp({ id: "lg_x", country: "X", name: "X", season: "26" }), "ops.1.season"],
    ["team with a bad sport", teamOp({ id: "tm_x", sport: "hockey", name: "X", country: "X" }), "ops.1.sport"],
    ["match with a negative score", { ...valid(), home_score: -1 }, "ops.1.home_score"],
    ["match with a bad id", { ...valid(), id: "a b" }, "ops.1.id"],
    [
      "events with a bad team",
      eventsOp({
        match_id: live.id,
        events: [
          eventOp({
            id: "e1",
            minute: 1,
            added_time: null,
            period: 12,
            team: "both",
            player: null,
            player_in: null,
            player_out: null,
            detail: null,
          }),
        ],
      }),
      "ops.1.events.0.team",
    ],
    [
      "stats with a string value",
      statsOp({ match_id: live.id, data: [{ section: "S", name: "Shots", home: "3", away: 1 }] }),
      "ops.1.data.0.home",
    ],
    [
      "lineups without starters",
      lineupsOp({
        match_id: live.id,
        home: { formation: null, substitutes: [], coach: null },
        away: { formation: null, starters: [], substitutes: [], coach: null },
      }),
      "ops.1.home.starters",
    ],
    [
      "unknown league",
      newMatchOp({ id: "m_new", league_id: "lg_nope", home_team_id: "a", away_team_id: "b", kickoff_ts: 1 }),
      "ops.1.league_id",
    ],
    ["unknown match for events", statsOp({ match_id: "m_nope", data: [] }), "ops.1.match_id"],
    ["unknown team", newMatchOp({ id: "m_new", away_team_id: "tm_nope", kickoff_ts: 1 }), "ops.1.away_team_id"],
    ["new match without kickoff", newMatchOp({ id: "m_new", kickoff_ts: undefined }), "ops.1.kickoff_ts"],
    [
      "basketball team in a football match",
      newMatchOp({ id: "m_new", away_team_id: "tm_bb_olympiacos", kickoff_ts: 1 }),
      "ops.1.away_team_id",
    ],
    [
      "league of the other sport",
      matchOp({ id: live.id, sport: "basketball", league_id: "lg_fb_eng1" }),
      "ops.1.sport",
    ],
  ];
  it.each(cases)("%s → 400 naming it, nothing applied", async (_, bad, pointer) => {
    const before = await counts();
    const scoreBefore = (await row(live.id)).home_score;
    const { status, body } = await problem({ ops: [valid(), bad] });
    expect(status).toBe(400);
    expect(body.code).toBe("invalid_request");
    expect(body.detail).toContain(pointer);
    expect(await counts()).toEqual(before);
    expect((await row(live.id)).home_score).toBe(scoreBefore);
  });

  it("status transitions outside the contract's table are refused", async () => {
    const finished = (await getJson("/v1/football/matches?status=finished&league_id=lg_fb_eng1&limit=1", s.key)).body
      .data[0];
    const scheduled = (await getJson("/v1/football/matches?status=scheduled&league_id=lg_fb_eng1&limit=1", s.key)).body
      .data[0];
    for (const [m, to] of [
      [finished, 2],
      [finished, 1],
      [scheduled, 3],
      [live, 1],
      [live, 4],
    ] as const) {
      const { status, body } = await problem({
        ops: [matchOp({ id: m.id, league_id: m.league_id, status_code: to })],
      });
      expect(status, `${m.status_code} → ${to}`).toBe(400);
      expect(body.detail).toContain("ops.0.status_code");
    }
  });

  it("an oversized batch or body is refused", async () => {
    const op = statsOp({ match_id: live.id, data: [] });
    const tooMany = await problem({ ops: Array.from({ length: MAX_OPS + 1 }, () => op) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toContain("`ops`");
    const huge = await ingestRaw(JSON.stringify({ ops: [op], pad: "x".repeat(1024 * 1024 + 10) }));
    expect(huge.status).toBe(413);
    expect((await problem("{not json")).status).toBe(400);
    expect((await problem({ ops: [] })).status).toBe(400);
  });
});

describe("applying ops", () => {
  it("creates a league, teams and a match in one request; the match is listed and counted", async () => {
    const totalBefore = (await getJson(`/v1/football/matches?date=${today()}&limit=1`, s.key)).body.total;
    const kickoff = Math.floor(Date.now() / 1000 / 86400) * 86400 + 23 * 3600;
    const res = await ingestOps([
      teamOp({ id: "tm_fb_new_a", name: "New A" }),
      teamOp({ id: "tm_fb_new_b", name: "New B" }),
      newMatchOp({ id: "m_new_1", home_team_id: "tm_fb_new_a", away_team_id: "tm_fb_new_b", kickoff_ts: kickoff }),
    ]);
    expect(res).toEqual({ applied: 3, unchanged: 0 });
    const m = await getJson("/v1/football/matches/m_new_1", s.key);
    expect(m.body).toMatchObject({
      home_team: "New A",
      away_team: "New B",
      status_code: 1,
      season: live.season,
      home_score: 0,
    });
    expect((await getJson(`/v1/football/matches?date=${today()}&limit=1`, s.key)).body.total).toBe(totalBefore + 1);
  });

  it("is idempotent: the same batch twice changes nothing the second time, no duplicate event", async () => {
    const ops = [
      matchOp({ id: live.id, home_score: live.home_score + 1, minute: 70 }),
      eventsOp({
        match_id: live.id,
        events: [
          eventOp({
            id: `${live.id}_idem`,
            minute: 70,
            added_time: null,
            period: 13,
            player: "A. Striker",
            player_in: null,
            player_out: null,
            detail: null,
          }),
        ],
      }),
      statsOp({ match_id: live.id, data: [{ section: "Summary", name: "Shots", home: 9, away: 4 }] }),
    ];
    const first = await ingestOps(ops);
    expect(first).toEqual({ applied: 3, unchanged: 0 });
    const after = await row(live.id);
    const events = (await getJson(`/v1/football/matches/${live.id}/events`, s.key)).body.data;
    const second = await ingestOps(ops);
    expect(second).toEqual({ applied: 0, unchanged: 3 });
    expect((await row(live.id)).updated_at).toBe(after.updated_at);
    expect((await getJson(`/v1/football/matches/${live.id}/events`, s.key)).body.data).toEqual(events);
    expect(events.filter((e: any) => e.id === `${live.id}_idem`)).toHaveLength(1);
    expect(events.at(-1).seq).toBe(events.length);
  });

  it("an event id that belongs to another match is refused, not moved", async () => {
    const other = (await getJson("/v1/football/matches?status=finished&league_id=lg_fb_eng1&limit=1", s.key)).body
      .data[0];
    const theirs = (await getJson(`/v1/football/matches/${other.id}/events`, s.key)).body.data[0];
    const { status, body } = await problem({
      ops: [eventsOp({ match_id: live.id, events: [{ ...theirs, seq: undefined }] })],
    });
    expect(status).toBe(400);
    expect(body.detail).toContain("ops.0.events.0.id");
    expect((await getJson(`/v1/football/matches/${other.id}/events`, s.key)).body.data[0]).toEqual(theirs);
  });

  it("updated_at moves only when the row really changed", async () => {
    const before = await row(live.id);
    await ingestOps([matchOp({ id: live.id, home_score: before.home_score })]);
    expect((await row(live.id)).updated_at).toBe(before.updated_at);
  });
});

describe("standings on the final whistle", () => {
  it("recomputes the table and writes the snapshot for the match, in the same batch", async () => {
    const m = (await getJson("/v1/football/matches?status=live&league_id=lg_fb_eng1&limit=5", s.key)).body.data.at(-1);
    const table = async () => (await getJson("/v1/football/leagues/lg_fb_eng1/standings", s.key)).body;
    const before = await table();
    const find = (t: any, id: string) => t.standings.find((r: any) => r.team_id === id);
    const res = await ingestOps([matchOp({ id: m.id, status_code: 3, home_score: 2, away_score: 0 })]);
    expect(res.applied).toBe(1);
    const after = await table();
    expect(find(after, m.home_team_id).played).toBe(find(before, m.home_team_id).played + 1);
    expect(find(after, m.home_team_id).points).toBe(find(before, m.home_team_id).points + 3);
    expect(find(after, m.away_team_id).lost).toBe(find(before, m.away_team_id).lost + 1);
    const detail = (await getJson(`/v1/football/matches/${m.id}`, s.key)).body;
    expect(detail).toMatchObject({ status_code: 3, period: null, minute: null });
    expect(after.as_of).toBe(detail.finished_at);
    const snap = await env.DB.prepare("SELECT rows, as_of FROM standings_snapshots WHERE match_id = ?")
      .bind(m.id)
      .first<any>();
    expect(snap.as_of).toBe(detail.finished_at);
    expect(find({ standings: JSON.parse(snap.rows) }, m.home_team_id).points).toBe(find(after, m.home_team_id).points);

    // A correction that keeps it finished recomputes again.
    await ingestOps([matchOp({ id: m.id, status_code: 3, home_score: 0, away_score: 0 })]);
    const corrected = await table();
    expect(find(corrected, m.home_team_id).points).toBe(find(before, m.home_team_id).points + 1);
    expect(find(corrected, m.home_team_id).played).toBe(find(before, m.home_team_id).played + 1);
  });
});
