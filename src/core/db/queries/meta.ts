import type { Db } from "../client";

/**
 * The data version as the read API keys its caches: `<data>:<finished>`. `data_version` (migrations/0004) is bumped by
 * triggers on every write of served data; `finished_version` (migrations/0011) by an ingest commit that changes a
 * match that was already finished — a correction — so the answers kept for finished matches (src/api/shared-cache.ts)
 * are filed under it and a correction retires them at once. Opaque to everything else.
 */
export const DATA_VERSION_SQL =
  "((SELECT value FROM meta WHERE key = 'data_version') || ':' || coalesce((SELECT value FROM meta WHERE key = 'finished_version'), '0'))";

/** The finished part of a data version (see DATA_VERSION_SQL). */
export const finishedPart = (version: string | null) => version?.split(":")[1] ?? "0";

export const readDataVersion = async (db: Db): Promise<string | null> =>
  (await db.$client.prepare(`SELECT ${DATA_VERSION_SQL} AS value`).first<{ value: string | null }>())?.value ?? null;
