// The one delivery check (docs/security-and-limits.md "Entitlements are live"): pure, so the holders of streams
// (src/core/live/stream-holder.ts) and the entitlement readers (src/core/auth/entitlements.ts) share it.

/** May an account that tracks `e.leagues` receive data of this league? (No entitlement known: no.) */
export const mayReceive = (e: { leagues: ReadonlySet<string> } | undefined, leagueId: string): boolean =>
  !!e && e.leagues.has(leagueId);
