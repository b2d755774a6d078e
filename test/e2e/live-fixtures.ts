// A live match of a test's own, for the e2e tests (streams, slots, the /live page and the MCP App): each test ingests
// its own match so no test depends on another's changes.
import { expect } from "vitest";
import type { RunningWorker } from "./worker";

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

/** Ingests `kickedOff(id)`: a live match of the test's own. */
export async function liveMatch(w: RunningWorker, id: string): Promise<void> {
  expect((await w.ingest([kickedOff(id)])).status).toBe(200);
}

/** Arsenal v Everton, 20 minutes in: a goal and a card in its timeline, 1–0. */
export async function liveFootballMatch(w: RunningWorker, id: string): Promise<void> {
  const res = await w.ingest([
    kickedOff(id),
    {
      op: "events",
      match_id: id,
      events: [
        { id: `${id}_e1`, type: "goal", minute: 12, team: "home", player: "Bukayo Saka", detail: "Header" },
        { id: `${id}_e2`, type: "yellow_card", minute: 17, team: "away", player: "James Tarkowski" },
      ],
    },
    { ...FOOTBALL, id, home_score: 1 },
  ]);
  expect(res.status).toBe(200);
}
