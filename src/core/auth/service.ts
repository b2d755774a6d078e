// Account and key lifecycle. The admin API (and later the dashboard) call these; nothing else writes keys.
import type { Plan, Scope } from "../domain/codes";
import { PLANS, SCOPES } from "../domain/codes";
import { limitsOf, type ScaleVars } from "../limits/plans";
import { dbFor, type Db } from "../db/client";
import { entitlementsChanged } from "./entitlement-signal";
import {
  accountExists,
  accountPlan,
  findAccountByEmail,
  insertAccount,
  insertKey,
  keyOwner,
  replaceTrackedLeagues,
  revokeKey,
  setPlan,
} from "../db/queries/accounts";
import { leagueIdsExist } from "../db/queries/leagues";
import { ApiError, badRequest } from "../errors";
import { base62, generateKey, prefixFor, sha256Hex } from "./keys";
import { forgetAccountKeys, forgetKey } from "./key-records";
import { hashPassword } from "./password";
import { rfc3339 } from "../../lib/time";

const newId = (prefix: string) => `${prefix}_${base62(crypto.getRandomValues(new Uint8Array(16)), 22)}`;
const now = () => rfc3339();

export async function createAccount(db: Db, email: string, password: string | undefined, plan: Plan) {
  const id = newId("acc");
  const passwordHash = password ? await hashPassword(password) : null;
  if (!(await insertAccount(db, { id, email, passwordHash, plan, createdAt: now() }))) {
    throw new ApiError(409, "invalid_request", "an account with this email already exists");
  }
  return { id };
}

export const findAccountIdByEmail = async (db: Db, email: string) => (await findAccountByEmail(db, email))?.id;

async function requireAccount(db: Db, accountId: string) {
  if (!(await accountExists(db, accountId))) throw new ApiError(404, "not_found", "account not found");
}

/**
 * Plan change (admin API, dashboard): written, then every Durable Object holding the account's sockets is told
 * (socket budgets shrink at once). `writePlan` alone is for accounts without open sockets (seeding).
 */
export async function changePlan(env: Env, accountId: string, plan: Plan) {
  await writePlan(dbFor(env.DB), accountId, plan);
  forgetAccountKeys(accountId);
  await entitlementsChanged(env, accountId);
}

export async function writePlan(db: Db, accountId: string, plan: Plan) {
  if (!(await setPlan(db, accountId, plan))) throw new ApiError(404, "not_found", "account not found");
}

/** Tracked leagues (admin API, dashboard): written, then the account's socket holders are told. */
export async function setTrackedLeagues(env: Env, accountId: string, leagueIds: string[]) {
  await writeTrackedLeagues(dbFor(env.DB), accountId, leagueIds);
  forgetAccountKeys(accountId);
  await entitlementsChanged(env, accountId);
}

/** The write alone, for accounts without open sockets (seeding, sign-up). */
export async function writeTrackedLeagues(db: Db, accountId: string, leagueIds: string[]) {
  await requireAccount(db, accountId);
  const unique = [...new Set(leagueIds)];
  const known = new Set(await leagueIdsExist(db, unique));
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length > 0) throw badRequest("league_ids", `unknown league ${unknown.slice(0, 5).join(", ")}`);
  await replaceTrackedLeagues(db, accountId, unique);
}

/** Active keys per plan (the scale plan's from the deployment's SCALE_PLAN_KEYS). */
const keyCaps = (env: ScaleVars): Record<Plan, number> =>
  Object.fromEntries(PLANS.map((p) => [p, limitsOf(env, p).keys])) as Record<Plan, number>;

/**
 * Issues a key for the deployment's environment. `value` lets the demo set a known key; it must already
 * have the right prefix and format. The raw key is returned once and never stored.
 */
export async function createApiKey(
  db: Db,
  environment: string,
  accountId: string,
  name: string,
  scopes: readonly Scope[] = SCOPES,
  value?: string,
  limits: ScaleVars = {},
) {
  await requireAccount(db, accountId);
  const key = value ?? generateKey(prefixFor(environment));
  const id = newId("key");
  const keyHash = await sha256Hex(key);
  const created = await insertKey(
    db,
    {
      id,
      accountId,
      name,
      keyHash,
      prefix: prefixFor(environment),
      last4: key.slice(-4),
      scopes: [...new Set(scopes)].join(" "),
      createdAt: now(),
    },
    keyCaps(limits),
  );
  if (!created) {
    const { plan } = (await accountPlan(db, accountId))!;
    const cap = keyCaps(limits)[plan];
    throw new ApiError(403, "plan_limit", `the ${plan} plan allows ${cap} active keys; revoke one to create another`);
  }
  forgetKey(keyHash);
  return { id, key };
}

/**
 * Revokes in D1 first, then forgets the account's key records in this isolate (its next request fails; other isolates
 * within 2 s, src/core/auth/key-records.ts), then the change signal closes the key's open sockets with 1008.
 */
export async function revokeApiKey(env: Env, keyId: string) {
  const db = dbFor(env.DB);
  if (!(await revokeKey(db, keyId, now()))) throw new ApiError(404, "not_found", "key not found");
  const owner = (await keyOwner(db, keyId))!;
  forgetAccountKeys(owner);
  await entitlementsChanged(env, owner);
}

/** Dashboard revocation: only the account's own keys (another account's key id is "not found"). */
export async function revokeOwnKey(env: Env, accountId: string, keyId: string) {
  if ((await keyOwner(dbFor(env.DB), keyId)) !== accountId) throw new ApiError(404, "not_found", "key not found");
  await revokeApiKey(env, keyId);
}
