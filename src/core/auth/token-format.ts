// Browser token format (docs/security-and-limits.md "Browser tokens"): `tk_live_`/`tk_test_` + 32 random bytes in
// base62, like keys, so a token is told from a key by its prefix alone.
import { base62 } from "./keys";

export type TokenPrefix = "tk_live_" | "tk_test_";
export const TOKEN_PATTERN = /^tk_(live|test)_[0-9A-Za-z]{43}$/;

export const isToken = (credential: string) => credential.startsWith("tk_");

/** The prefix this deployment issues and accepts: production is live, everything else test. */
export const tokenPrefixFor = (environment: string): TokenPrefix =>
  environment === "production" ? "tk_live_" : "tk_test_";

export const generateToken = (prefix: TokenPrefix) => prefix + base62(crypto.getRandomValues(new Uint8Array(32)));
