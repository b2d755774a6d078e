// What an account may see — plan, tracked leagues — read where data leaves the service, never remembered from the
// moment a channel opened (docs/security-and-limits.md "Entitlements are live"). REST reads it with the key on every
// request (the key check's one statement); MCP on every tool call; socket holders keep it in memory, refreshed by the
// change signal (src/core/auth/entitlement-signal.ts), and ask `mayReceive` before every frame.
import type { Plan } from "../domain/codes";
import type { Db } from "../db/client";
import { accountEntitlement, credentialEntitlement } from "../db/queries/accounts";

export interface Entitlement {
  accountId: string;
  plan: Plan;
  /** The account's entitlement version (migrations/0007): bumped by every change of plan, leagues or keys. */
  version: number;
  leagues: ReadonlySet<string>;
  /** The data version read with it (migrations/0004), where the reader keys a cache by it. */
  dataVersion?: string | null;
}

export { mayReceive } from "../domain/delivery";

export const leagueSet = (tracked: string | null | undefined): Set<string> =>
  new Set(tracked ? tracked.split(",") : []);

/** The account's entitlement now, from the primary; undefined for an unknown account. */
export async function loadEntitlement(db: Db, accountId: string): Promise<Entitlement | undefined> {
  const row = await accountEntitlement(db, accountId);
  if (!row) return undefined;
  return {
    accountId,
    plan: row.plan,
    version: row.version,
    leagues: leagueSet(row.tracked),
    dataVersion: row.data_version,
  };
}

/** Who holds a long-lived channel: the account, and the key or OAuth grant it was opened with. */
export interface Holder {
  accountId: string;
  keyId?: string;
  grantId?: string;
}

/** The holder's entitlement now; undefined when the account is gone or its key or grant was revoked. */
export async function loadHolderEntitlement(db: Db, h: Holder): Promise<Entitlement | undefined> {
  const row = await credentialEntitlement(db, h.accountId, h.keyId ?? null, h.grantId ?? null);
  if (!row || row.key_gone || row.grant_revoked) return undefined;
  return { accountId: h.accountId, plan: row.plan, version: row.version, leagues: leagueSet(row.tracked) };
}
