// The change signal: when an account's plan, tracked leagues, keys or grants change, the change is first recorded in the
// account's gate (workers/account-gate.ts: dead credentials and the plan, so no later admission passes against the
// old state), then every Durable Object holding one of its streams learns the new entitlement at once (one D1 read
// per change, none per message), closes what it may no longer serve, and filters every later frame with it
// (docs/security-and-limits.md "Entitlements are live").
import { loadEntitlement } from "./entitlements";
import { primaryDb } from "../db/client";
import { listKeys } from "../db/queries/accounts";
import { keyCredential } from "./principal";
import { log } from "../../lib/log";
import { holderStub } from "../live/sockets";
import type { HolderChange } from "../live/stream-holder";
import type { GateChange, Shed } from "../limits/slots";

/** What a holder is told: the account's entitlement now, and which of its sockets to close. */
/** What the signal tells each holder: the shape its streams' core takes (src/core/live/stream-holder.ts). */
export type EntitlementChange = HolderChange;

/** `revoked`: credentials other than keys that died with this change (an OAuth grant: src/core/auth/oauth-grants.ts). */
export async function entitlementsChanged(env: Env, accountId: string, revoked: string[] = []): Promise<void> {
  const db = primaryDb(env.DB);
  const ent = await loadEntitlement(db, accountId);
  if (!ent) return;
  const keys = await listKeys(db, accountId);
  // Revoked keys are dead for every kind of stream. (A key without `stream:websocket` never had a socket: the
  // upgrade checks the scope. It may still hold MCP listens, so it is not dead.)
  const dead = [...keys.filter((k) => !!k.revokedAt).map((k) => keyCredential(k.id)), ...revoked];
  const change = await env.ACCOUNT_GATE.getByName(accountId).update({
    dead,
    seen: { plan: ent.plan, version: ent.version },
  });
  await tellHolders(env, accountId, ent, change);
}

/**
 * An admission that told the gate of a lower plan before the change signal did: the gate removed the newest slots over
 * it (workers/account-gate.ts admit); their holders close those streams now, with the entitlement read again.
 */
export async function signalShed(env: Env, accountId: string, over: Shed[]): Promise<void> {
  if (over.length === 0) return;
  const ent = await loadEntitlement(primaryDb(env.DB), accountId);
  if (!ent) return;
  await tellHolders(env, accountId, ent, { closeCredentials: [], over, holders: [], plan: ent.plan });
}

async function tellHolders(
  env: Env,
  accountId: string,
  ent: { version: number; leagues: Iterable<string> },
  change: GateChange,
): Promise<void> {
  const perHolder = new Map<string, { closeSlots: string[] }>();
  const at = (holder: string) => {
    let h = perHolder.get(holder);
    if (!h) perHolder.set(holder, (h = { closeSlots: [] }));
    return h;
  };
  for (const holder of change.holders) at(holder);
  // Every socket holder closes a dead credential's sockets (it may hold some whose slots the gate already removed).
  // A key's browser tokens stream under the key's credential, a grant's under the grant's: they close with it.
  const closeCredentials = change.closeCredentials;
  // WebSockets and SSE streams live on holders; listens ask their gate instead (src/mcp/listen.ts).
  for (const o of change.over) if (o.kind !== "listen") at(o.holder).closeSlots.push(o.id);
  const leagues = [...ent.leagues];
  const results = await Promise.allSettled(
    [...perHolder].map(([holder, close]) =>
      holderStub(env, holder)?.applyEntitlement({
        accountId,
        version: ent.version,
        leagues,
        ...close,
        closeCredentials,
      }),
    ),
  );
  for (const r of results)
    if (r.status === "rejected") log("error", "entitlement signal failed", { error: String(r.reason) });
}
