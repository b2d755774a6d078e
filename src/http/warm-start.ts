// What the warm read (src/api/warm-read.ts) learned of a request before leaving it to the app: who is asking (or why
// they were refused) and the data version. The app's key step (./require-key.ts) takes them from here instead of
// building the principal and reading the data version a second time. Keyed by the Request the app is handed, so
// nothing outlives the request.
import type { ApiPrincipal } from "../core/auth/principal";
import type { DataView } from "../core/db/data-view";
import type { ApiError } from "../core/errors";

export interface WarmStart {
  /**
   * The credential as a principal, or the refusal its check gave (an ApiError: the app words it). Absent when the
   * check failed otherwise (a D1 error): the app checks again.
   */
  who?: { principal: ApiPrincipal } | { refused: ApiError };
  /** The data version as read for this request. */
  data?: DataView;
}

const started = new WeakMap<Request, WarmStart>();

export const leaveToApp = (request: Request, start: WarmStart) => void started.set(request, start);

export const warmStartOf = (request: Request): WarmStart | undefined => started.get(request);
