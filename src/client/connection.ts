// When the /live page reconnects, and what it tells the user about a closed or refused connection. Pure.
//
// A browser learns nothing about a refused WebSocket upgrade: the server's 401/404/429 becomes a close with code 1006
// and no reason. So when a socket closes before it ever opened, the page asks the same URL over plain HTTP with the
// key in a header (a "probe"): the key check answers as it did for the upgrade (401 problem+json with a code, or 404
// for a match), and a 426 ("needs an upgrade") means the key and match were fine, so the upgrade was refused by the
// one check that comes after it, the plan's concurrent-connection budget (src/api/ws.ts).

export type Stream = "live" | "match";

export interface Verdict {
  /** What to tell the user, in words. */
  message: string;
  /** Whether to try again (after `delayMs`, or the backoff's next delay). */
  retry: boolean;
  delayMs?: number;
}

/**
 * The wait before reconnecting after `failures` (≥ 1) failures in a row: up to 1 s, 2 s, 4 s … 30 s, drawn between
 * half and all of that so that clients dropped together do not all come back at once.
 */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(30_000, 1000 * 2 ** Math.min(Math.max(failures, 1) - 1, 15));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Failures in a row after this close (`openForMs`: how long the socket was open, null if it never opened). One that
 * stayed open 10 s starts the count over; one that keeps dropping at once keeps backing off.
 */
export const failuresAfter = (failures: number, openForMs: number | null) =>
  openForMs !== null && openForMs >= 10_000 ? 1 : failures + 1;

/** The close frames the server sends (src/core/live/stream-holder.ts, workers/match-room.ts) and the usual network ones. */
export function afterClose(code: number, reason: string, stream: Stream): Verdict {
  if (code === 1000 && reason === "match finished")
    return { message: "Full time: this match has finished, so its stream has ended.", retry: false };
  if (code === 1008) {
    if (reason === "api key revoked") return { message: "This API key was revoked.", retry: false };
    if (reason === "league no longer tracked")
      return { message: "Your account no longer tracks this league.", retry: false };
    if (reason === "connection budget of the plan lowered")
      return { message: "Your plan now allows fewer live connections, so this one was closed.", retry: false };
    return { message: `The server closed the connection: ${reason || "policy violation"}.`, retry: false };
  }
  if (code === 1009)
    return { message: "The server closed the connection: this page sent a message that was too big.", retry: true };
  if (code === 1001 || code === 1012) return { message: "The server is restarting.", retry: true };
  return { message: stream === "live" ? "The live connection dropped." : "The match connection dropped.", retry: true };
}

/** What the server answered over HTTP: a status (0 when it could not be reached) and the problem+json fields. */
export interface Answer {
  status: number;
  code?: string;
  detail?: string;
  /** Seconds, from `Retry-After`. */
  retryAfter?: number;
}

/**
 * Words for a refused request: a REST call (`need` = its scope) or a socket probe (see the top of this file).
 * `accepted`: the same key was accepted earlier on this page (its socket opened), so a plain 401 now means revoked.
 */
export function refusal(
  a: Answer,
  need: "stream:websocket" | "read:matches" | "read:leagues",
  accepted = false,
): Verdict {
  if (a.status === 0) return { message: "The server cannot be reached.", retry: true };
  if (a.status === 401) {
    if (accepted && a.code === "invalid_api_key") return { message: "This API key was revoked.", retry: false };
    if (a.code === "insufficient_scope")
      return { message: `This API key lacks the ${need} scope the scoreboard needs.`, retry: false };
    if (a.code === "wrong_environment")
      return { message: `This API key is for another deployment: ${a.detail ?? "check its prefix"}`, retry: false };
    return {
      message: "This API key was not accepted: check that it is complete and has not been revoked.",
      retry: false,
    };
  }
  if (a.status === 404) return { message: "This match is not in your tracked leagues.", retry: false };
  if (a.status === 429) {
    return {
      message: "This API key has used up its requests for this minute.",
      retry: true,
      delayMs: (a.retryAfter ?? 30) * 1000,
    };
  }
  if (a.status === 426)
    return {
      message:
        "The server refused the live connection: this API key already has as many live connections open as its plan allows. Close another tab or client using it.",
      retry: true,
    };
  return { message: `The server refused the connection (HTTP ${a.status}).`, retry: true };
}
