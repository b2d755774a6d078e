import { words } from "./fold";
import type { Leader } from "./people-schemas";

/** Competition ranking over rows ordered by value: ties share the rank of the first of them (1, 2, 2, 4). */
export function ranked<T extends { value: number }>(rows: T[]): (T & Pick<Leader, "rank">)[] {
  let rank = 0;
  return rows.map((r, i) => {
    if (i === 0 || rows[i - 1]!.value !== r.value) rank = i + 1;
    return { rank, ...r };
  });
}

interface Scorer {
  player: string;
  team_id: string;
  player_id: string | null;
  value: number;
  matches: number;
}

/**
 * Scorers as a season's timelines name them, one row per person: within a team, a lone surname ("Mbappé", as one
 * match of the 2022 World Cup file spells him) is the full name ending in it ("Kylian Mbappé") when exactly one full
 * name of that team does; with two (Lucas and Theo Hernández) it stays apart. Ordered by goals, then name.
 */
export function mergeScorers<T extends Scorer>(rows: readonly T[]): T[] {
  const out = new Map<string, T>();
  const key = (r: Scorer) => `${r.team_id}|${words(r.player).join(" ")}`;
  const full = rows.filter((r) => words(r.player).length > 1);
  const sorted = [...full, ...rows.filter((r) => words(r.player).length <= 1)];
  for (const r of sorted) {
    const w = words(r.player);
    let target = key(r);
    if (w.length === 1) {
      const owners = full.filter((f) => f.team_id === r.team_id && words(f.player).at(-1) === w[0]);
      if (owners.length === 1) target = key(owners[0]!);
    }
    const known = out.get(target);
    if (!known) out.set(target, { ...r });
    else {
      known.value += r.value;
      known.matches += r.matches;
      known.player_id ??= r.player_id;
    }
  }
  return [...out.values()].sort((a, b) => b.value - a.value || a.player.localeCompare(b.player));
}
