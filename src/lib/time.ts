// Times as the API stores and serves them.

/** RFC 3339 UTC to the second, `2026-05-01T18:30:00Z` (no milliseconds): every stored and served timestamp. */
export const rfc3339 = (ms: number = Date.now()) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/** The UTC calendar day of an instant, `YYYY-MM-DD`. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
