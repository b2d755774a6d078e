// PBKDF2-SHA256 with a per-user salt. 100k iterations is the most the Workers runtime allows.
import { hexOf } from "./keys";

const ITERATIONS = 100_000;
const enc = new TextEncoder();
const unhex = (s: string) => new Uint8Array(s.match(/../g)!.map((h) => parseInt(h, 16)));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey("raw", enc.encode(password), "PBKDF2", false, ["deriveBits"]);
  return crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
}

/** `pbkdf2-sha256$<iterations>$<salt hex>$<hash hex>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `pbkdf2-sha256$${ITERATIONS}$${hexOf(salt)}$${hexOf(await derive(password, salt, ITERATIONS))}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iter, salt, hash] = stored.split("$");
  if (scheme !== "pbkdf2-sha256" || !iter || !salt || !hash) return false;
  const got = new Uint8Array(await derive(password, unhex(salt), Number(iter)));
  const want = unhex(hash);
  // Constant-time: compare every byte whatever the first difference.
  let diff = got.length ^ want.length;
  for (let i = 0; i < want.length; i++) diff |= (got[i] ?? 0) ^ want[i]!;
  return diff === 0;
}
