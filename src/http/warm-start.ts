// What the warm read (src/api/warm-read.ts) learned of a request before leaving it to the app: who is asking (or why
// they were refused) and the data version. It is handed to the app with the request, as the app's bindings with this
// one value added (`withWarmStart`, src/entry.ts), and the app's key step (./require-key.ts) takes it from there
// instead of building the principal and reading the data version a second time. Nothing outlives the request.
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

/** The app's bindings for one request the warm read left to it: the Worker's, with what it learned on top. */
export type AppBindings = Env & { readonly warmStart?: WarmStart };

/** `env` with `start` added, for one request: the bindings are read through it unchanged (nothing is copied). */
export const withWarmStart = (env: Env, start: WarmStart): AppBindings =>
  Object.create(env, { warmStart: { value: start, enumerable: false } }) as AppBindings;
