// Ingest of players and box scores, sparse ops, and season stats derived on the final whistle.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ingestOps, ingestRaw } from "../../helpers/live";
import { eventsOp, leagueOp, lineupsOp, newMatchOp, playerLinesOp, playerOp, teamOp } from "../../helpers/ops";

const team = (id: string, name: string) => teamOp({ id, name });
const player = (id: string, team_id: string, name: string) => playerOp({ id, team_id, name });
const match = (id: string, status_code: number, extra: object = {}) =>
  newMatchOp({
    id,
    league_id: "lg_p",
    home_team_id: "tm_p_a",
    away_team_id: "tm_p_b",
    kickoff_ts: 1_800_000_000,
    status_code,
    ...extra,
  });
const lines = (match_id: string, home: object[], away: object[] = []) => playerLinesOp({ match_id, home, away });

await ingestOps([
  leagueOp({ id: "lg_p", name: "P League" }),
  team("tm_p_a", "Alpha"),
  team("tm_p_b", "Beta"),
  player("pl_a1", "tm_p_a", "Martin Ødegaard"),
  player("pl_a2", "tm_p_a", "Thomas Müller"),
  player("pl_b1", "tm_p_b", "Luka Dončić"),
]);

const one = <T = any>(sql: string, ...params: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...params)
    .first<T>();
const stats = (playerId: string) =>
  one("SELECT * FROM player_season_stats WHERE player_id = ? AND league_id = 'lg_p'", playerId);

async function problem(ops: unknown[]) {
  const res = await ingestRaw({ ops });
  return { status: res.status, body: (await res.json()) as any };
}

describe("sparse ops: an omitted nullable field is null", () => {
  it("an event with only id, type, minute, team and player is stored with the rest null", async () => {
    await ingestOps([match("m_p_sparse", 2, { period: 12, minute: 10 })]);
    const res = await ingestOps([
      eventsOp({
        match_id: "m_p_sparse",
        events: [{ id: "ev_p_1", type: "goal", minute: 9, team: "home", player: "Martin Ødegaard" }],
      }),
    ]);
    expect(res).toEqual({ applied: 1, unchanged: 0 });
    expect(await one("SELECT * FROM match_events WHERE id = 'ev_p_1'")).toMatchObject({
      seq: 1,
      added_time: null,
      period: null,
      player_in: null,
      player_out: null,
      detail: null,
      player_id: null,
    });
  });

  it("lineup players without number, position or player_id, and a team without metadata", async () => {
    const res = await ingestOps([
      team("tm_p_c", "Gamma"),
      lineupsOp({
        match_id: "m_p_sparse",
        home: { starters: [{ name: "A" }], substitutes: [] },
        away: {
          starters: [{ name: "B", player_id: "pl_b1" }],
          substitutes: [],
        },
      }),
    ]);
    expect(res.applied).toBe(2);
    const row = await one<{ home: string; away: string }>(
      "SELECT home, away FROM match_lineups WHERE match_id = 'm_p_sparse'",
    );
    expect(JSON.parse(row!.home)).toEqual({
      formation: null,
      coach: null,
      starters: [{ name: "A", number: null, position: null, player_id: null }],
      substitutes: [],
    });
    expect(JSON.parse(row!.away).starters[0].player_id).toBe("pl_b1");
    expect(await one("SELECT short_name, venue, logo_url FROM teams WHERE id = 'tm_p_c'")).toEqual({
      short_name: null,
      venue: null,
      logo_url: null,
    });
  });
});

describe("player and player_lines ops", () => {
  it("a player is created, updated, and unchanged when sent again", async () => {
    const op = { ...player("pl_a3", "tm_p_a", "Bukayo Saka"), number: 7, birth_date: "2001-09-05" };
    expect(await ingestOps([op])).toEqual({ applied: 1, unchanged: 0 });
    expect(await ingestOps([op])).toEqual({ applied: 0, unchanged: 1 });
    expect(await ingestOps([{ ...op, number: 11 }])).toEqual({ applied: 1, unchanged: 0 });
    expect(await one("SELECT number, position, birth_date FROM players WHERE id = 'pl_a3'")).toEqual({
      number: 11,
      position: null,
      birth_date: "2001-09-05",
    });
  });

  it("refuses an unknown team, a team of the other sport, a bad birth date, naming the field", async () => {
    await ingestOps([teamOp({ id: "tm_p_bb", sport: "basketball", name: "Hoops", country: "Spain" })]);
    const cases: [unknown, string][] = [
      [player("pl_x", "tm_nope", "X"), "ops.0.team_id"],
      [player("pl_x", "tm_p_bb", "X"), "ops.0.team_id"],
      [{ ...player("pl_x", "tm_p_a", "X"), birth_date: "2001-13-01" }, "ops.0.birth_date"],
    ];
    for (const [op, field] of cases) {
      const { status, body } = await problem([op]);
      expect(status, field).toBe(400);
      expect(body.detail).toContain(field);
    }
    expect(await one("SELECT id FROM players WHERE id = 'pl_x'")).toBeNull();
  });

  it("stores a box score in order, with omitted counts 0 and the player's name; a resend replaces it", async () => {
    await ingestOps([match("m_p_box", 2, { period: 13, minute: 60 })]);
    const op = lines(
      "m_p_box",
      [{ player_id: "pl_a1", goals: 1, minutes: 60, started: true }, { player_id: "pl_a2" }],
      [{ player_id: "pl_b1", yellow_cards: 1 }],
    );
    expect(await ingestOps([op])).toEqual({ applied: 1, unchanged: 0 });
    expect(await ingestOps([op])).toEqual({ applied: 0, unchanged: 1 });
    const rows = await env.DB.prepare(
      "SELECT player_id, side, name, goals, minutes, yellow_cards, started FROM player_lines WHERE match_id = 'm_p_box' ORDER BY side DESC, ord",
    ).all();
    expect(rows.results).toEqual([
      { player_id: "pl_a1", side: "home", name: "Martin Ødegaard", goals: 1, minutes: 60, yellow_cards: 0, started: 1 },
      { player_id: "pl_a2", side: "home", name: "Thomas Müller", goals: 0, minutes: 0, yellow_cards: 0, started: 0 },
      { player_id: "pl_b1", side: "away", name: "Luka Dončić", goals: 0, minutes: 0, yellow_cards: 1, started: 0 },
    ]);
    await ingestOps([lines("m_p_box", [{ player_id: "pl_a1", goals: 2 }])]);
    const n = await one<{ n: number }>("SELECT count(*) AS n FROM player_lines WHERE match_id = 'm_p_box'");
    expect(n!.n).toBe(1);
  });

  it("refuses a line of an unknown player or a player twice, naming the line", async () => {
    for (const [home, field] of [
      [[{ player_id: "pl_nope" }], "ops.0.home.0.player_id"],
      [[{ player_id: "pl_a1" }, { player_id: "pl_a1" }], "ops.0.home.1.player_id"],
    ] as const) {
      const { status, body } = await problem([lines("m_p_box", [...home])]);
      expect(status).toBe(400);
      expect(body.detail).toContain(field);
    }
  });
});

describe("season stats on the final whistle", () => {
  it("are the sums of the finished matches' lines, recomputed in the batch that finishes a match", async () => {
    await ingestOps([
      match("m_p_s1", 2, { period: 13, minute: 80 }),
      match("m_p_s2", 2, { period: 13, minute: 80 }),
      lines("m_p_s1", [{ player_id: "pl_a2", goals: 2, assists: 1, minutes: 90, started: true, yellow_cards: 1 }]),
      lines("m_p_s2", [{ player_id: "pl_a2", goals: 1, minutes: 30 }]),
    ]);
    expect(await stats("pl_a2")).toBeNull(); // live matches do not count yet
    await ingestOps([match("m_p_s1", 3, { home_score: 2 })]);
    expect(await stats("pl_a2")).toMatchObject({ matches: 1, starts: 1, goals: 2, assists: 1, cards: 1, minutes: 90 });
    // Lines and the final whistle in one batch.
    await ingestOps([
      lines("m_p_s2", [{ player_id: "pl_a2", goals: 1, minutes: 90 }]),
      match("m_p_s2", 3, { home_score: 1 }),
    ]);
    expect(await stats("pl_a2")).toMatchObject({
      matches: 2,
      starts: 1,
      goals: 3,
      assists: 1,
      minutes: 180,
      player_name: "Thomas Müller",
      team_name: "Alpha",
    });
    // A corrected box score of a finished match recomputes too.
    await ingestOps([lines("m_p_s2", [{ player_id: "pl_a2", goals: 0, minutes: 90 }])]);
    expect(await stats("pl_a2")).toMatchObject({ matches: 2, goals: 2 });
  });

  it("a batch that fails in D1 changes neither the match nor the stats", async () => {
    await ingestOps([
      match("m_p_f", 2, { period: 13, minute: 80 }),
      lines("m_p_f", [{ player_id: "pl_b1", goals: 1 }]),
    ]);
    await env.DB.prepare(
      "CREATE TRIGGER inject_people_fault BEFORE INSERT ON player_season_stats WHEN NEW.player_id = 'pl_b1' BEGIN SELECT RAISE(ABORT, 'injected fault'); END",
    ).run();
    try {
      const res = await ingestRaw({ ops: [match("m_p_f", 3, { away_score: 1 })] });
      expect(res.status).toBe(500);
    } finally {
      await env.DB.prepare("DROP TRIGGER inject_people_fault").run();
    }
    expect(await one("SELECT status_code FROM matches WHERE id = 'm_p_f'")).toEqual({ status_code: 2 });
    expect(await stats("pl_b1")).toBeNull();
    await ingestOps([match("m_p_f", 3, { away_score: 1 })]);
    expect(await stats("pl_b1")).toMatchObject({ matches: 1, goals: 1 });
  });
});
