import { env, exports } from "cloudflare:workers";
import { generateKey } from "../../src/core/auth/keys";
import { dbFor } from "../../src/core/db/client";
import { seedDemo } from "../../src/demo/seed";

/** A small slice of the demo (fast to seed): domestic league, continental, cup; two basketball leagues. */
export const TEST_LEAGUES = ["eng1", "ucl", "facup", "euroleague", "acb"] as const;

export interface Seeded {
  key: string;
  accountId: string;
  keyId: string;
}

/** Seeds the demo slice into this test file's D1 and returns a key of the demo account (all scopes). */
export async function seed(leagues: readonly string[] = TEST_LEAGUES, now?: Date): Promise<Seeded> {
  const key = generateKey("sk_test_");
  const res = await seedDemo(env, { demoApiKey: key, leagues, now });
  return { key, accountId: res.account_id, keyId: res.key_id! };
}

export const today = () => new Date().toISOString().slice(0, 10);

export function get(path: string, key?: string, headers: Record<string, string> = {}) {
  const h: Record<string, string> = { ...headers };
  if (key) h["x-api-key"] = key;
  return exports.default.fetch(`http://127.0.0.1:8787${path}`, { headers: h });
}

export async function getJson<T = any>(path: string, key?: string, headers: Record<string, string> = {}) {
  const res = await get(path, key, headers);
  return { status: res.status, headers: res.headers, body: (await res.json()) as T };
}
