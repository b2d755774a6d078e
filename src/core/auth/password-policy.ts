// The one password rule, for dashboard sign-up and the admin API alike (docs/security-and-limits.md "Abuse limits"): 10
// to 256 characters, not a common password, not one character repeated, not the account's email.
import { z } from "zod";
import { COMMON_PASSWORDS } from "./common-passwords";

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

let common: Set<string> | undefined;
/** Case-insensitive: "Password123" is as guessable as "password123" (NIST SP 800-63B §3.1.1.2 blocklists). */
export const isCommonPassword = (password: string) =>
  (common ??= new Set(COMMON_PASSWORDS.split("\n"))).has(password.toLowerCase());

// Messages are shown as they are on the sign-up page, and name the rule in the admin API's 400.
export const Password = z
  .string()
  .min(PASSWORD_MIN, { error: `The password needs at least ${PASSWORD_MIN} characters.`, abort: true })
  .max(PASSWORD_MAX, { error: `The password can have at most ${PASSWORD_MAX} characters.`, abort: true })
  // Credential stuffing and spraying try the most common passwords first.
  .refine((p) => !isCommonPassword(p), "This password is too common; choose another.")
  // "aaaaaaaaaa" passes a length rule but is among the first guesses of any cracker.
  .refine((p) => !/^(.)\1*$/su.test(p), "The password cannot be one character repeated.");

/** Refinement for a schema with `email` and `password`: the email (or its local part) is the first thing guessed. */
export function passwordNotEmail(v: { email: string; password?: string | undefined }, ctx: z.RefinementCtx): void {
  if (v.password === undefined) return;
  const p = v.password.toLowerCase();
  const email = v.email.toLowerCase();
  if (p === email || p === email.slice(0, email.lastIndexOf("@"))) {
    ctx.addIssue({ code: "custom", path: ["password"], message: "The password cannot be your email address." });
  }
}

export const Email = z.email().max(254);

/** Sign-up credentials (the dashboard form); the admin API adds a plan and makes the password optional. */
export const Credentials = z.object({ email: Email, password: Password }).superRefine(passwordNotEmail);
