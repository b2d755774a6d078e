// What the warm read (src/api/warm-read.ts) learned of a request before leaving it to the app: who is asking (or why
// they were refused) and the data version. The app's key step (./require-key.ts) takes them from here instead of
// building the principal and reading the data version a second time. Keyed by the Request the app is handed, so
// nothing outlives the request.
import type { ApiPrincipal } from "../core/auth/principal";
import type { DataView } from "../core/db/data-view";

export interface WarmStart {
  /** The credential as a principal, or the error its check threw (the app words it). */
  who: { principal: ApiPrincipal } | { refused: unknown };
  /** The data version as read for this request. */
  data?: DataView;
}

const started = new WeakMap<Request, WarmStart>();

export const leaveToApp = (request: Request, start: WarmStart) => void started.set(request, start);

export const warmStartOf = (request: Request): WarmStart | undefined => started.get(request);
