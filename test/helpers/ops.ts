// Builders of ingest ops, the one place tests get them from. Each call returns a fresh object; `over` replaces or adds
// fields. Defaults name rows of the seeded demo data (lg_fb_eng1 with Arsenal and Chelsea; lg_bb_euroleague with
// Olympiacos and Panathinaikos when `sport` is basketball), so a test can ingest a built op as it is; unit tests of
// planning build their own state with the same ids.
type Fields = Record<string, unknown>;

const nowSecs = () => Math.floor(Date.now() / 1000);

export const leagueOp = (over: Fields = {}) => ({
  op: "league",
  id: "lg_fb_test",
  sport: "football",
  country: "England",
  name: "Test League",
  season: "2026/27",
  ...over,
});

export const teamOp = (over: Fields = {}) => ({
  op: "team",
  id: "tm_fb_test",
  sport: "football",
  name: "Test FC",
  country: "England",
  ...over,
});

export const playerOp = (over: Fields = {}) => ({
  op: "player",
  id: "pl_test",
  sport: "football",
  team_id: "tm_fb_arsenal",
  name: "Test Player",
  ...over,
});

/** Per sport, seeded rows a match defaults to, and a live match's clock. */
const SEEDED = {
  football: {
    league_id: "lg_fb_eng1",
    home_team_id: "tm_fb_arsenal",
    away_team_id: "tm_fb_chelsea",
    clock: { period: 12, minute: 30 },
  },
  basketball: {
    league_id: "lg_bb_euroleague",
    home_team_id: "tm_bb_olympiacos",
    away_team_id: "tm_bb_panathinaikos",
    clock: { period: 23, game_clock_secs: 300 },
  },
};
const seeded = (over: Fields) => SEEDED[over.sport === "basketball" ? "basketball" : "football"];

/** A change to a match that exists: only what changed besides the keys (id, sport, league). */
export const matchOp = (over: Fields = {}) => ({
  op: "match",
  id: "m_test",
  sport: "football",
  league_id: seeded(over).league_id,
  ...over,
});

/** A new match: teams, kickoff and status are what a new one needs; scheduled tomorrow unless told. */
export const newMatchOp = (over: Fields = {}) =>
  matchOp({
    home_team_id: seeded(over).home_team_id,
    away_team_id: seeded(over).away_team_id,
    kickoff_ts: nowSecs() + 86_400,
    status_code: 1,
    ...over,
  });

/**
 * A new match in play, kicked off half an hour ago: football in the first half at minute 30, basketball in the
 * second quarter with 300 s on the clock.
 */
export const liveMatchOp = (over: Fields = {}) =>
  newMatchOp({ kickoff_ts: nowSecs() - 1800, status_code: 2, ...seeded(over).clock, ...over });

/** One event as a feed sends it: sparse (omitted nullable fields are null). */
export const eventOp = (over: Fields = {}) => ({ id: "ev_test", type: "goal", minute: 10, team: "home", ...over });

export const eventsOp = (over: Fields = {}) => ({
  op: "events",
  match_id: "m_test",
  events: [eventOp()],
  ...over,
});

/** An `events` op adding one home goal in the second half, every field spelled out. */
export const goalOp = (matchId: string, eventId: string, minute: number) =>
  eventsOp({
    match_id: matchId,
    events: [
      eventOp({
        id: eventId,
        minute,
        added_time: null,
        period: 13,
        player: "P. Scorer",
        player_in: null,
        player_out: null,
        detail: null,
      }),
    ],
  });

/** Withdraws events of a match (a goal VAR disallows). */
export const removeEventsOp = (over: Fields = {}) => ({
  op: "remove_events",
  match_id: "m_test",
  event_ids: ["ev_test"],
  ...over,
});

export const statsOp = (over: Fields = {}) => ({
  op: "stats",
  match_id: "m_test",
  data: [{ section: "Summary", name: "Shots", home: 9, away: 4 }],
  ...over,
});

/** One side's lineup as a feed sends it. */
export const lineupOf = (over: Fields = {}) => ({
  formation: "4-3-3",
  starters: [{ name: "A. Keeper", number: 1, position: "G" }],
  substitutes: [],
  coach: null,
  ...over,
});

export const lineupsOp = (over: Fields = {}) => ({
  op: "lineups",
  match_id: "m_test",
  home: lineupOf(),
  away: lineupOf({ formation: "4-4-2", starters: [{ name: "B. Keeper", number: 1, position: "G" }] }),
  ...over,
});

/** A box score; `home` and `away` are lines (`{ player_id, …counts }`), none unless told. */
export const playerLinesOp = (over: Fields = {}) => ({
  op: "player_lines",
  match_id: "m_test",
  home: [] as Fields[],
  away: [] as Fields[],
  ...over,
});
