// A live match of a test's own, for the e2e tests (streams, slots, the /live page and the MCP App): each test ingests
// its own match so no test depends on another's changes.
import { expect } from "vitest";
import { FOOTBALL, kickedOff } from "./match-ops";
import type { RunningWorker } from "./worker";

export { FOOTBALL, kickedOff } from "./match-ops";

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
