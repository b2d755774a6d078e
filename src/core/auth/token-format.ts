// Browser token format (docs/security-and-limits.md "Browser tokens"): `tk_live_`/`tk_test_` + base64url of a random
// 96-bit nonce and the token's claims sealed with AES-256-GCM under a key derived from the TOKEN_SEALING_KEY Worker
// secret. Nothing is stored when a token is minted: the token carries its parent (a key's or an OAuth grant's id),
// account, scopes, restrictions and expiry, and only this deployment can have made it (GCM authenticates; a changed
// byte fails to open). The claims are opaque to their holder. A token is told from a key by its prefix alone.
import { z } from "zod";
import { ByteLru } from "../../lib/lru";
import { sealingKey as tokenKey } from "../../lib/sealing-key";

export type TokenPrefix = "tk_live_" | "tk_test_";
/**
 * The longest token this deployment mints or accepts, in characters after the prefix: the largest mint (50 match and
 * 50 league ids of 64 characters, every scope) seals to about 9,250, so 12 KiB holds it with room for longer account
 * and key ids, and still fits a URL's `?api_key=` (Cloudflare's URL limit is 16 KiB). A mint that would not fit is
 * refused (tokens.ts), so every token minted is one this pattern accepts.
 */
export const TOKEN_MAX_CHARS = 12 * 1024;
/** 12 bytes of nonce and 16 of tag at least (40 characters); TOKEN_MAX_CHARS at most. */
export const TOKEN_PATTERN = new RegExp(`^tk_(live|test)_[0-9A-Za-z_-]{40,${TOKEN_MAX_CHARS}}$`);

export const isToken = (credential: string) => credential.startsWith("tk_");

/** The prefix this deployment issues and accepts: production is live, everything else test. */
export const tokenPrefixFor = (environment: string): TokenPrefix =>
  environment === "production" ? "tk_live_" : "tk_test_";

/** What a token says of itself (short names: they travel in every request). */
export const TokenClaims = z.object({
  /** Token id (for logs and support; never a lookup). */
  i: z.string(),
  /** Account. */
  a: z.string(),
  /** Parent: a key's id or a grant's, exactly one. */
  k: z.string().nullable(),
  g: z.string().nullable(),
  /** Scopes, space-separated. */
  s: z.string(),
  /** Restrictions: match ids, league ids (null: none). */
  m: z.array(z.string()).nullable(),
  l: z.array(z.string()).nullable(),
  /** Expiry, epoch milliseconds. */
  e: z.number(),
});
export type TokenClaims = z.infer<typeof TokenClaims>;

const enc = new TextEncoder();
const dec = new TextDecoder();
// Fail closed: a deployment without the secret mints nothing and accepts no token.
const sealingKey = (env: Pick<Env, "TOKEN_SEALING_KEY">) =>
  tokenKey(env.TOKEN_SEALING_KEY, "browser-tokens", "TOKEN_SEALING_KEY");

const toBase64Url = (bytes: Uint8Array) => {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};
const fromBase64Url = (s: string) =>
  Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
/**
 * The bytes of `s`, or null unless `s` is their canonical unpadded base64url spelling: a last character whose spare
 * bits are set (or a length no encoding has) would otherwise decode to the same bytes, giving every token several
 * spellings that all work.
 */
const canonicalBytes = (s: string) => {
  const bytes = fromBase64Url(s);
  return toBase64Url(bytes) === s ? bytes : null;
};

/** The prefix's text is authenticated with the claims: a test token cannot be relabelled live. */
export async function sealToken(env: Pick<Env, "TOKEN_SEALING_KEY">, prefix: TokenPrefix, claims: TokenClaims) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: enc.encode(prefix) },
    await sealingKey(env),
    enc.encode(JSON.stringify(claims)),
  );
  const out = new Uint8Array(12 + sealed.byteLength);
  out.set(iv);
  out.set(new Uint8Array(sealed), 12);
  return prefix + toBase64Url(out);
}

/**
 * Opened tokens per isolate: a token never changes, so a warm token costs a map lookup, not a decryption. Bounded by
 * bytes, not count (a token is up to 12 KiB, and an isolate has 128 MB): the least recently used is evicted and opened
 * again when it comes back. Tokens that fail to open are not remembered (they cost one decryption each).
 */
export const OPENED_MAX_BYTES = 8 * 1024 * 1024;
const opened = new ByteLru<TokenClaims>(OPENED_MAX_BYTES);
/** What one opened token holds in memory, estimated: the token and its claims' strings (two bytes a character). */
const openedBytes = (token: string, c: TokenClaims) =>
  128 +
  2 * (token.length + c.i.length + c.a.length + (c.k ?? c.g ?? "").length + c.s.length) +
  (c.m ?? []).reduce((n, id) => n + 32 + 2 * id.length, 0) +
  (c.l ?? []).reduce((n, id) => n + 32 + 2 * id.length, 0);

/** The opened-token cache's estimated bytes and entries (tests and the capacity model read it). */
export const openedTokenCache = () => ({ bytes: opened.bytes, entries: opened.size });

/** The token's claims, or null when this deployment did not make it (or it was changed). Expiry is the caller's. */
export async function openToken(env: Pick<Env, "TOKEN_SEALING_KEY">, token: string): Promise<TokenClaims | null> {
  const known = opened.get(token);
  if (known) return known;
  const prefix = token.slice(0, 8);
  let claims: TokenClaims;
  try {
    const bytes = canonicalBytes(token.slice(8));
    if (!bytes || bytes.length < 12 + 16) return null;
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.subarray(0, 12), additionalData: enc.encode(prefix) },
      await sealingKey(env),
      bytes.subarray(12),
    );
    claims = TokenClaims.parse(JSON.parse(dec.decode(plain)));
  } catch (e) {
    if (e instanceof Error && e.message.startsWith("TOKEN_SEALING_KEY")) throw e;
    return null;
  }
  opened.set(token, claims, openedBytes(token, claims));
  return claims;
}
