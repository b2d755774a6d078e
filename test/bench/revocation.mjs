// P11: time from a key's revocation to its first 401 on a warm isolate
// (docs/security-and-limits.md "Revocation bounds": ≤ 2 s). Two ways in: the admin API (the isolate that revokes
// forgets the key's record at once), and a write straight to D1 that no isolate is told of, as a revocation handled by
// another isolate looks to this one (revalidation alone).
import { performance } from "node:perf_hooks";
import { pct, pinAll, sleep } from "./lib.mjs";

const SAMPLES = Number(process.env.P11_SAMPLES ?? 20);

async function newKey(w, i) {
  const res = await w.admin("POST", `/accounts/${w.demoAccountId}/keys`, { name: `p11 ${i}` });
  if (!res.ok) throw new Error(`key: ${res.status}`);
  return res.json();
}

/** Polls with `key` (one request at a time) until the first 401; ms since `t0`. */
async function firstRefusal(url, key, t0) {
  for (;;) {
    const res = await fetch(url, { headers: { "x-api-key": key } });
    await res.arrayBuffer();
    if (res.status === 401) return performance.now() - t0;
    if (res.status !== 200) throw new Error(`P11: HTTP ${res.status}`);
  }
}

async function sample(w, url, i, how) {
  const k = await newKey(w, `${how} ${i}`);
  // Warm: the record is in the isolate's memory, read up to 0.8 s ago (spread over the 1 s freshness window).
  for (let j = 0; j < 5; j++) await (await fetch(url, { headers: { "x-api-key": k.key } })).arrayBuffer();
  await sleep((i * 137) % 800);
  const t0 = performance.now();
  if (how === "admin") {
    const res = await w.admin("DELETE", `/keys/${k.id}`);
    if (res.status !== 204) throw new Error(`revoke: ${res.status}`);
  } else {
    await w.db.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ?").bind(new Date().toISOString(), k.id).run();
  }
  return firstRefusal(url, k.key, t0);
}

export async function p11(w) {
  pinAll();
  const url = `${w.base}/v1/football/leagues`;
  const out = {};
  for (const how of ["admin", "elsewhere"]) {
    const times = [];
    for (let i = 0; i < SAMPLES; i++) times.push(await sample(w, url, i, how));
    out[how] = { p50: pct(times, 50), p99: pct(times, 99), max: Math.max(...times), n: times.length };
  }
  return out;
}
