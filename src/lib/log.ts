// Structured logs: one JSON line per event, for Workers Logs (observability) or `wrangler tail`.
// Never a credential: no URL query, no headers, no bodies; a key's id at most.
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export function log(level: "info" | "warn" | "error", msg: string, fields: LogFields = {}) {
  const line = JSON.stringify({ level, msg, ts: new Date().toISOString(), ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}
