// Sign-up and sign-in for the dashboard, with throttling of failed attempts per account and per client IP.
import type { Db } from "../db/client";
import { allLeagues } from "../db/queries/leagues";
import { failureCounts, findAccountForSignIn, recordFailures } from "../db/queries/sessions";
import { hashPassword, verifyPassword } from "./password";
import { createAccount, writeTrackedLeagues } from "./service";

const WINDOW_MS = 15 * 60_000;
/** Failed attempts allowed per window: guessing one account's password, or spraying from one address. */
export const MAX_FAILURES = { account: 5, ip: 20 };

export type SignInResult = { ok: true; accountId: string } | { ok: false; throttled: boolean; retryAfterMin?: number };

// A fixed hash to verify against when the email is unknown, so both cases take the same time (no user enumeration).
let dummyHash: Promise<string> | undefined;

export async function signIn(
  db: Db,
  email: string,
  password: string,
  ip: string,
  now = Date.now(),
): Promise<SignInResult> {
  const windowStart = now - (now % WINDOW_MS);
  const subjects = [`account:${email.toLowerCase()}`, `ip:${ip}`];
  const [byAccount, byIp] = await failureCounts(db, subjects, windowStart);
  if (byAccount! >= MAX_FAILURES.account || byIp! >= MAX_FAILURES.ip) {
    return { ok: false, throttled: true, retryAfterMin: Math.ceil((windowStart + WINDOW_MS - now) / 60_000) };
  }
  const account = await findAccountForSignIn(db, email);
  dummyHash ??= hashPassword("not a password");
  const valid = await verifyPassword(password, account?.passwordHash ?? (await dummyHash));
  if (!account || !account.passwordHash || !valid) {
    await recordFailures(db, subjects, windowStart);
    return { ok: false, throttled: false };
  }
  return { ok: true, accountId: account.id };
}

/** A new account on the trial plan, tracking every league (the user narrows it down on the Leagues page). */
export async function signUp(db: Db, email: string, password: string): Promise<string> {
  const { id } = await createAccount(db, email, password, "trial");
  await writeTrackedLeagues(
    db,
    id,
    (await allLeagues(db)).map((l) => l.id),
  );
  return id;
}
