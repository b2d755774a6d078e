// A live match of a test's own, for the browser tests of the /live page and the MCP App: both show the same
// scoreboard and timeline, and each test ingests its own match so no test depends on another's changes.
import { expect } from "vitest";
import type { RunningWorker } from "./worker";

export const FOOTBALL = { op: "match", sport: "football", league_id: "lg_fb_eng1" } as const;
const now = () => Math.floor(Date.now() / 1000);

/** Arsenal v Everton, 20 minutes in: a goal and a card in its timeline, 1–0. */
export async function liveFootballMatch(w: RunningWorker, id: string): Promise<void> {
  const res = await w.ingest([
    {
      ...FOOTBALL,
      id,
      home_team_id: "tm_fb_arsenal",
      away_team_id: "tm_fb_everton",
      kickoff_ts: now() - 1200,
      status_code: 2,
      period: 12,
      minute: 20,
    },
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
