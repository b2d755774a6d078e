// One HTTP exchange with a provider: GET with its key, bounded in time. A timeout or a network failure is a FeedError
// (the poller backs off); anything that answered is handed back with its text, to be checked by the adapter.
import { FeedError } from "./model";

export async function exchange(
  fetcher: (url: string, init: RequestInit) => Promise<Response>,
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  path: string,
): Promise<{ res: Response; text: string } | FeedError> {
  try {
    const res = await fetcher(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    return { res, text: await res.text() };
  } catch (err) {
    const timeout = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    return new FeedError(
      timeout ? `${path}: no answer within ${timeoutMs / 1000} s` : `${path}: ${String(err)}`,
      "timeout",
    );
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
