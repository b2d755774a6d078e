// A league's coverage follows its current season's data, batch by batch (docs/data.md "Coverage").
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ingestOps } from "../../helpers/live";
import {
  eventsOp,
  eventOp,
  leagueOp,
  lineupsOp,
  matchOp,
  newMatchOp,
  playerOp,
  removeEventsOp,
  statsOp,
  teamOp,
} from "../../helpers/ops";

const L = "lg_fb_cov";
const flags = () =>
  env.DB.prepare(
    "SELECT has_live, has_events, has_lineups, has_stats, has_players, simulated FROM leagues WHERE id = ?",
  )
    .bind(L)
    .first();
const none = { has_live: 0, has_events: 0, has_lineups: 0, has_stats: 0, has_players: 0, simulated: 0 };
const m = { id: "m_cov", league_id: L };

describe("coverage", () => {
  it("each kind of data of the current season sets its flag; a new season starts afresh", async () => {
    await ingestOps([
      leagueOp({ id: L }),
      teamOp({ id: "tm_cov_h", name: "Cov Home" }),
      teamOp({ id: "tm_cov_a", name: "Cov Away" }),
      newMatchOp({ ...m, home_team_id: "tm_cov_h", away_team_id: "tm_cov_a", status_code: 1 }),
    ]);
    expect(await flags()).toEqual(none);
    await ingestOps([matchOp({ ...m, status_code: 2 })]);
    expect(await flags()).toEqual({ ...none, has_live: 1 });
    await ingestOps([eventsOp({ match_id: m.id, events: [eventOp({ id: "ev_cov_1" })] })]);
    await ingestOps([lineupsOp({ match_id: m.id }), statsOp({ match_id: m.id })]);
    await ingestOps([playerOp({ id: "pl_cov", team_id: "tm_cov_h" })]);
    const all = { has_live: 1, has_events: 1, has_lineups: 1, has_stats: 1, has_players: 1, simulated: 0 };
    expect(await flags()).toEqual(all);
    // Live coverage is the season's: the match ending does not take it back.
    await ingestOps([matchOp({ ...m, status_code: 3 })]);
    expect(await flags()).toEqual(all);
    // The only event withdrawn: the season has no timeline any more.
    await ingestOps([removeEventsOp({ match_id: m.id, event_ids: ["ev_cov_1"] })]);
    expect(await flags()).toEqual({ ...all, has_events: 0 });
    // A new season has nothing yet; the simulator says its leagues are simulated.
    await ingestOps([leagueOp({ id: L, season: "2027/28", simulated: true })]);
    expect(await flags()).toEqual({ ...none, simulated: 1 });
  });
});
