import { env, exports } from "cloudflare:workers";

export function admin(method: string, path: string, body?: unknown, token: string = env.ADMIN_TOKEN) {
  return exports.default.fetch(`http://127.0.0.1:8787/internal/admin${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Creates a key for `accountId` through the admin API. */
export async function createKey(accountId: string, scopes?: string[], name = "test key") {
  const res = await admin("POST", `/accounts/${accountId}/keys`, { name, scopes });
  if (res.status !== 201) throw new Error(`key creation failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; key: string };
}
