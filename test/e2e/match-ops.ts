// The ingest ops of a live match of a test's own (no test runner needed: the benchmarks use them too).
export const FOOTBALL = { op: "match", sport: "football", league_id: "lg_fb_eng1" } as const;
const now = () => Math.floor(Date.now() / 1000);

/** Arsenal v Everton, 20 minutes in, 0–0, with nothing in its timeline: the match op alone. */
export const kickedOff = (id: string) => ({
  ...FOOTBALL,
  id,
  home_team_id: "tm_fb_arsenal",
  away_team_id: "tm_fb_everton",
  kickoff_ts: now() - 1200,
  status_code: 2,
  period: 12,
  minute: 20,
});
