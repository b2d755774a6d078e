// Webhook signing secrets: made here, stored sealed, opened only to sign.
// A secret must be recoverable (HMAC needs it; unlike API keys it cannot be kept as a hash), so D1 holds it
// encrypted with AES-256-GCM under a key derived from the WEBHOOK_SECRETS_KEY Worker secret, with the endpoint id as
// associated data (a sealed secret copied onto another endpoint does not open). A copy of the database alone reveals
// no secret. Never logged; returned to the customer only when created or rotated.

import { sealingKey as secretsKey } from "../../lib/sealing-key";

const PREFIX = "whsec_";
const enc = new TextEncoder();

export const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
export const fromBase64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** `whsec_` + base64 of 32 random bytes (Standard Webhooks: 24–64 bytes). */
export const newSecret = () => PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(32)));

/** The HMAC key bytes of a `whsec_` secret, as the standardwebhooks library decodes it. */
export const secretBytes = (secret: string) =>
  fromBase64(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret);

// Fail closed: without the key there is nothing to seal with, and an unsealed secret must never be stored.
const sealingKey = (env: Pick<Env, "WEBHOOK_SECRETS_KEY">) =>
  secretsKey(env.WEBHOOK_SECRETS_KEY, "webhook-secrets", "WEBHOOK_SECRETS_KEY");

/** `v1.<iv>.<ciphertext>` (base64), bound to the endpoint id. */
export async function sealSecret(env: Pick<Env, "WEBHOOK_SECRETS_KEY">, endpointId: string, secret: string) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: enc.encode(endpointId) },
    await sealingKey(env),
    enc.encode(secret),
  );
  return `v1.${toBase64(iv)}.${toBase64(new Uint8Array(ct))}`;
}

/** Opened secrets and their HMAC keys, per isolate (a sealed value never changes; rotation writes a new one). */
const opened = new Map<string, string>();
const hmacKeys = new Map<string, Promise<CryptoKey>>();
const remember = <V>(m: Map<string, V>, k: string, v: V) => {
  if (m.size >= 1000) m.clear();
  m.set(k, v);
  return v;
};

export async function openSecret(env: Pick<Env, "WEBHOOK_SECRETS_KEY">, endpointId: string, sealed: string) {
  const cacheKey = `${env.WEBHOOK_SECRETS_KEY}\n${endpointId}\n${sealed}`;
  const known = opened.get(cacheKey);
  if (known) return known;
  const [version, iv, ct] = sealed.split(".");
  if (version !== "v1" || !iv || !ct) throw new Error("unknown sealed secret format");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64(iv), additionalData: enc.encode(endpointId) },
    await sealingKey(env),
    fromBase64(ct),
  );
  return remember(opened, cacheKey, new TextDecoder().decode(plain));
}

/**
 * The Standard Webhooks signature header: `v1,<base64 HMAC-SHA256(key, "id.timestamp.body")>` per secret,
 * space-separated (during a rotation's overlap both the new and the previous secret sign; receivers accept either).
 */
export async function signatureHeader(secrets: string[], msgId: string, timestamp: number, body: string) {
  const content = enc.encode(`${msgId}.${timestamp}.${body}`);
  const sigs = await Promise.all(
    secrets.map(async (s) => {
      const key = await (hmacKeys.get(s) ??
        remember(
          hmacKeys,
          s,
          crypto.subtle.importKey("raw", secretBytes(s), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]),
        ));
      return `v1,${toBase64(new Uint8Array(await crypto.subtle.sign("HMAC", key, content)))}`;
    }),
  );
  return sigs.join(" ");
}
