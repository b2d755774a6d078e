import type { Db } from "../client";

/** The data version (migrations/0004_data_version.sql): a counter triggers bump on every write of served data. */
export const readDataVersion = async (db: Db): Promise<string | null> =>
  (await db.$client.prepare("SELECT value FROM meta WHERE key = 'data_version'").first<{ value: string }>())?.value ??
  null;
