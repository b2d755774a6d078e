import type { Leader } from "./people-schemas";

/** Competition ranking over rows ordered by value: ties share the rank of the first of them (1, 2, 2, 4). */
export function ranked<T extends { value: number }>(rows: T[]): (T & Pick<Leader, "rank">)[] {
  let rank = 0;
  return rows.map((r, i) => {
    if (i === 0 || rows[i - 1]!.value !== r.value) rank = i + 1;
    return { rank, ...r };
  });
}
