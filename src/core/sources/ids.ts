// Our ids for a provider's things: stable, derived from the provider's own ids, so a provider id maps to one of our
// ids for ever (docs/feeds.md "Ids"). Events without provider ids get ids from what identifies them.
// `prefix`: the source's `idPrefix` (./contract.ts), e.g. "af" for API-Football.
export const matchId = (prefix: string, ref: string | number) => `m_${prefix}_${ref}`;
export const teamId = (prefix: string, ref: string | number) => `tm_${prefix}_${ref}`;
export const playerId = (prefix: string, ref: string | number | null | undefined) =>
  ref === null || ref === undefined ? null : `pl_${prefix}_${ref}`;

/** FNV-1a, 32 bits, as 7 base-36 digits: short, stable across runs and isolates. */
function fnv(text: string, seed = 0x811c9dc5): string {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36).padStart(7, "0");
}

/**
 * Ids for a match's events that carry no id of their own. `keys` are what identifies each event (its family, team,
 * minute and added time; not the player, so a corrected scorer keeps the event's id and is an update); the n-th event
 * with the same key gets `n` appended, so two cards in the same minute stay two events.
 */
export function eventIds(match: string, keys: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return keys.map((k) => {
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    const key = `${k}#${n}`;
    return `${match}_${fnv(key)}${fnv(key, 0x2545f491)}`;
  });
}
