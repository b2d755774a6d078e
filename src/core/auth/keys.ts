// API key format and hashing (docs/security-and-limits.md "API keys"): `sk_live_`/`sk_test_` + 32 random bytes in
// base62.
import type { Scope } from "../domain/codes";
import { SCOPES } from "../domain/codes";

export type KeyPrefix = "sk_live_" | "sk_test_";
export const KEY_PATTERN = /^sk_(live|test)_[0-9A-Za-z]{43}$/;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** 32 random bytes as a 43-digit base62 number (62^43 > 2^256, so every byte string fits). */
export function base62(bytes: Uint8Array, width = 43): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = "";
  for (let i = 0; i < width; i++) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out;
}

export function generateKey(prefix: KeyPrefix): string {
  return prefix + base62(crypto.getRandomValues(new Uint8Array(32)));
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));
const encoder = new TextEncoder();

/** Lower-case hex of bytes (a table, not a spread, map and join of a temporary array per call: hot path). */
export function hexOf(digest: ArrayBuffer | Uint8Array): string {
  const bytes = digest instanceof Uint8Array ? digest : new Uint8Array(digest);
  let out = "";
  for (let i = 0; i < bytes.length; i++) out += HEX[bytes[i]!];
  return out;
}

export async function sha256Hex(value: string): Promise<string> {
  return hexOf(await crypto.subtle.digest("SHA-256", encoder.encode(value)));
}

/** The prefix this deployment issues and accepts: production is live, everything else test. */
export const prefixFor = (environment: string): KeyPrefix => (environment === "production" ? "sk_live_" : "sk_test_");

export const parseScopes = (stored: string): Scope[] =>
  stored.split(" ").filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));

/**
 * The key a request carries. Precedence X-API-Key, Authorization: Bearer, ?api_key=; two transports with
 * different values are refused (an attacker-controlled query string must not override the header).
 * Returns undefined when none is present, null when the carriers disagree.
 */
export function extractKey(req: Request): string | undefined | null {
  const header = req.headers.get("x-api-key")?.trim() || undefined;
  const auth = req.headers.get("authorization");
  const bearer = auth && /^bearer\s+/i.test(auth) ? auth.replace(/^bearer\s+/i, "").trim() || undefined : undefined;
  const query = mayCarryQueryKey(req.url) ? (new URL(req.url).searchParams.get("api_key") ?? undefined) : undefined;
  const found = [header, bearer, query].filter((v): v is string => v !== undefined);
  if (found.length === 0) return undefined;
  if (found.some((v) => v !== found[0])) return null;
  return found[0];
}

/**
 * Whether the URL's query may hold `api_key`: the name spelled out, or any percent-escape (which could spell it). Most
 * requests carry neither, and skip parsing their URL a second time.
 */
function mayCarryQueryKey(url: string): boolean {
  const q = url.indexOf("?");
  return q >= 0 && (url.includes("api_key", q) || url.includes("%", q));
}

/** Constant-time string comparison for shared secrets (avoids leaking the match length by timing). */
export function timingSafeEqual(a: string, b: string): boolean {
  const enc = new TextEncoder();
  const x = enc.encode(a);
  const y = enc.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i % x.length] ?? 0) ^ (y[i % y.length] ?? 0);
  return diff === 0 && x.length > 0;
}
