// API key records in the isolate's memory (docs/architecture.md "Edge read path"): a warm isolate checks a key without
// a D1 call. A record is served as is for 1 s, served while one read refreshes it in the background for the next
// second, and never served older than 2 s (src/lib/revalidate.ts), so a revocation, or a change of plan, scopes or
// tracked leagues, holds everywhere within 2 s of its commit, an idle key included. The isolate that makes such a
// change forgets the account's records at once (src/core/auth/service.ts). Unknown keys are remembered the same way
// (null), so a client repeating a bad key costs one primary read per 2 s, not one per request.
import { drizzle } from "drizzle-orm/d1";
import { offerDataVersion } from "../db/data-view";
import { findKeyByHash, findKeysByHash, type KeyRecord } from "../db/queries/accounts";
import { findTokenParent, type TokenParentRecord } from "../db/queries/tokens";
import { RevalidatingCache } from "../../lib/revalidate";

export const KEY_FRESH_MS = 1000;
export const KEY_MAX_AGE_MS = 2000;

const records = new RevalidatingCache<KeyRecord | null>({
  freshMs: KEY_FRESH_MS,
  maxAgeMs: KEY_MAX_AGE_MS,
  max: 20_000,
});

/**
 * The record of the key with this SHA-256 under the rule above; `fresh` reads the primary now (WebSocket upgrades:
 * revocation closes a key's sockets where its limiter says they are, so a socket must not be admitted on a record
 * older than the revocation).
 */
export function keyRecord(env: Env, hash: string, fresh = false): Promise<KeyRecord | null> {
  return records.get(hash, () => readKey(env, hash), fresh);
}

// From the primary (a replica lagging behind a revocation must not let the key through). The statement also reads the
// data version, which the data view takes when it is newer than its own (a cold request then makes one round trip).
// Every other record over half its freshness is re-read in the same statement and offered: an isolate serving many
// keys makes about two key reads a second, not one per key (at most BATCH hashes per statement).
const BATCH = 100;
async function readKey(env: Env, hash: string): Promise<KeyRecord | null> {
  const startedAt = Date.now();
  const others = records
    .olderThan(KEY_FRESH_MS / 2)
    .filter((h) => h !== hash)
    .slice(0, BATCH - 1);
  const session = env.DB.withSession("first-primary");
  const db = drizzle(session as unknown as D1Database);
  if (others.length === 0) {
    const record = await findKeyByHash(db, hash);
    if (record) offerDataVersion(record.dataVersion, session.getBookmark(), startedAt);
    return record ?? null;
  }
  const found = await findKeysByHash(db, [hash, ...others]);
  const any = found.values().next().value;
  if (any) offerDataVersion(any.dataVersion, session.getBookmark(), startedAt);
  for (const h of others) records.offer(h, () => found.get(h) ?? null, startedAt);
  return found.get(hash) ?? null;
}

/**
 * Browser tokens' parents (a key's or an OAuth grant's revocation, with the account's plan and leagues) under the same
 * rule, so a revoked parent fails its tokens within 2 s too. Keyed by the parent, not the token: every token of a key
 * shares one record, and minting one reads nothing. Kept apart from the keys': the keys' batch revalidation reads only keys.
 */
const parents = new RevalidatingCache<TokenParentRecord | null>({
  freshMs: KEY_FRESH_MS,
  maxAgeMs: KEY_MAX_AGE_MS,
  max: 20_000,
});

export type TokenParentRef = { accountId: string; keyId: string | null; grantId: string | null };

/** The record of a token's parent (see `keyRecord`); null when its account is gone. */
export function tokenParentRecord(env: Env, parent: TokenParentRef, fresh = false): Promise<TokenParentRecord | null> {
  return parents.get(
    `${parent.accountId}|${parent.keyId ?? ""}|${parent.grantId ?? ""}`,
    async () => {
      const startedAt = Date.now();
      const session = env.DB.withSession("first-primary");
      const record = await findTokenParent(drizzle(session as unknown as D1Database), parent);
      if (record) offerDataVersion(record.dataVersion, session.getBookmark(), startedAt);
      return record ?? null;
    },
    fresh,
  );
}

/** Forgets the account's key and token records in this isolate (it just changed them). */
export const forgetAccountKeys = (accountId: string) => {
  records.forget((r) => r?.accountId === accountId);
  parents.forget((r, key) => (r ? r.accountId === accountId : key.startsWith(`${accountId}|`)));
};

/** Forgets what this isolate knows of one key (it was just created: an earlier lookup may have found none). */
export const forgetKey = (hash: string) => records.forget((_, key) => key === hash);

/** For tests: resolves once the key reads in flight (a background refresh among them) have landed. */
export const keyReadsSettled = () => records.settled();
