// The AES-256-GCM key a Worker secret seals with: SHA-256 of `<purpose>:<secret>`, imported once per isolate. One
// secret per purpose (browser tokens, webhook signing secrets); the purpose label keeps two purposes' keys apart even
// if one secret were reused for both.

const enc = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/**
 * `material`: the secret's value; `name`: its binding, for the error. Fails closed: without a secret of at least 16
 * characters nothing is sealed or opened.
 */
export function sealingKey(material: string | undefined, purpose: string, name: string): Promise<CryptoKey> {
  if (!material || material.length < 16) throw new Error(`${name} is not set (at least 16 characters)`);
  const id = `${purpose}:${material}`;
  let key = keys.get(id);
  if (!key) {
    key = crypto.subtle
      .digest("SHA-256", enc.encode(id))
      .then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
    keys.set(id, key);
  }
  return key;
}
