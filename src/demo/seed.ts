// `npm start` (through POST /internal/admin/demo) and tests: demo season for today, demo account and key.
import { changePlan, createAccount, createApiKey, findAccountIdByEmail, setTrackedLeagues } from "../auth/service";
import { sha256Hex } from "../auth/keys";
import type { Db } from "../db/client";
import { findKeyByHash } from "../db/queries/accounts";
import { demoStamp, writeDemo } from "../db/queries/demo";
import { demoLeagueIds, generateDemo } from "./generate";

export const DEMO_EMAIL = "demo@example.com";
/** Bump when the generator's output changes, so an existing local database is regenerated on the next start. */
const GENERATOR_VERSION = 2;
export const DEMO_PASSWORD = "demo-password";

export interface SeedOptions {
  demoApiKey?: string;
  now?: Date;
  /** Regenerate even if today's demo data is already there. */
  force?: boolean;
  /** Only these league codes (tests); the demo account then tracks just them. */
  leagues?: readonly string[];
}

export async function seedDemo(db: Db, environment: string, opts: SeedOptions = {}) {
  const now = opts.now ?? new Date();
  const day = Math.floor(now.getTime() / 86_400_000);
  // Idempotent: the same UTC day's data (for the same leagues) is written once; a new day gets a fresh season.
  const stamp = `${GENERATOR_VERSION}:${day}:${demoLeagueIds(opts.leagues).join(",")}`;
  const seeded = opts.force || (await demoStamp(db)) !== stamp;
  const data = seeded ? generateDemo(now, opts.leagues) : undefined;
  if (data) await writeDemo(db, stamp, data);

  const accountId =
    (await findAccountIdByEmail(db, DEMO_EMAIL)) ?? (await createAccount(db, DEMO_EMAIL, DEMO_PASSWORD, "growth")).id;
  await changePlan(db, accountId, "growth");
  await setTrackedLeagues(db, accountId, demoLeagueIds(opts.leagues));
  let keyId: string | undefined;
  if (opts.demoApiKey) {
    keyId = (await findKeyByHash(db, await sha256Hex(opts.demoApiKey)))?.id;
    if (!keyId) keyId = (await createApiKey(db, environment, accountId, "Demo key", undefined, opts.demoApiKey)).id;
  }
  return {
    seeded,
    day: new Date(day * 86_400_000).toISOString().slice(0, 10),
    account_id: accountId,
    key_id: keyId ?? null,
    matches: data?.matches.length ?? null,
  };
}
