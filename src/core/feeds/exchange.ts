// One HTTP exchange with a provider: GET with its key, bounded in time and in size. A timeout, a network failure or
// an answer over the cap is a FeedError (the poller backs off); anything else that answered is handed back with its
// text, to be checked by the adapter.
import { FeedError } from "../sources/contract";

/** The largest answer read (docs/feeds.md "Faults and backoff"): a bigger one is refused, unread where it says so. */
export const MAX_ANSWER_BYTES = 10 * 1024 * 1024;

export async function exchange(
  fetcher: (url: string, init: RequestInit) => Promise<Response>,
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  path: string,
  maxBytes = MAX_ANSWER_BYTES,
): Promise<{ res: Response; text: string } | FeedError> {
  // A timer cleared once the answer is read (AbortSignal.timeout would stay armed for the whole bound: an isolate
  // holds at most 10,000 timers, and a poller making calls faster than the bound piled them up).
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new DOMException("timed out", "TimeoutError")), timeoutMs);
  try {
    const res = await fetcher(url, { headers, signal: abort.signal });
    const text = await readCapped(res, maxBytes);
    if (text === undefined)
      return new FeedError(`${path}: the answer is over ${maxBytes / 1024 / 1024} MiB; refused unread`, "provider");
    return { res, text };
  } catch (err) {
    const timeout = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    return new FeedError(
      timeout ? `${path}: no answer within ${timeoutMs / 1000} s` : `${path}: ${String(err)}`,
      "timeout",
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The body as text, or undefined when it is larger than `max` bytes: refused before reading when its
 * Content-Length says so, else read until it passes the cap and then cancelled (a chunked answer states no length).
 */
async function readCapped(res: Response, max: number): Promise<string | undefined> {
  const declared = Number(res.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel();
    return undefined;
  }
  if (!res.body) return "";
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** The answer's JSON; a body that is not JSON (a proxy's error page) becomes `{ message }` for the adapter's check. */
export function parseBody(text: string): unknown {
  if (text === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 200) };
  }
}

/** A bounded fingerprint of an answer (SHA-256, hex): the same-answer check keeps this, never the text. */
export async function fingerprint(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
