// What the read API's data reads run on (docs/architecture.md "Edge read path": REST may be up to 1 s behind the latest
// commit). The data version (migrations/0004, bumped by triggers on every write) is read from the primary at most every
// half second per isolate and never used when older than 1 s (src/lib/revalidate.ts). The read gives a D1 Sessions API
// bookmark; each request reads through its own session started from it, so any replica that answers has applied at
// least that commit: what the response cache files under version V holds data of V or later, never older. A key lookup
// offers its own newer read too (src/core/auth/key-records.ts), so the session is also at least as recent as the key
// record the request was admitted with: a replica can never show an account leagues its record no longer has.
import { drizzle } from "drizzle-orm/d1";
import { RevalidatingCache } from "../../lib/revalidate";
import type { Db } from "./client";
import { readDataVersion } from "./queries/meta";

export interface DataView {
  /** The data version (null before the first write); keys the response caches. */
  version: string | null;
  /** Where the primary stood when `version` was read (null: unknown, then sessions start at the primary). */
  bookmark: string | null;
}

export const DATA_FRESH_MS = 500;
export const DATA_MAX_AGE_MS = 1000;

const views = new RevalidatingCache<DataView>({ freshMs: DATA_FRESH_MS, maxAgeMs: DATA_MAX_AGE_MS, max: 1 });

/**
 * A request's reads: a D1 session at least as recent as the view (any replica that has caught up, or the primary).
 * One session per view and binding, shared by the requests that use the view (at most 1 s): a session's reads only
 * move forward, and building it per request cost a session and a drizzle instance each, for warm reads that make no
 * query at all.
 */
export function sessionDb(env: Env, view: DataView): Db {
  const known = sessions.get(view);
  if (known?.binding === env.DB) return known.db;
  const db = sessionOf(env.DB.withSession(view.bookmark ?? "first-primary"));
  sessions.set(view, { binding: env.DB, db });
  return db;
}
const sessions = new WeakMap<DataView, { binding: D1Database; db: Db }>();

// A Sessions API session has the handle's `prepare` and `batch`: all that drizzle's D1 driver calls.
const sessionOf = (session: D1DatabaseSession): Db => drizzle(session as unknown as D1Database);

/** The data as this isolate may serve it now: version at most 1 s old, and the session to read it through. */
export const currentData = (env: Env): Promise<DataView> =>
  views.get("", async () => {
    const session = env.DB.withSession("first-primary");
    const version = await readDataVersion(sessionOf(session));
    return { version, bookmark: session.getBookmark() };
  });

/** Another primary read (the key lookup, src/core/auth/key-records.ts) saw `version` at `bookmark`, starting at `readAt`. */
export const offerDataVersion = (version: string | null, bookmark: string | null, readAt: number) =>
  views.offer("", () => ({ version, bookmark }), readAt);

/** This isolate just committed a write: the next read asks the primary again. */
export const dataChanged = () => views.forget();
