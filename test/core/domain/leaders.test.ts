// Scorers from a season's timelines, one row per person (src/core/domain/leaders.ts), on the 2022 World Cup file's
// own spellings: "Kylian Mbappé" in five matches, "Mbappé" in the round of 16 (France 3–1 Poland).
import { describe, expect, it } from "vitest";
import { mergeScorers, ranked } from "../../../src/core/domain/leaders";

const row = (player: string, team_id: string, value: number, matches = value) => ({
  player,
  team_id,
  team: team_id,
  player_id: null as string | null,
  value,
  matches,
});

describe("mergeScorers", () => {
  it("a lone surname is the one full name of the team ending in it", () => {
    const merged = mergeScorers([
      row("Lionel Messi", "arg", 7, 6),
      row("Kylian Mbappé", "fra", 6, 3),
      row("Mbappé", "fra", 2, 1),
      row("Olivier Giroud", "fra", 4, 3),
    ]);
    expect(ranked(merged).map((r) => [r.rank, r.player, r.value, r.matches])).toEqual([
      [1, "Kylian Mbappé", 8, 4],
      [2, "Lionel Messi", 7, 6],
      [3, "Olivier Giroud", 4, 3],
    ]);
  });

  it("stays apart when two full names share it, or the surname is another team's", () => {
    const merged = mergeScorers([
      row("Theo Hernández", "fra", 1),
      row("Lucas Hernández", "fra", 1),
      row("Hernández", "fra", 1),
      row("Mbappé", "arg", 1),
      row("Kylian Mbappé", "fra", 1),
    ]);
    expect(merged).toHaveLength(5);
  });
});
