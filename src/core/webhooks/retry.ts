// The contract's retry schedule (docs/webhooks.md "Delivery"). Attempt 1 is the first delivery; after a failed
// attempt n the message comes back after RETRY_DELAYS_S[n - 1] seconds (Queues' per-message `retry({ delaySeconds })`).
// After the last one fails it goes to the dead-letter queue: wrangler.toml's `max_retries` equals the number of delays.

export const RETRY_DELAYS_S = [5, 30, 120, 600, 1800, 7200, 18000, 36000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;
/** An endpoint whose attempts have all failed for this long is disabled. */
export const DISABLE_AFTER_S = 3 * 86_400;
/** Time allowed for a 2xx answer (headers and the excerpt of the body). */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * The delays in force: the contract's, or (staging and local only, for tests that walk a message to the dead-letter
 * queue in seconds) WEBHOOK_RETRY_DELAYS when it lists exactly as many whole seconds.
 */
export function retryDelays(env: Pick<Env, "ENVIRONMENT" | "WEBHOOK_RETRY_DELAYS">): readonly number[] {
  const raw = String(env.WEBHOOK_RETRY_DELAYS ?? "");
  if (env.ENVIRONMENT === "production" || raw === "") return RETRY_DELAYS_S;
  const given = raw.split(",").map((s) => Number(s.trim()));
  const valid = given.length === RETRY_DELAYS_S.length && given.every((n) => Number.isInteger(n) && n >= 0);
  return valid ? given : RETRY_DELAYS_S;
}

/** Seconds before the attempt after `attempt`, or null when `attempt` was the last. */
export function delayAfter(attempt: number, delays: readonly number[] = RETRY_DELAYS_S): number | null {
  return attempt >= 1 && attempt <= delays.length ? delays[attempt - 1]! : null;
}
