// The change signal: when an account's plan, tracked leagues or keys change, every Durable Object holding one of its
// sockets learns the new entitlement at once (one D1 read per change, none per message), closes what it may no
// longer serve, and filters every later frame with it (docs/security-and-limits.md "Entitlements are live").
import { loadEntitlement } from "./entitlements";
import { parseScopes } from "./keys";
import { PLAN_LIMITS } from "../domain/codes";
import { primaryDb } from "../db/client";
import { listKeys } from "../db/queries/accounts";
import { log } from "../../lib/log";
import { holderStub } from "../live/sockets";

/** What a holder is told: the account's entitlement now, and which of its sockets to close. */
export interface EntitlementChange {
  accountId: string;
  version: number;
  leagues: string[];
  /** Keys revoked or without `stream:websocket`: all their sockets close (1008). */
  closeKeys: string[];
  /** Connection slots over a lowered plan budget (the newest): their sockets close (1008). */
  closeLeases: string[];
}

export async function entitlementsChanged(env: Env, accountId: string): Promise<void> {
  const db = primaryDb(env.DB);
  const ent = await loadEntitlement(db, accountId);
  if (!ent) return;
  const keys = await listKeys(db, accountId);
  const limit = PLAN_LIMITS[ent.plan].websockets;
  const perHolder = new Map<string, { closeKeys: string[]; closeLeases: string[] }>();
  const at = (holder: string) => {
    let h = perHolder.get(holder);
    if (!h) perHolder.set(holder, (h = { closeKeys: [], closeLeases: [] }));
    return h;
  };
  await Promise.all(
    keys.map(async (k) => {
      const limiter = env.KEY_LIMITER.getByName(k.id);
      const dead = !!k.revokedAt || !parseScopes(k.scopes).includes("stream:websocket");
      // One round trip per key: a dead key's holders close all its sockets; a live key's lose only what is over.
      const { over, holders } = dead ? { over: [], holders: await limiter.holders() } : await limiter.trim(limit);
      for (const holder of holders) {
        const told = at(holder);
        if (dead) told.closeKeys.push(k.id);
      }
      for (const o of over) at(o.holder).closeLeases.push(o.id);
    }),
  );
  const leagues = [...ent.leagues];
  const results = await Promise.allSettled(
    [...perHolder].map(([holder, close]) =>
      holderStub(env, holder).applyEntitlement({ accountId, version: ent.version, leagues, ...close }),
    ),
  );
  for (const r of results)
    if (r.status === "rejected") log("error", "entitlement signal failed", { error: String(r.reason) });
}
