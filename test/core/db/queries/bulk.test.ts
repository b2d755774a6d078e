// src/core/db/queries/bulk.ts: the bulk-write column lists come from the drizzle tables; they must be what the
// migrations create, and the ingest reads must read back what the bulk writes write.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { dbFor } from "../../../../src/core/db/client";
import { COLUMNS, KEYS } from "../../../../src/core/db/queries/bulk";
import { loadIngestState, writeIngest } from "../../../../src/core/db/queries/ingest";
import { LINE_COUNTS } from "../../../../src/core/domain/people-schemas";

const db = dbFor(env.DB);
const tables = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];

describe("bulk-write columns match the migrations", () => {
  it.each(tables)("%s: every stored column, no generated one, and the primary key", async (table) => {
    const { results } = await env.DB.prepare(`PRAGMA table_xinfo(${table})`).all<{
      name: string;
      hidden: number;
      pk: number;
    }>();
    // hidden 0 = an ordinary column; 2 and 3 = generated (virtual, stored).
    // `matches.seq` is written only by the commit that numbers the match's messages, never by a row upsert.
    // A league's coverage flags but `has_live` are derived by their own statement (src/core/db/queries/coverage.ts).
    const ownedElsewhere =
      table === "matches"
        ? ["seq"]
        : table === "leagues"
          ? ["has_events", "has_lineups", "has_stats", "has_players"]
          : [];
    const stored = results.filter((c) => c.hidden === 0 && !ownedElsewhere.includes(c.name)).map((c) => c.name);
    expect([...COLUMNS[table]].sort()).toEqual(stored.sort());
    const key = results
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    expect([...KEYS[table]]).toEqual(key);
  });

  it("player_lines holds the domain's box-score counts and nothing else besides its identity and `started`", () => {
    expect([...COLUMNS.player_lines].sort()).toEqual(
      ["match_id", "player_id", "side", "ord", "name", "position", "started", ...LINE_COUNTS].sort(),
    );
  });
});

describe("ingest reads back what bulk writes", () => {
  it("a stored match is loaded with exactly its stored columns (no generated ones) and its seq", async () => {
    const row = Object.fromEntries(COLUMNS.matches.map((c) => [c, null])) as Record<string, unknown>;
    Object.assign(row, {
      id: "bulk_cols_m1",
      sport: "football",
      league_id: "bulk_cols_l1",
      season: "2025/26",
      home_team_id: "bulk_cols_h",
      away_team_id: "bulk_cols_a",
      home_team: "Home",
      away_team: "Away",
      home_score: 1,
      away_score: 0,
      status_code: 1,
      kickoff_ts: 1_760_000_000,
      updated_at: "2025-10-09T08:53:20Z",
      simulated: 0,
    });
    const team = (id: string) => ({ id, sport: "football", name: id, country: "England" });
    await writeIngest(db, {
      leagues: [
        {
          id: "bulk_cols_l1",
          sport: "football",
          country: "England",
          name: "League",
          season: "2025/26",
          format: "league",
          updated_at: "2025-10-09T08:53:20Z",
          simulated: 0,
          has_live: 0,
        },
      ],
      teams: [team("bulk_cols_h"), team("bulk_cols_a")],
      matches: [row],
    });
    const state = await loadIngestState(db, {
      leagues: [],
      teams: [],
      matches: ["bulk_cols_m1"],
      events: [],
      players: [],
    });
    expect(state.matches.get("bulk_cols_m1")).toEqual({ ...row, seq: 0 });
  });
});
