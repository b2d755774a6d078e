// Keyset cursor for the match list: the (kickoff_ts, id) of the last row of a page, base64url-encoded.
export interface Cursor {
  kickoffTs: number;
  id: string;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function encodeCursor(c: Cursor): string {
  return btoa(`${c.kickoffTs}:${c.id}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Returns null for anything that is not a cursor this service produced. */
export function decodeCursor(raw: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(raw)) return null;
  let text: string;
  try {
    text = atob(raw.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const m = /^(\d{1,12}):(.+)$/.exec(text);
  if (!m || !ID.test(m[2]!)) return null;
  return { kickoffTs: Number(m[1]), id: m[2]! };
}
