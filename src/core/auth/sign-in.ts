// Sign-up and sign-in for the dashboard, with attempt budgets per account and per client IP.
import type { Db } from "../db/client";
import { allLeagues } from "../db/queries/leagues";
import { findAccountForSignIn } from "../db/queries/sessions";
import { attempt, HOUR_MS } from "../limits/attempts";
import { hashPassword, verifyPassword } from "./password";
import { createAccount, writeTrackedLeagues } from "./service";

const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Sign-in attempts per 15 minutes: guessing one account's password, or spraying from one address. */
export const MAX_SIGN_IN_ATTEMPTS = { account: 5, ip: 20 };
/** Sign-ups per client IP per hour: mass account creation (each a trial budget and a password hash to compute). */
export const MAX_SIGN_UPS_PER_HOUR = 5;

export type SignInResult = { ok: true; accountId: string } | { ok: false; throttled: boolean; retryAfterSec?: number };
export type SignUpResult = { ok: true; accountId: string } | { ok: false; retryAfterSec: number };

// A fixed hash to verify against when the email is unknown, so both cases take the same time (no user enumeration).
let dummyHash: Promise<string> | undefined;

/**
 * Every attempt is counted before the password is checked, atomically (brute force must not race the counter: N
 * parallel guesses use N attempts), and one over the budget is refused without a PBKDF2 run. A successful sign-in
 * gives its attempt back to both counters: the right password costs nothing, so a user sharing an address (NAT) with
 * many others is not locked out by their successes, while every wrong guess in the window stays counted (giving back
 * only the one attempt, not resetting, so a user signing in between an attacker's guesses adds none to the budget).
 */
export async function signIn(
  db: Db,
  email: string,
  password: string,
  ip: string,
  now = Date.now(),
): Promise<SignInResult> {
  const counted = await attempt(
    db,
    SIGN_IN_WINDOW_MS,
    [
      { subject: `sign-in-account:${email.toLowerCase()}`, max: MAX_SIGN_IN_ATTEMPTS.account },
      { subject: `sign-in-ip:${ip}`, max: MAX_SIGN_IN_ATTEMPTS.ip },
    ],
    now,
  );
  if (!counted.ok) return { ok: false, throttled: true, retryAfterSec: counted.retryAfterSec };
  const account = await findAccountForSignIn(db, email);
  dummyHash ??= hashPassword("not a password");
  const valid = await verifyPassword(password, account?.passwordHash ?? (await dummyHash));
  if (!account || !account.passwordHash || !valid) return { ok: false, throttled: false };
  await counted.giveBack();
  return { ok: true, accountId: account.id };
}

/**
 * A new account on the trial plan, tracking every league (the user narrows it down on the Leagues page). Counted per
 * client IP before anything is written, including attempts for an email that already exists (409).
 */
export async function signUp(db: Db, email: string, password: string, ip: string): Promise<SignUpResult> {
  const counted = await attempt(db, HOUR_MS, [{ subject: `sign-up-ip:${ip}`, max: MAX_SIGN_UPS_PER_HOUR }]);
  if (!counted.ok) return counted;
  const { id } = await createAccount(db, email, password, "trial");
  await writeTrackedLeagues(
    db,
    id,
    (await allLeagues(db)).map((l) => l.id),
  );
  return { ok: true, accountId: id };
}
